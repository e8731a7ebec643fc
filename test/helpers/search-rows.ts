// Where a translation's row lives in a search index file (content/search/search-tables.ts): which FTS5 table
// holds its text, read through a connection of the test's own (the index is in WAL: it reads what was committed).
import { DatabaseSync } from 'node:sqlite';

const TABLES = ['text_stemmed', 'text_stemmed_hidden', 'text_folded', 'text_folded_hidden'] as const;

/** The table holding the row of `entry`'s `language`, or null when the index has no row for it. */
export function tableOf(file: string, entry: string, language = 'en'): string | null {
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    const doc = db.prepare('SELECT id FROM docs WHERE entry = ? AND language = ?').get(entry, language) as { id: number } | undefined;
    if (!doc) return null;
    const found = TABLES.filter((table) => db.prepare(`SELECT 1 FROM ${table} WHERE rowid = ?`).get(doc.id) !== undefined);
    if (found.length !== 1) throw new Error(`${entry}:${language} is in ${found.length} tables: ${found.join(', ')}`);
    return found[0]!;
  } finally {
    db.close();
  }
}
