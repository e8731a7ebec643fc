// A folder of small JSON records named `<id>.json`, each written atomically. The OAuth stores sit on it;
// ids are checked against a pattern before any path is built, so a crafted id never leaves the folder, and
// no symbolic link below the data folder is followed (lib/no-follow.ts): a linked record is unknown.
import { listRecordNames } from '../lib/record-names.js';
import { join } from 'node:path';
import { writeFileAtomic } from '../lib/atomic-write.js';
import { readTextNoFollow, removeNoFollow } from '../lib/no-follow.js';
import { withFileLock } from '../lib/file-lock.js';
import type { TrustedFolders } from '../lib/trusted-folders.js';

export class RecordFolder<T> {
  constructor(
    private readonly trusted: TrustedFolders,
    readonly dir: string,
    private readonly idPattern: RegExp,
    /** The record checked and copied (record-shape.ts), or undefined for one of another shape. */
    private readonly parse: (value: unknown) => T | undefined,
  ) {}

  isValidId(id: string): boolean {
    return this.idPattern.test(id);
  }

  /** The record, or undefined when it is absent, unreadable or the id is malformed. */
  read(id: string): T | undefined {
    if (!this.isValidId(id)) return undefined;
    let text: string;
    try {
      text = readTextNoFollow(this.trusted, join(this.dir, `${id}.json`));
    } catch {
      return undefined;
    }
    try {
      return this.parse(JSON.parse(text));
    } catch {
      return undefined;
    }
  }

  write(id: string, record: T): void {
    if (!this.isValidId(id)) throw new Error(`Refusing to write a record with a malformed id in ${this.dir}.`);
    writeFileAtomic(this.trusted, join(this.dir, `${id}.json`), JSON.stringify(record, null, 2) + '\n', 0o600);
  }

  remove(id: string): void {
    if (!this.isValidId(id)) return;
    try { removeNoFollow(this.trusted, join(this.dir, `${id}.json`)); } catch { /* already gone */ }
  }

  ids(): string[] {
    return listRecordNames(this.trusted, this.dir, '.json').filter((id) => this.isValidId(id));
  }

  /** Runs a read-change-write on one record while holding its lock, so a check and its update are one step. */
  withLock<R>(id: string, action: () => R): R {
    return withFileLock(this.trusted, join(this.dir, `.${id}.lock`), action);
  }
}
