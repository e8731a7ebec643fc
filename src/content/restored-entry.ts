import { sep } from 'node:path';
import type { ContentType, Entry, Translation } from './types.js';

/**
 * An entry taken from the persisted index (index-snapshot.ts). Its folder and slug follow from its id, so
 * they are made when asked for rather than kept: at 100,000 entries, three strings an entry are 13 MB.
 * Spread it, and they are left behind: copy it field by field (scheduled-changes.ts does).
 */
export class RestoredEntry implements Entry {
  constructor(
    readonly id: string,
    readonly type: ContentType,
    readonly parentId: string | null,
    readonly translations: ReadonlyMap<string, Translation>,
    readonly style: string,
    /** Moved on by the reader when a folder's stamp changed and nothing shown did (entry-reader.ts). */
    public folderMtimeMs: number,
    readonly styleMtimeMs: number,
    readonly styleSize: number,
    private readonly contentDir: string,
  ) {}

  get dir(): string {
    return `${this.contentDir}${sep}${sep === '/' ? this.id : this.id.replaceAll('/', sep)}`;
  }

  get slug(): string {
    return this.id.slice(this.id.lastIndexOf('/') + 1);
  }
}
