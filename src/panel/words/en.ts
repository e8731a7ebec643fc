// Every word the panel shows, in English: the list of what a translation must say (de.ts is typed by it,
// so a word missing there is a compile error) and the panel's words wherever English is chosen. One
// section per area of the panel, in the order of its folders. `{name}` marks a value filled in (fill());
// a word with `one` and `other` forms is chosen by count (plural()).
export const ENGLISH_PANEL_WORDS = {
  /** BCP 47: how dates and numbers are written (Intl), and the page's `lang`. */
  locale: 'en',
  /** The language's own name, as the Account page's choice lists it. */
  languageName: 'English',

  common: {
    panel: 'panel',
    svcPanel: 'svc panel',
    viewSite: 'View site',
    signOut: 'Sign out',
    navLabel: 'Panel',
    nav: {
      content: 'Content',
      media: 'Media',
      assistants: 'Assistants',
      approvals: 'Waiting for approval',
      trash: 'Trash',
      history: 'History',
      stats: 'Statistics',
      team: 'Team',
      settings: 'Settings',
      check: 'Site check',
      webhooks: 'Webhooks',
      account: 'Your account',
    },
    backToPanel: 'Back to the panel',
    notAllowed: 'Not allowed',
    pageNotAllowed: 'Your role does not allow this page.',
    actionNotAllowed: 'Your role does not allow this.',
    signedOut: 'Signed out',
    signedOutText: 'You are not signed in any more. Sign in and try again.',
    notSaved: 'Not saved',
    formExpired: 'Form expired',
    timeHeading: 'Time ({zone})',
    /** How a calendar day is written where a sentence names it (YYYY, MM and DD are replaced). */
    dayPattern: 'YYYY-MM-DD',
    pickerHint: '(optional; date and time in {zone}, where it is now {now})',
    colours: 'Colours',
    setScheme: 'Set',
    schemes: { system: 'As the system', light: 'Light', dark: 'Dark' },
    copied: 'Copied',
    formFromElsewhere: 'The form has expired or did not come from this site. Go back, reload the page and try again.',
    signedOutKeepText: 'You are not signed in any more. Sign in again in another tab, then try again; your text is still here.',
    tooManyAttempts: { one: 'Too many {what}. Try again in {count} minute.', other: 'Too many {what}. Try again in {count} minutes.' },
    signInAttempts: 'sign-in attempts',
  },

  // sign-in/ (sign-in, two-factor, sign-out)
  signIn: {
    title: 'Sign in',
    heading: 'Sign in',
    headingTo: 'Sign in to {site}',
    email: 'Email',
    password: 'Password',
    submit: 'Sign in',
    lostLink: 'Lost your password?',
    badPassword: 'The email address or the password is not right.',
    expired: 'The sign-in has expired. Sign in again.',
    signInAgain: 'Sign in again',
    wrongCode: 'The code is not right, or it was used already. Wait for the next code and try again.',
    lost: {
      title: 'Lost your password?',
      // {site}: the site's name, or theSite.
      askAdmin: 'Ask an admin of {site} for a reset link: on the panel\'s Team page, next to your name, they make a password reset link (or a two-factor reset link, if you lost the device for your codes) and give it to you. It works once, for 7 days.',
      theSite: 'the site',
      // {password} and {twoFactor}: the commands, shown as code.
      onlyAdmin: 'If you are the only admin, run this on the server, in the site\'s folder: {password} (and {twoFactor} for a lost two-factor device).',
      back: 'Back to sign-in',
    },
    code: {
      title: 'Two-factor sign-in',
      label: 'Code from your authenticator app',
      // {pattern}: what a recovery code looks like, shown as code.
      help: 'Six digits from the app, or one of your recovery codes ({pattern}) if the phone is lost.',
      submit: 'Continue',
      // {command} and {off}: shown as code.
      noCodesLeft: 'No recovery codes left either? Whoever runs this site\'s server can turn two-factor sign-in off for you (the svc command {command} with your email and {off}).',
    },
  },

  // account/ (Your account: name, password, two-factor, language)
  account: {
    title: 'Your account',
    name: 'Name',
    email: 'Email',
    role: 'Role',
    profile: {
      heading: 'Name and email',
      name: 'Name',
      email: 'Email',
      emailNote: '(you sign in with it)',
      current: 'Current password',
      currentNote: '(needed to change the email)',
      save: 'Save name and email',
    },
    password: {
      heading: 'Password',
      current: 'Current password',
      new: 'New password',
      rule: 'At least {count} characters.',
      repeat: 'New password again',
      change: 'Change password',
      note: 'You stay signed in here; everywhere else you are signed out. Tokens for assistants keep working.',
    },
    language: {
      heading: 'Panel language',
      label: 'Language of the panel',
      browser: 'The browser\'s language',
      note: 'Only the panel changes; the site keeps its own languages.',
      save: 'Save the language',
      // {value}: what was sent, cut short.
      unknown: 'The panel does not speak “{value}”. Choose one of the languages listed; nothing was changed.',
    },
    twoFactor: {
      heading: 'Two-factor sign-in',
      isOn: 'Two-factor sign-in is on.',
      isOnMore: 'Signing in asks for a code from your authenticator app.',
      noCodesLeft: 'You have no recovery codes left.',
      noCodesLeftMore: 'Make new ones so that losing your phone does not lock you out.',
      codesLeft: { one: 'You have {count} unused recovery code.', other: 'You have {count} unused recovery codes.' },
      current: 'Current password',
      newCodes: 'Make new recovery codes',
      newCodesNote: 'New codes replace the old ones: the old ones stop working at once.',
      turnOff: 'Turn two-factor sign-in off',
      codesHeading: 'Your recovery codes',
      writeDown: 'Write these down or print them now: they are shown only this once.',
      writeDownMore: 'If you lose the phone with the authenticator app, type one of them where the sign-in asks for a code. Each code works once.',
      qr: 'QR code of the address for your authenticator app',
      step1: '1. Add this key to an authenticator app: scan the QR code with it, or open the address below on this phone, or type the secret by hand.',
      secret: 'Secret',
      address: 'Address',
      openInApp: 'open in an authenticator app',
      step2: '2. The 6-digit code the app shows now',
      turnOn: 'Turn two-factor sign-in on',
      setupNote: 'Two-factor sign-in stays off until a code is right. The key is kept for 10 minutes. When it is on, you get ten recovery codes, and you are signed out everywhere else.',
      isOff: 'Two-factor sign-in is off.',
      isOffMore: 'With it on, signing in also asks for a code from an authenticator app on your phone.',
      setUp: 'Set up two-factor sign-in',
    },
    done: {
      profile: 'Your name and email were saved.',
      password: 'Your password was changed. You are signed out everywhere else.',
      twoFactorOff: 'Two-factor sign-in is off.',
      twoFactorOn: 'Two-factor sign-in is on. You are signed out everywhere else. From now on, signing in asks for a code from your app.',
      recoveryCodes: 'Your new recovery codes are below; the old ones no longer work.',
      language: 'The panel\'s language was saved.',
    },
    refused: {
      currentForEmail: 'Enter your current password to change your email address.',
      currentWrong: 'The current password is not right.',
      enterCurrent: 'Enter your current password.',
      notSame: 'The new password and its repetition are not the same.',
      alreadyOn: 'Two-factor sign-in is on already.',
      alreadyOff: 'Two-factor sign-in is off already.',
      setupExpired: 'The setup of two-factor sign-in has expired. Start it again.',
      codesNeedTwoFactor: 'Recovery codes come with two-factor sign-in, which is off.',
    },
  },

  // home/
  home: {
    title: 'Panel',
    hello: 'Hello, {name}',
    signedInAs: 'Signed in as {email} ({role}).',
    noPages: 'Your role has no panel pages yet.',
    nothingToDo: 'Your role has nothing to look after here; the pages you may use are in the bar above.',
    webhooksPaused: 'Webhook deliveries are paused for {urls}: they failed for about a day. Open Webhooks to see why and resume them.',
    entries: { one: '{count} entry.', other: '{count} entries.' },
    more: 'and {count} more.',
    by: 'by {name}',
    unknown: 'unknown',
    approvals: { title: 'Waiting for approval', empty: 'Nothing is waiting for approval.', open: 'Open Waiting for approval' },
    drafts: { title: 'Drafts made by assistants', empty: 'There are no drafts made by assistants.', open: 'Open the drafts' },
    scheduled: { title: 'Scheduled in the next 7 days', empty: 'Nothing is scheduled for the next 7 days.', open: 'Open the scheduled entries' },
    mcp: { title: 'Last changes made through MCP', newestFirst: 'Newest first, times in {zone}.', empty: 'No changes were made through MCP lately.', open: 'Open the history of MCP changes' },
    stats: {
      title: 'The last 7 days',
      noVisits: 'No visits from {from} to {to}.',
      range: '{from} to {to}',
      visitors: 'Visitors',
      pageviews: 'Page views',
      noFiguresBefore: '(no figures for the 7 days before)',
      change: '({change} against the 7 days before)',
      open: 'Open Statistics',
    },
  },

  // entries/ (the content list, an entry's page, new entry, bulk actions, delete, share preview)
  entries: {
  },

  // editor/ (the editor's script: handed to it as data)
  editor: {
    noAnswer: 'The server did not answer as expected ({status}).',
    saving: 'Saving…',
    savingDraft: 'Saving the draft…',
    saved: 'Saved at {time}.',
    draftSaved: 'Draft saved at {time}.',
    nothingToSave: 'No changes to save.',
    notSaved: 'Not saved: {reason} Your text is still here and kept in this browser.',
    offline: 'Not saved: the server cannot be reached. Your text is kept in this browser; save again when you are online.',
    keptCopy: 'This browser kept text of this translation that was not saved (from {time}), for instance after the page was closed. Restore it to go on from there; saving it then replaces the text shown now.',
    restore: 'Restore the unsaved text',
    discard: 'Discard it',
    restoredDraft: 'The unsaved text is back. It is saved as a draft in a moment.',
    restoredPublic: 'The unsaved text is back. Save it to make it public.',
    uploading: 'Uploading {names}…',
    uploadProgress: 'Upload progress',
    uploadingPlaceholder: 'Uploading {count} image(s)',
    notUploaded: 'Not uploaded: {reason}',
    uploadOffline: 'The server cannot be reached; nothing was uploaded.',
    altLabel: 'Uploaded {name}. Alt text (what the picture shows, for people who cannot see it)',
    altSave: 'Save the alt text',
    altSaved: 'Saved.',
    altOffline: 'The server cannot be reached; the alt text was not saved.',
    linkText: 'link text',
    boldText: 'bold text',
    italicText: 'italic text',
    codeText: 'code',
    /** The Control key as the keyboard names it (in the shortcuts shown on hover). */
    ctrl: 'Ctrl',
    toolbar: 'Formatting',
    cards: 'Cards',
    insert: 'Insert',
    cancel: 'Cancel',
    required: '(required)',
    content: 'Text inside the card (Markdown)',
    imageHelp: 'Hold Ctrl (⌘ on a Mac) to choose several.',
    /** Each button's name, and the short text it shows (part of the name, so speech input finds it). */
    tools: {
      heading: { label: 'Heading', text: 'H' },
      bold: { label: 'Bold', text: 'B' },
      italic: { label: 'Italic', text: 'I' },
      link: { label: 'Link', text: 'Link' },
      list: { label: 'List', text: 'List' },
      quote: { label: 'Quote', text: 'Quote' },
      code: { label: 'Code', text: 'Code' },
      image: { label: 'Image', text: 'Image' },
    },
  },

  // media/ (the media library)
  media: {
    title: 'Media',
    searchLabel: 'Search by file name or entry',
    search: 'Search',
    noMatch: 'No file matches “{query}”.',
    empty: 'No media yet. Upload images on an entry\'s page, or drop them into its text.',
    // {link}: the entry's title as a link; {id}: its id.
    entry: 'Entry: {link} ({id})',
    hiddenUses: { one: '{count} use in entries you cannot see', other: '{count} uses in entries you cannot see' },
    usedOnlyIn: 'Used only in {unseen}.',
    notUsed: 'Not used in any text, card or cover.',
    // {uses}: the list of uses, links inside; {more}: andMore, or nothing.
    usedIn: 'Used in {uses}{more}.',
    andMore: '; and {list}',
    moreUses: '{count} more',
    and: ' and ',
    replaceSummary: 'Replace {name}…',
    replaceLabel: 'A new {format} image at the same address',
    replace: 'Replace',
    oldGoes: 'The old image goes to the trash.',
    oldAndWidthsGo: 'The old image and its other widths go to the trash.',
    delete: 'Delete {name}…',
    previous: 'Previous',
    next: 'Next',
    files: { one: '{count} file', other: '{count} files' },
    pageOf: ', page {page} of {pages}.',
    done: {
      altSaved: 'The alt text was saved.',
      replaced: 'The image was replaced; its address stays the same, and the old one is in the trash.',
    },
    altNotSaved: 'Alt text not saved',
    notReplaced: 'Not replaced',
    noEntry: 'This entry does not exist (any more), or your role may not see it.',
    tooLarge: 'The file is larger than {size} MB; nothing was replaced.',
    chooseOne: 'Choose one image to take the place of the old one.',
  },

  // preview/, preview-links/, revisions/
  preview: {
    linkTitle: 'Preview link',
    forged: 'This preview link does not work: it is not one this site made. Check that it was copied whole.',
    ended: 'This preview link no longer works: it was revoked, it expired, or the entry was deleted. Ask the person who shared it for a new one.',
  },
  revisions: {
  },

  // trash/, history/, approvals/
  trash: {
  },
  history: {
  },
  approvals: {
  },

  // assistants/ (tokens and client settings)
  assistants: {
  },

  // team/ (people, roles, invitations, the pages one-time links open)
  team: {
  },

  // settings/, site-check/, webhooks/
  settings: {
  },
  siteCheck: {
  },
  webhooks: {
  },

  // stats/, stats-goals/, stats-funnel/, stats-import/, stats-shared/
  stats: {
  },
  statsGoals: {
  },
  statsFunnel: {
  },
  statsImport: {
  },
  statsShared: {
  },

  // oauth-consent/
  oauthConsent: {
  },
} as const;

/** The shape every language's words have: English's, with any text in place of each word. */
type Widened<T> = { readonly [K in keyof T]: T[K] extends string ? string : Widened<T[K]> };
export type PanelWords = Widened<typeof ENGLISH_PANEL_WORDS>;
