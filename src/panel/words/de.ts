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
};
