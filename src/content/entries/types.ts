// The shapes of the content store. Everything here is plain data read from `content/`.

export type EntryStatus = 'draft' | 'published' | 'scheduled';

export interface FieldDefinition {
  /** text, textarea, time (YYYY-MM-DD HH:MM), date (YYYY-MM-DD), number, select, boolean, image, url */
  type: string;
  label: string;
  required: boolean;
  options: string[] | null;
  /** The value is the same in every language (kept in sync across translations). */
  same_in_all_languages: boolean;
}

export interface CategoryDefinition {
  key: string;
  label: string;
  /** `date` categories order upcoming entries by their `start` time. */
  kind: 'plain' | 'date';
  fields: Record<string, FieldDefinition>;
}

export interface ContentType {
  /** post, page, tag or a custom key */
  key: string;
  folder: string;
  label: string;
}

/** A link of a language's own menu (site.yaml `navigation`). */
export interface NavigationLink {
  title: string;
  /** A path on the site (`/about`) or an http(s), mailto: or tel: address (content/settings/site-links.ts). */
  link: string;
}

/** site.yaml `consent`: what the consent banner says beyond the services it finds. */
export interface ConsentSettings {
  /** The privacy policy the banner links to, or null. */
  privacyLink: string | null;
}

export interface SiteConfig {
  title: string;
  description: string;
  url: string;
  languages: Record<string, string>;
  defaultLanguage: string;
  timezone: string;
  approvalMode: boolean;
  /** `approval_live`: assistants' changes to published entries wait for a person too (off by default). */
  approvalLive: boolean;
  closed: boolean;
  /** site.yaml `track_outbound_links` / `track_file_downloads`: the statistics script records those clicks */
  trackOutboundLinks?: boolean;
  trackFileDownloads?: boolean;
  /** Whether /llms.txt, /llms-full.txt and their lists are served (site.yaml `llms_txt`, default true). */
  llmsTxt: boolean;
  types: ContentType[];
  categories: Record<string, CategoryDefinition>;
  /** Languages with their own menu (site.yaml `navigation`); the others list their top-level pages. */
  navigation: Record<string, NavigationLink[]>;
  consent: ConsentSettings;
}

export interface Translation {
  language: string;
  /** Absolute path of `<lang>.md`. */
  file: string;
  mtimeMs: number;
  size: number;
  /** All front matter, as written (read from the file when asked for; see translation.ts). */
  readonly fields: Record<string, unknown>;
  body: string;
  title: string;
  /** Status derived on read (D2): a scheduled translation whose time has passed is published. */
  status: EntryStatus;
  /** `YYYY-MM-DD HH:MM` in the site time zone, or null. */
  published: string | null;
  /** Epoch ms the entry is dated at: `published`, else `date`, else the file time. */
  dateMs: number;
  /** The public path, e.g. `/hello` or `/de/hello`. */
  path: string;
  /** Shared between translations with the same tags, so never changed in place. */
  tags: readonly string[];
  category: string | null;
  author: string | null;
  via: string | null;
  /** `start` of a date-category entry (`YYYY-MM-DD HH:MM`), or null. */
  start: string | null;
  /** `review` while approval is pending (`requested` or `scheduled <time>`), or null. */
  review: string | null;
  /** The third-party services the body embeds: bit n is EMBED_SERVICES[n] (embedded-services.ts). */
  embeds: number;
}

export interface Entry {
  /** `<type folder>/<slug>` or `pages/<parent>/<child>` */
  id: string;
  type: ContentType;
  /** Absolute folder of the entry. */
  dir: string;
  slug: string;
  parentId: string | null;
  /** By language; read-only, since an entry is replaced as a whole when anything in it changes. */
  translations: ReadonlyMap<string, Translation>;
  /** The entry's `style.css`, or '' without one. */
  style: string;
  /**
   * The folder's mtime when it was read (it moves when a file in it is added, removed or renamed), or -1
   * when a file in it could not be read: the freshness sweep compares it (stamp-sweep.ts).
   */
  folderMtimeMs: number;
  /** mtime and size of the style.css read, -1 without one. */
  styleMtimeMs: number;
  styleSize: number;
}
