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
    // A translation's status as the panel names it (the list's filter and tags, an entry's facts, the trash question).
    status: {
      draft: 'draft',
      published: 'published',
      scheduled: 'scheduled',
      waiting: '{status}, waiting for approval',
    },
    // The Content list: filters, rows, the bulk bar, the pages.
    list: {
      title: 'Content',
      newEntry: 'New entry',
      find: 'Find entries',
      search: 'Search titles',
      type: 'Type',
      language: 'Language',
      status: 'Status',
      anyStatus: 'Any status',
      sort: 'Sort',
      sortDate: 'Newest first',
      sortTitle: 'Title, A to Z',
      sortStatus: 'Status (drafts first)',
      apply: 'Apply',
      empty: 'No {type} to show.',
      emptyStatus: 'No {type} to show with status {status}.',
      emptySearch: 'No {type} to show with “{search}” in the title.',
      emptyStatusSearch: 'No {type} to show with status {status} with “{search}” in the title.',
      by: 'by {author}',
      unknownAuthor: 'unknown',
      choose: 'Choose {title}',
      chosen: 'Chosen entries',
      chooseAll: 'Choose all on this page',
      publishChosen: 'Publish the chosen ({language})',
      unpublishChosen: 'Unpublish the chosen ({language})',
      trashChosen: 'Move the chosen entries to the trash…',
      entries: { one: '{count} entry', other: '{count} entries' },
      pageOf: 'Page {page} of {pages} ({entries}).',
      pages: 'Pages of the list',
      newer: 'Newer',
      older: 'Older',
      previous: 'Previous',
      next: 'Next',
      noType: 'The site has no content type "{type}"; choose one of: {types}.',
      noLanguage: 'The site has no language "{language}"; choose one of: {languages}.',
      badStatus: 'Status must be one of: {statuses}.',
      badSort: 'Sort must be one of: {sorts}.',
      searchTooLong: 'The search may have at most {max} characters.',
      badPage: 'The page number must be a whole number from 1.',
    },
    // Publish / unpublish / trash on the entries chosen in the list, and the page saying what happened.
    bulk: {
      nothingDone: 'Nothing done',
      chooseAction: 'Choose Publish, Unpublish or Move to the trash.',
      chooseEntry: 'Choose at least one entry in the list first.',
      tooMany: 'Choose at most {max} entries at once.',
      roleMayNot: 'Your role ({role}) may not publish or unpublish.',
      chooseLanguage: 'Choose one of the site\'s languages.',
      noEntry: 'No such entry, or you may not see it.',
      noTranslation: 'It has no {language} translation.',
      alreadyPublished: 'Already published; nothing changed.',
      published: 'Published.',
      publishedWaiting: 'Published (it was waiting for approval).',
      cardsEmpty: 'Cards leave required settings empty: {cards}.',
      unpublished: 'Unpublished: it is a draft now.',
      doneAll: { one: 'Done for all {count} chosen entry.', other: 'Done for all {count} chosen entries.' },
      doneSome: 'Done for {done}; {refused} refused (the reasons are below).',
      publish: 'Publish',
      unpublish: 'Unpublish',
      publishHeading: 'Publish ({language}): what happened',
      unpublishHeading: 'Unpublish ({language}): what happened',
      refused: 'Refused:',
      backToList: 'Back to the list',
    },
    // The New entry page.
    newEntry: {
      title: 'New entry in {type}',
      somethingElse: 'Something else:',
      titleLabel: 'Title',
      language: 'Language',
      slug: 'Slug',
      slugHint: '(optional; made from the title when empty)',
      parent: 'Parent page',
      noParent: '(none: a top-level page)',
      tags: 'Tags',
      tagsHint: '(optional; slugs separated by commas)',
      create: 'Create a draft',
      noType: 'No such type',
      noTypeText: 'The site has no such content type.',
      chooseLanguage: 'Choose one of the site\'s languages.',
      chooseParent: 'Choose the parent page from the list, or none for a top-level page.',
      chooseCategory: 'Choose one of the site\'s categories.',
    },
    // An entry's page: each translation's facts, the links at the top, adding a translation.
    entry: {
      history: 'History',
      versions: 'Earlier versions',
      allContent: 'All content',
      trash: 'Move to the trash…',
      title: 'Title',
      status: 'Status',
      published: 'Published',
      address: 'Address',
      notPublic: '(not public while {status})',
      review: 'Review',
      noReview: 'none',
      author: 'Author',
      unknownAuthor: 'unknown',
      created: 'Created',
      byAssistant: 'by an assistant (via: mcp)',
      preview: 'Preview',
      openPreview: 'Open the preview',
      previewHint: '(as saved; only for the team)',
      sentBack: 'Sent back',
      // {sentBack} is the bold "Sent back" above.
      sentBackBy: '{sentBack} by {person} at {time}:',
      savedText: 'The text as it is saved now',
      deleteTranslation: 'Delete this translation…',
      addHeading: 'Add a translation',
      language: 'Language',
      text: 'Text',
      markdown: '(Markdown)',
      excerpt: 'Excerpt',
      tags: 'Tags',
      tagsHint: '(slugs separated by commas)',
      add: 'Add as a draft',
      noEntry: 'No such entry',
      noEntryText: 'This entry does not exist, or your role may not see it.',
      // {trash} is a link to the Trash page.
      goneText: 'This entry or translation does not exist (any more), or your role may not see it: someone may have moved it to the trash while you were editing. Nothing was saved. Your text is kept below; restore the entry from the {trash} if you need it, then save your text again.',
      yourTitle: 'Your title',
      yourText: 'Your text',
    },
    // What the entry page says after a change ({name} ({code}) is the translation's language), or why not.
    done: {
      saved: '{name} ({code}) was saved.',
      added: '{name} ({code}) was added as a draft.',
      created: '{name} ({code}) was created as a draft.',
      unchanged: '{name} ({code}) had no changes; nothing was saved.',
      published: '{name} ({code}) is published.',
      scheduled: '{name} ({code}) is scheduled.',
      unpublished: '{name} ({code}) is a draft again.',
      withdrawn: '{name} ({code}) is no longer waiting for approval.',
      alreadyPublished: '{name} ({code}) was already published; nothing changed.',
      alreadyDraft: '{name} ({code}) was already a draft; nothing changed.',
      cover: '{name} ({code}) has a new cover.',
      translationTrashed: '{name} ({code}) was moved to the trash; it can be restored from the Trash page.',
      previewRevoked: '{name} ({code}) has one preview link less: the link you revoked no longer opens.',
      fileTrashed: 'The file was moved to the trash; it can be restored from the Trash page.',
      altSaved: 'The alt text was saved.',
      publishedCards: 'Published, but cards in the text leave required settings empty: {cards}.',
      scheduledCards: 'Scheduled, but cards in the text leave required settings empty: {cards}.',
      cssSaved: 'The CSS was saved.',
      cssCleaned: 'The CSS was saved, cleaned: {problems}',
      uploaded: 'Uploaded {names}.',
      hasTranslation: 'The entry has a {language} translation already; change it in its own form above.',
      chooseLanguage: 'Choose one of the site\'s languages.',
      coverNotImage: 'The cover must be one of the entry\'s images; upload it under Media first.',
      noVersion: 'The form carries no version of the text (it may come from an older page); nothing was saved. Your text is kept below: save it again.',
      tooLong: 'Too long',
      tooLongText: 'The text is longer than {size} KB; nothing was saved. Shorten it and try again.',
      uploadRefused: 'Upload refused',
      uploadTooLarge: 'The upload is larger than {size} MB; nothing was uploaded. Upload fewer or smaller images at once.',
      tooManyFiles: 'Upload at most {max} images at once.',
      // The editor's saves and uploads without a reload (answered in JSON, shown by its script).
      editorGone: 'This entry or translation does not exist (any more), or your role may not see it: someone may have moved it to the trash. Nothing was saved.',
      notAutosaved: 'This text is public, so it is not saved automatically; press Save (or Ctrl+S) to change the public page.',
      uploadGone: 'This entry does not exist (any more), or your role may not see it. Nothing was uploaded.',
    },
    // A translation's edit form.
    edit: {
      title: 'Title',
      text: 'Text',
      markdown: '(Markdown)',
      excerpt: 'Excerpt',
      slug: 'Slug',
      slugHint: '(the last part of the address; empty: {slug})',
      tags: 'Tags',
      otherTags: 'Other tags',
      tagsHint: '(slugs separated by commas, like travel, news; new ones are allowed)',
      cover: 'Cover image',
      coverHint: '(from the entry\'s media below)',
      noCover: '(no cover)',
      save: 'Save',
      previewScreen: 'Preview what is on the screen',
      livePreview: 'Live preview',
      livePreviewOf: 'Live preview of {name} ({code})',
      // {link} is a link to Waiting for approval.
      waiting: 'Waiting for approval ({review}): answer it under {link}, or publish it here.',
      approvalMode: 'Approval mode holds back what assistants publish; your role publishes directly.',
      publishLater: 'Publish later',
      publish: 'Publish',
      unpublish: 'Unpublish',
      withdraw: 'Withdraw the request',
    },
    // A post's category and its fields (edit form and New entry).
    fields: {
      category: 'Category',
      none: '(none)',
      noImage: '(no image)',
      required: '(required)',
      imageHint: '(media/… from the entry\'s media)',
      legend: '{category}: its fields (only when the category is {category})',
    },
    // The cards helper beside the text, and the warning for cards left incomplete.
    cards: {
      summary: 'Cards for the text',
      intro: 'Blocks such as a callout or an image. Copy an example into the text where it belongs, then fill in its settings.',
      required: '(required)',
      settings: 'Settings: {settings}',
      insert: 'Insert {card} at the cursor',
      warning: 'Cards in the saved text leave required settings empty: {cards}. Fill them in before publishing.',
    },
    // The entry's media (the media library shows a file's facts and alt text the same way).
    media: {
      heading: 'Media',
      bytes: '{count} bytes',
      kilobytes: '{count} KB',
      megabytes: '{count} MB',
      pixels: '{width} × {height} pixels',
      alsoAt: { one: 'Also at one width: {list}', other: 'Also at {count} widths: {list}' },
      copy: 'Copy the Markdown',
      insert: 'Insert at the cursor',
      alt: 'Alt text',
      altPlaceholder: 'What the picture shows',
      altSave: 'Save the alt text',
      coverFor: 'for',
      setCover: 'Set as cover',
      delete: 'Delete {name}…',
      addImages: 'Add images',
      addHint: '(jpg, png, gif, webp or avif; at most 10 MB each, 25 MB at once)',
      drop: 'Or drop images here.',
      upload: 'Upload',
      none: 'No files yet.',
      all: 'All media',
    },
    // The entry's own CSS.
    style: {
      heading: 'Style',
      // {main} is the element's name and {url} an example, both as code.
      intro: 'style.css applies to this entry\'s pages in every language, inside {main}. It is cleaned as content_style cleans it: @import, addresses of other sites, image-set() and expression() are removed, braces balanced; images of the entry work as {url}. The previous CSS is kept as a version.',
      none: 'No style.css.',
      saved: 'The CSS as it is saved now',
      css: 'CSS',
      save: 'Save the CSS',
    },
    // Share preview: making and revoking preview links.
    share: {
      heading: 'Share preview',
      intro: 'A preview link shows this entry as its page will look to anyone who has the link, without signing in, until it ends or is revoked. Moving the entry to the trash ends its links.',
      what: 'What the link shows',
      now: '{language}: the text as it is now (later changes are not shown)',
      latest: '{language}: always the latest saved text',
      revision: '{language}: the version kept at {time}',
      worksFor: 'Works for',
      hours: { one: '{count} hour', other: '{count} hours' },
      days: { one: '{count} day', other: '{count} days' },
      make: 'Make a preview link',
      none: 'No open preview links.',
      caption: 'Open preview links',
      language: 'Language',
      shows: 'Shows',
      madeBy: 'Made by',
      made: 'Made ({zone})',
      until: 'Works until',
      revoke: 'Revoke',
      revokeLabel: 'Revoke the link made by {person} at {time}',
      through: '{person} (through {token})',
      showsLatest: 'the latest saved text',
      showsRevision: 'the version kept at {time}',
      showsNow: 'the text as it was at {time}',
      pageTitle: 'Preview link',
      madeHeading: 'Preview link for {title}',
      copyNow: 'Copy the link now: it is shown only once. Anyone who has it sees {shows}, without signing in, until {until}.',
      back: 'Back to {title}',
      noEntryText: 'This entry or translation does not exist (any more), or your role may not see it. No link was made.',
      notMade: 'No link made',
      noLink: 'No such link',
      noLinkText: 'This preview link was revoked already, has ended, or never was.',
      notRevoked: 'Not revoked',
      notRevokedText: 'Only the person who made this link, or someone who may change the entry, may revoke it.',
    },
    // "Move to the trash?" and the move.
    delete: {
      title: 'Move to the trash?',
      // {trash} is a link to the Trash page.
      intro: 'What goes to the trash leaves the website, the Content API and assistants at once. It can be restored from the {trash}, with its earlier versions, history and address, for {days} days; after that it is deleted for good.',
      file: 'The file {file} of {entry}',
      translation: 'The {language} translation of {entry}',
      withMedia: { one: 'with its {count} media file', other: 'with its {count} media files' },
      stillUsed: 'Still in use: after this, these places show a missing image until it is restored or the reference is changed.',
      usedIn: '{reference} is used in {place}',
      nothingYours: 'Nothing here can be deleted by you.',
      move: 'Move to the trash',
      moveAnyway: 'Move to the trash anyway',
      cancel: 'Cancel',
      nothing: 'Nothing to delete',
      chooseFirst: 'Choose one or more entries in the Content list first.',
      gone: 'These entries do not exist (any more), or your role may not see them.',
      oneAtATime: 'One at a time',
      oneAtATimeText: 'A translation or a file is deleted from its own entry\'s page, one at a time.',
      noFile: 'No such file',
      noFileText: '{id} has no media file by that name.',
      noTranslation: '{id} has no {language} translation.',
      onlyTranslation: 'This is the only translation of {id}; delete the entry instead.',
      notThere: '{id} is not there any more (someone may have deleted it already), or your role may not see it.',
      notDeleted: 'Not deleted',
      nothingMoved: 'Nothing was moved to the trash.',
      moved: 'Moved to the trash: {ids}.',
      chooseWhat: 'Choose what to delete first.',
    },
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
