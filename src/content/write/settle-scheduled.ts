import { parseSiteTime } from '../../lib/time-zone.js';
import { appendHistory } from '../history.js';
import { readTranslationFile, writeTranslationFile } from './translation-file.js';
import { storageOf, withEntryLock } from './write-context.js';
import type { WriteContext } from './write-context.js';

/**
 * D2: a scheduled translation whose time has come is published as soon as anyone reads it (no cron on
 * shared hosting); this writes that into its file afterwards, so the file says what the site shows. Under
 * the entry's lock and from a fresh read, so when the HTTP server and a stdio process both notice, the
 * second finds nothing left to do. The history records it with `via: schedule`.
 */
export function settleScheduled(context: WriteContext, entryId: string, language: string): boolean {
  return withEntryLock(context, entryId, () => {
    const translation = context.store.entry(entryId)?.translations.get(language);
    if (!translation) return false;
    const current = readTranslationFile(context, translation.file);
    const { status, published } = current.fields;
    if (status !== 'scheduled' || typeof published !== 'string') return false;
    const due = parseSiteTime(published, context.store.site().timezone);
    if (due === null || due > context.clock()) return false;
    writeTranslationFile(context, entryId, language, translation.file, current.text, { ...current.fields, status: 'published' }, current.body);
    const person = typeof current.fields.author === 'string' ? current.fields.author : 'system';
    context.store.changes?.noteWrite(entryId, { action: 'publish', language, via: 'schedule', person, token: null, detail: `scheduled for ${published}` });
    appendHistory(context.dataDir, {
      time: new Date(context.clock()).toISOString(),
      person,
      action: 'publish',
      entry: entryId,
      language,
      via: 'schedule',
      token: null,
      detail: `scheduled for ${published}`,
    }, storageOf(context));
    return true;
  });
}
