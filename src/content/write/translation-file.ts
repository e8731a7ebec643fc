import { parseFrontMatter, serializeFrontMatter } from '../entries/front-matter.js';
import { saveRevision } from '../revisions.js';
import { storageOf } from './write-context.js';
import type { WriteContext } from './write-context.js';

// Reading and writing one translation file inside the entry lock. The file is read from its storage, not
// from the store's index: the index may be a few milliseconds behind another process's write, and a change
// based on it would lose that write.

export interface TranslationFile {
  text: string;
  fields: Record<string, unknown>;
  body: string;
}

export function readTranslationFile(context: WriteContext, file: string): TranslationFile {
  const text = storageOf(context).readText(file);
  const { fields, body } = parseFrontMatter(text);
  return { text, fields, body };
}

/**
 * Keeps the previous text as a revision (when there is one), then replaces the file atomically and tells
 * the store. Returns the revision id, or null for a new file.
 */
export function writeTranslationFile(context: WriteContext, entryId: string, language: string, file: string, previousText: string | null, fields: Record<string, unknown>, body: string): string | null {
  const storage = storageOf(context);
  const revision = previousText === null ? null : saveRevision(context.dataDir, entryId, language, context.clock(), previousText, storage);
  storage.writeAtomic(file, serializeFrontMatter(fields, body));
  context.store.invalidate(entryId);
  return revision;
}
