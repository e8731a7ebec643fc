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
  },

  // sign-in/ (sign-in, two-factor, sign-out)
  signIn: {
  },

  // account/ (Your account: name, password, two-factor, language)
  account: {
  },

  // home/
  home: {
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
  },

  // media/ (the media library)
  media: {
  },

  // preview/, preview-links/, revisions/
  preview: {
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
