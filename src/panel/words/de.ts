// The panel's words in German (Sie, as German software addresses people it does not know). Typed by the
// English list (en.ts): every word there must be here. Same sections, same order.
import type { PanelWords } from './en.js';

export const GERMAN_PANEL_WORDS: PanelWords = {
  locale: 'de',
  languageName: 'Deutsch',

  common: {
    panel: 'Verwaltung',
    svcPanel: 'svc-Verwaltung',
    viewSite: 'Website ansehen',
    signOut: 'Abmelden',
    navLabel: 'Verwaltung',
    nav: {
      content: 'Inhalte',
      media: 'Medien',
      assistants: 'Assistenten',
      approvals: 'Zur Freigabe',
      trash: 'Papierkorb',
      history: 'Verlauf',
      stats: 'Statistik',
      team: 'Team',
      settings: 'Einstellungen',
      check: 'Website-Prüfung',
      webhooks: 'Webhooks',
      account: 'Ihr Konto',
    },
    backToPanel: 'Zurück zur Verwaltung',
    notAllowed: 'Nicht erlaubt',
    pageNotAllowed: 'Ihre Rolle erlaubt diese Seite nicht.',
    actionNotAllowed: 'Ihre Rolle erlaubt das nicht.',
    signedOut: 'Abgemeldet',
    signedOutText: 'Sie sind nicht mehr angemeldet. Melden Sie sich an und versuchen Sie es noch einmal.',
    notSaved: 'Nicht gespeichert',
    formExpired: 'Formular abgelaufen',
    timeHeading: 'Zeit ({zone})',
    dayPattern: 'DD.MM.YYYY',
    pickerHint: '(optional; Datum und Uhrzeit in {zone}, wo es jetzt {now} ist)',
    colours: 'Farben',
    setScheme: 'Übernehmen',
    schemes: { system: 'Wie das System', light: 'Hell', dark: 'Dunkel' },
    copied: 'Kopiert',
    formFromElsewhere: 'Das Formular ist abgelaufen oder kam nicht von dieser Website. Gehen Sie zurück, laden Sie die Seite neu und versuchen Sie es noch einmal.',
    signedOutKeepText: 'Sie sind nicht mehr angemeldet. Melden Sie sich in einem anderen Tab wieder an und versuchen Sie es dann noch einmal; Ihr Text ist noch da.',
    tooManyAttempts: { one: 'Zu viele {what}. Versuchen Sie es in {count} Minute noch einmal.', other: 'Zu viele {what}. Versuchen Sie es in {count} Minuten noch einmal.' },
    signInAttempts: 'Anmeldeversuche',
  },

  // sign-in/ (sign-in, two-factor, sign-out)
  signIn: {
    title: 'Anmelden',
    heading: 'Anmelden',
    headingTo: 'Bei {site} anmelden',
    email: 'E-Mail',
    password: 'Passwort',
    submit: 'Anmelden',
    lostLink: 'Passwort vergessen?',
    badPassword: 'Die E-Mail-Adresse oder das Passwort stimmt nicht.',
    expired: 'Die Anmeldung ist abgelaufen. Melden Sie sich noch einmal an.',
    signInAgain: 'Noch einmal anmelden',
    wrongCode: 'Der Code stimmt nicht oder wurde schon verwendet. Warten Sie auf den nächsten Code und versuchen Sie es noch einmal.',
    lost: {
      title: 'Passwort vergessen?',
      askAdmin: 'Bitten Sie eine Administratorin oder einen Administrator von {site} um einen Link zum Zurücksetzen: Auf der Seite „Team“ der Verwaltung erstellt diese Person neben Ihrem Namen einen Link zum Zurücksetzen des Passworts (oder der Zwei-Faktor-Anmeldung, falls Sie das Gerät für Ihre Codes verloren haben) und gibt ihn Ihnen. Er funktioniert einmal, 7 Tage lang.',
      theSite: 'der Website',
      onlyAdmin: 'Wenn Sie die einzige Person mit Administratorrechten sind, führen Sie dies auf dem Server im Ordner der Website aus: {password} (und {twoFactor}, wenn das Gerät für die Zwei-Faktor-Anmeldung verloren ist).',
      back: 'Zurück zur Anmeldung',
    },
    code: {
      title: 'Zwei-Faktor-Anmeldung',
      label: 'Code aus Ihrer Authenticator-App',
      help: 'Sechs Ziffern aus der App oder einer Ihrer Wiederherstellungscodes ({pattern}), falls das Telefon verloren ist.',
      submit: 'Weiter',
      noCodesLeft: 'Auch keine Wiederherstellungscodes mehr? Wer den Server dieser Website betreibt, kann die Zwei-Faktor-Anmeldung für Sie ausschalten (der svc-Befehl {command} mit Ihrer E-Mail-Adresse und {off}).',
    },
  },

  // account/ (Your account: name, password, two-factor, language)
  account: {
    title: 'Ihr Konto',
    name: 'Name',
    email: 'E-Mail',
    role: 'Rolle',
    profile: {
      heading: 'Name und E-Mail',
      name: 'Name',
      email: 'E-Mail',
      emailNote: '(damit melden Sie sich an)',
      current: 'Aktuelles Passwort',
      currentNote: '(nötig, um die E-Mail-Adresse zu ändern)',
      save: 'Name und E-Mail speichern',
    },
    password: {
      heading: 'Passwort',
      current: 'Aktuelles Passwort',
      new: 'Neues Passwort',
      rule: 'Mindestens {count} Zeichen.',
      repeat: 'Neues Passwort wiederholen',
      change: 'Passwort ändern',
      note: 'Hier bleiben Sie angemeldet; überall sonst werden Sie abgemeldet. Token für Assistenten funktionieren weiter.',
    },
    language: {
      heading: 'Sprache der Verwaltung',
      label: 'Sprache',
      browser: 'Die Sprache des Browsers',
      note: 'Nur die Verwaltung ändert sich; die Website behält ihre eigenen Sprachen.',
      save: 'Sprache speichern',
      unknown: 'Die Verwaltung spricht „{value}“ nicht. Wählen Sie eine der aufgeführten Sprachen; nichts wurde geändert.',
    },
    twoFactor: {
      heading: 'Zwei-Faktor-Anmeldung',
      isOn: 'Die Zwei-Faktor-Anmeldung ist eingeschaltet.',
      isOnMore: 'Bei der Anmeldung wird ein Code aus Ihrer Authenticator-App verlangt.',
      noCodesLeft: 'Sie haben keine Wiederherstellungscodes mehr.',
      noCodesLeftMore: 'Erstellen Sie neue, damit Sie sich nicht aussperren, wenn Sie Ihr Telefon verlieren.',
      codesLeft: { one: 'Sie haben {count} unbenutzten Wiederherstellungscode.', other: 'Sie haben {count} unbenutzte Wiederherstellungscodes.' },
      current: 'Aktuelles Passwort',
      newCodes: 'Neue Wiederherstellungscodes erstellen',
      newCodesNote: 'Neue Codes ersetzen die alten: Die alten funktionieren sofort nicht mehr.',
      turnOff: 'Zwei-Faktor-Anmeldung ausschalten',
      codesHeading: 'Ihre Wiederherstellungscodes',
      writeDown: 'Schreiben Sie diese jetzt auf oder drucken Sie sie aus: Sie werden nur dieses eine Mal angezeigt.',
      writeDownMore: 'Wenn Sie das Telefon mit der Authenticator-App verlieren, geben Sie einen davon ein, wo die Anmeldung nach einem Code fragt. Jeder Code funktioniert einmal.',
      qr: 'QR-Code der Adresse für Ihre Authenticator-App',
      step1: '1. Fügen Sie diesen Schlüssel einer Authenticator-App hinzu: Scannen Sie den QR-Code mit ihr, öffnen Sie die Adresse unten auf diesem Telefon oder tippen Sie das Geheimnis von Hand ein.',
      secret: 'Geheimnis',
      address: 'Adresse',
      openInApp: 'in einer Authenticator-App öffnen',
      step2: '2. Der sechsstellige Code, den die App jetzt zeigt',
      turnOn: 'Zwei-Faktor-Anmeldung einschalten',
      setupNote: 'Die Zwei-Faktor-Anmeldung bleibt ausgeschaltet, bis ein Code stimmt. Der Schlüssel wird 10 Minuten lang aufbewahrt. Ist sie eingeschaltet, erhalten Sie zehn Wiederherstellungscodes und werden überall sonst abgemeldet.',
      isOff: 'Die Zwei-Faktor-Anmeldung ist ausgeschaltet.',
      isOffMore: 'Ist sie eingeschaltet, wird bei der Anmeldung zusätzlich ein Code aus einer Authenticator-App auf Ihrem Telefon verlangt.',
      setUp: 'Zwei-Faktor-Anmeldung einrichten',
    },
    done: {
      profile: 'Ihr Name und Ihre E-Mail-Adresse wurden gespeichert.',
      password: 'Ihr Passwort wurde geändert. Überall sonst sind Sie abgemeldet.',
      twoFactorOff: 'Die Zwei-Faktor-Anmeldung ist ausgeschaltet.',
      twoFactorOn: 'Die Zwei-Faktor-Anmeldung ist eingeschaltet. Überall sonst sind Sie abgemeldet. Ab jetzt wird bei der Anmeldung ein Code aus Ihrer App verlangt.',
      recoveryCodes: 'Ihre neuen Wiederherstellungscodes stehen unten; die alten funktionieren nicht mehr.',
      language: 'Die Sprache der Verwaltung wurde gespeichert.',
    },
    refused: {
      currentForEmail: 'Geben Sie Ihr aktuelles Passwort ein, um Ihre E-Mail-Adresse zu ändern.',
      currentWrong: 'Das aktuelle Passwort stimmt nicht.',
      enterCurrent: 'Geben Sie Ihr aktuelles Passwort ein.',
      notSame: 'Das neue Passwort und seine Wiederholung sind nicht gleich.',
      alreadyOn: 'Die Zwei-Faktor-Anmeldung ist schon eingeschaltet.',
      alreadyOff: 'Die Zwei-Faktor-Anmeldung ist schon ausgeschaltet.',
      setupExpired: 'Die Einrichtung der Zwei-Faktor-Anmeldung ist abgelaufen. Beginnen Sie sie noch einmal.',
      codesNeedTwoFactor: 'Wiederherstellungscodes gehören zur Zwei-Faktor-Anmeldung, die ausgeschaltet ist.',
    },
  },

  // home/
  home: {
    title: 'Verwaltung',
    hello: 'Hallo, {name}',
    signedInAs: 'Angemeldet als {email} ({role}).',
    noPages: 'Ihre Rolle hat noch keine Seiten in der Verwaltung.',
    nothingToDo: 'Für Ihre Rolle gibt es hier nichts zu erledigen; die Seiten, die Sie nutzen können, stehen in der Leiste oben.',
    webhooksPaused: 'Webhook-Zustellungen an {urls} sind pausiert: Sie schlugen etwa einen Tag lang fehl. Öffnen Sie „Webhooks“, um den Grund zu sehen und sie fortzusetzen.',
    entries: { one: '{count} Eintrag.', other: '{count} Einträge.' },
    more: 'und {count} weitere.',
    by: 'von {name}',
    unknown: 'unbekannt',
    approvals: { title: 'Zur Freigabe', empty: 'Nichts wartet auf Freigabe.', open: '„Zur Freigabe“ öffnen' },
    drafts: { title: 'Entwürfe von Assistenten', empty: 'Es gibt keine Entwürfe von Assistenten.', open: 'Die Entwürfe öffnen' },
    scheduled: { title: 'Geplant in den nächsten 7 Tagen', empty: 'Für die nächsten 7 Tage ist nichts geplant.', open: 'Die geplanten Einträge öffnen' },
    mcp: { title: 'Letzte Änderungen über MCP', newestFirst: 'Neueste zuerst, Zeiten in {zone}.', empty: 'In letzter Zeit gab es keine Änderungen über MCP.', open: 'Den Verlauf der MCP-Änderungen öffnen' },
    stats: {
      title: 'Die letzten 7 Tage',
      noVisits: 'Keine Besuche vom {from} bis zum {to}.',
      range: '{from} bis {to}',
      visitors: 'Besucher',
      pageviews: 'Seitenaufrufe',
      noFiguresBefore: '(keine Zahlen für die 7 Tage davor)',
      change: '({change} gegenüber den 7 Tagen davor)',
      open: 'Statistik öffnen',
    },
  },

  // entries/ (the content list, an entry's page, new entry, bulk actions, delete, share preview)
  entries: {
  },

  // editor/ (the editor's script: handed to it as data)
  editor: {
    noAnswer: 'Der Server hat nicht wie erwartet geantwortet ({status}).',
    saving: 'Wird gespeichert …',
    savingDraft: 'Der Entwurf wird gespeichert …',
    saved: 'Gespeichert um {time}.',
    draftSaved: 'Entwurf gespeichert um {time}.',
    nothingToSave: 'Keine Änderungen zu speichern.',
    notSaved: 'Nicht gespeichert: {reason} Ihr Text ist noch da und in diesem Browser aufbewahrt.',
    offline: 'Nicht gespeichert: Der Server ist nicht erreichbar. Ihr Text ist in diesem Browser aufbewahrt; speichern Sie noch einmal, sobald Sie online sind.',
    keptCopy: 'Dieser Browser hat nicht gespeicherten Text dieser Übersetzung aufbewahrt (von {time}), etwa nachdem die Seite geschlossen wurde. Stellen Sie ihn wieder her, um dort weiterzumachen; beim Speichern ersetzt er dann den jetzt gezeigten Text.',
    restore: 'Nicht gespeicherten Text wiederherstellen',
    discard: 'Verwerfen',
    restoredDraft: 'Der nicht gespeicherte Text ist wieder da. Er wird gleich als Entwurf gespeichert.',
    restoredPublic: 'Der nicht gespeicherte Text ist wieder da. Speichern Sie ihn, um ihn zu veröffentlichen.',
    uploading: '{names} wird hochgeladen …',
    uploadProgress: 'Fortschritt des Hochladens',
    uploadingPlaceholder: '{count} Bild(er) werden hochgeladen',
    notUploaded: 'Nicht hochgeladen: {reason}',
    uploadOffline: 'Der Server ist nicht erreichbar; nichts wurde hochgeladen.',
    altLabel: '{name} hochgeladen. Alternativtext (was das Bild zeigt, für Menschen, die es nicht sehen können)',
    altSave: 'Alternativtext speichern',
    altSaved: 'Gespeichert.',
    altOffline: 'Der Server ist nicht erreichbar; der Alternativtext wurde nicht gespeichert.',
    linkText: 'Linktext',
    boldText: 'fetter Text',
    italicText: 'kursiver Text',
    codeText: 'Code',
    ctrl: 'Strg',
    toolbar: 'Formatierung',
    cards: 'Karten',
    insert: 'Einfügen',
    cancel: 'Abbrechen',
    required: '(Pflichtfeld)',
    content: 'Text in der Karte (Markdown)',
    imageHelp: 'Halten Sie Strg (⌘ auf einem Mac) gedrückt, um mehrere zu wählen.',
    tools: {
      heading: { label: 'Überschrift', text: 'Ü' },
      bold: { label: 'Fett', text: 'F' },
      italic: { label: 'Kursiv', text: 'K' },
      link: { label: 'Link', text: 'Link' },
      list: { label: 'Liste', text: 'Liste' },
      quote: { label: 'Zitat', text: 'Zitat' },
      code: { label: 'Code', text: 'Code' },
      image: { label: 'Bild', text: 'Bild' },
    },
  },

  // media/ (the media library)
  media: {
    title: 'Medien',
    searchLabel: 'Nach Dateiname oder Eintrag suchen',
    search: 'Suchen',
    noMatch: 'Keine Datei passt zu „{query}“.',
    empty: 'Noch keine Medien. Laden Sie Bilder auf der Seite eines Eintrags hoch oder ziehen Sie sie in seinen Text.',
    entry: 'Eintrag: {link} ({id})',
    hiddenUses: { one: '{count} Verwendung in Einträgen, die Sie nicht sehen können', other: '{count} Verwendungen in Einträgen, die Sie nicht sehen können' },
    usedOnlyIn: 'Nur verwendet in {unseen}.',
    notUsed: 'In keinem Text, keiner Karte und keinem Titelbild verwendet.',
    usedIn: 'Verwendet in {uses}{more}.',
    andMore: '; und {list}',
    moreUses: '{count} weiteren',
    and: ' und ',
    replaceSummary: '{name} ersetzen …',
    replaceLabel: 'Ein neues {format}-Bild unter derselben Adresse',
    replace: 'Ersetzen',
    oldGoes: 'Das alte Bild kommt in den Papierkorb.',
    oldAndWidthsGo: 'Das alte Bild und seine anderen Breiten kommen in den Papierkorb.',
    delete: '{name} löschen …',
    previous: 'Zurück',
    next: 'Weiter',
    files: { one: '{count} Datei', other: '{count} Dateien' },
    pageOf: ', Seite {page} von {pages}.',
    done: {
      altSaved: 'Der Alternativtext wurde gespeichert.',
      replaced: 'Das Bild wurde ersetzt; seine Adresse bleibt gleich, und das alte liegt im Papierkorb.',
    },
    altNotSaved: 'Alternativtext nicht gespeichert',
    notReplaced: 'Nicht ersetzt',
    noEntry: 'Diesen Eintrag gibt es nicht (mehr), oder Ihre Rolle darf ihn nicht sehen.',
    tooLarge: 'Die Datei ist größer als {size} MB; nichts wurde ersetzt.',
    chooseOne: 'Wählen Sie ein Bild, das an die Stelle des alten tritt.',
  },

  // preview/, preview-links/, revisions/
  preview: {
    linkTitle: 'Vorschau-Link',
    forged: 'Dieser Vorschau-Link funktioniert nicht: Er stammt nicht von dieser Website. Prüfen Sie, ob er vollständig kopiert wurde.',
    ended: 'Dieser Vorschau-Link funktioniert nicht mehr: Er wurde widerrufen, ist abgelaufen, oder der Eintrag wurde gelöscht. Bitten Sie die Person, die ihn geteilt hat, um einen neuen.',
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
};
