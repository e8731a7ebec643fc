import { parseSiteTime } from '../lib/time-zone.js';
import { parseFrontMatter } from './entries/front-matter.js';
import { listRevisions, readRevision } from './revisions.js';
import type { TrustedFolders } from '../lib/trusted-folders.js';

// The text of a translation as it was last public. Every rewrite of a translation first keeps the whole
// previous file as a revision (translation-file.ts), so the text that was public when a change replaced it
// (an unpublish, an edit of a published text) is a revision whose front matter says so: `status: published`,
// or `scheduled` with a `published` time already past when it was kept (D2: such a text was live). The
// newest such revision is the last published version; a draft with none was never published.

export interface PublishedVersion {
  /** The revision id (see revisions.ts). */
  id: string;
  /** When the text stopped being the current one (the revision's time), ISO UTC. */
  keptAt: string;
  /** `published` as the text had it (`YYYY-MM-DD HH:MM`, site time zone), or null. */
  published: string | null;
  text: string;
}

/** How many kept versions are read at most, newest first, before giving up the search. */
const LOOKBACK = 500;

function wasPublic(text: string, keptAtMs: number, timeZone: string): { published: string | null } | null {
  let fields: Record<string, unknown>;
  try {
    fields = parseFrontMatter(text).fields;
  } catch {
    return null;
  }
  const published = typeof fields.published === 'string' ? fields.published : null;
  if (fields.status === 'published') return { published };
  if (fields.status === 'scheduled' && published !== null) {
    const due = parseSiteTime(published, timeZone);
    if (due !== null && due <= keptAtMs) return { published };
  }
  return null;
}

/** The newest kept version of the translation that was public, or null when none of its last 500 was. */
export function lastPublishedVersion(trusted: TrustedFolders, dataDir: string, entryId: string, language: string, timeZone: string): PublishedVersion | null {
  for (const version of listRevisions(trusted, dataDir, entryId, language).slice(0, LOOKBACK)) {
    let text: string;
    try {
      text = readRevision(trusted, dataDir, entryId, language, version.id);
    } catch {
      continue;
    }
    const found = wasPublic(text, Date.parse(version.time), timeZone);
    if (found) return { id: version.id, keptAt: version.time, published: found.published, text };
  }
  return null;
}
