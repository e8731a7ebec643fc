// A reader who may see no one else's drafts ranks their own by what they may see. BM25's statistics (how
// many rows hold a word, their average length) are a whole table's, and every draft of the site is in the
// hidden one (search-tables.ts): ranked there, a contributor's own draft's score moved as other people's
// drafts gained or lost a word, so a contributor could learn what drafts they may not read hold. Their own
// hidden rows are copied into a table of the connection (SQLite's TEMP schema: no other connection sees it,
// and it ends with the connection) and ranked there, by their statistics alone. The copy is kept while the
// index is as it was (PRAGMA data_version moves with another connection's commits, total_changes() with
// this one's) and made again for another reader or after any change.
import type { StatementSync } from './sqlite-module.js';
import { TEXT_TABLES, textTable } from './search-tables.js';

/**
 * Own hidden rows copied at most. Copying indexes their text again, once after each change to the index:
 * a search then took 10 ms with 100 drafts of 3.5 KB (2 ms unchanged), 38-72 ms with 500, 137-464 ms with
 * 2,000 (Node 24, loaded 2-core machine). A reader with more is ranked in the shared table, where their own
 * rows are most of what moves a score.
 */
export const OWN_ROWS_AT_MOST = 500;

export class OwnRows {
  /** Per table kind (stemmed or not): the reader and the index's state the copy was made from. */
  private readonly made = new Map<boolean, string>();

  constructor(private readonly statement: (sql: string) => StatementSync) {}

  /**
   * The table holding `accountId`'s hidden rows of the kind (made or made again when the index changed),
   * or null where they are more than OWN_ROWS_AT_MOST.
   */
  table(stemmed: boolean, accountId: string): string | null {
    const own = `own_${textTable(stemmed, true)}`;
    if (this.made.get(stemmed) === this.state(accountId)) return own;
    const shared = textTable(stemmed, true);
    const mine = `SELECT id FROM docs WHERE hidden = 1 AND author = ?`;
    const { n } = this.statement(`SELECT count(*) AS n FROM ${shared} WHERE rowid IN (${mine})`).get(accountId) as { n: number };
    if (n > OWN_ROWS_AT_MOST) return null;
    const { tokenize } = TEXT_TABLES.find((table) => table.name === shared)!;
    this.statement(`CREATE VIRTUAL TABLE IF NOT EXISTS temp.${own} USING fts5(title, excerpt, tags, body, tokenize = '${tokenize}', prefix = '2 3')`).run();
    this.statement(`DELETE FROM temp.${own}`).run();
    this.statement(`INSERT INTO temp.${own}(rowid, title, excerpt, tags, body) SELECT rowid, title, excerpt, tags, body FROM ${shared} WHERE rowid IN (${mine})`).run(accountId);
    this.made.set(stemmed, this.state(accountId));
    return own;
  }

  /** The connection is gone (closed, or the file made anew): so are its TEMP tables. */
  forget(): void {
    this.made.clear();
  }

  private state(accountId: string): string {
    const { data_version: version } = this.statement('PRAGMA data_version').get() as { data_version: number };
    const { n: changes } = this.statement('SELECT total_changes() AS n').get() as { n: number };
    return `${version} ${changes} ${accountId}`;
  }
}
