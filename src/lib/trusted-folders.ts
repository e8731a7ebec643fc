import { realpathSync } from 'node:fs';
import { dirname, relative, resolve, sep } from 'node:path';

/** Where the one warning per refused link goes: the process log unless a test listens. */
export type LinkWarnings = (line: string) => void;

const toProcessLog: LinkWarnings = (line) => void process.stderr.write(line + '\n');

/**
 * The folders of one site below which no symbolic link is followed (lib/no-follow.ts judges every path
 * against them): its content/ and its data folder. A value, not a registry: made once where the site's
 * configuration is read and handed to what reads and writes its files, so two sites in one process judge
 * by their own folders. A worker thread gets `paths` and makes its own. It also keeps what judging learns
 * as it goes: each folder's real path and the links already warned about.
 */
export class TrustedFolders {
  /** Longest first: the nearest trusted folder of a path is the first that holds it. */
  readonly #folders: string[] = [];
  readonly #realPaths = new Map<string, string>();
  readonly #warned = new Set<string>();
  #warn: LinkWarnings;

  constructor(folders: Iterable<string> = [], warn: LinkWarnings = toProcessLog) {
    this.#warn = warn;
    for (const folder of folders) this.#trust(folder);
  }

  /** Paths below `dir` are judged from here down; `dir` itself may be reached through links. */
  #trust(dir: string): void {
    const path = resolve(dir);
    if (this.#folders.includes(path)) return;
    this.#folders.push(path);
    this.#folders.sort((a, b) => b.length - a.length);
  }

  /** Sends this site's link warnings to `sink` from now on (a test listening; else the process log). */
  warnTo(sink: LinkWarnings): this {
    this.#warn = sink;
    return this;
  }

  /** The trusted folders, for a worker thread to make its own value from. */
  get paths(): string[] {
    return [...this.#folders];
  }

  /** The nearest trusted folder holding `path`; the filesystem root when none does (then no link at all passes). */
  folderOf(path: string): string {
    for (const folder of this.#folders) if (path === folder || path.startsWith(folder + sep)) return folder;
    return sep;
  }

  /** The folder's real path, kept; `fresh` looks again (a deploy may switch a link above the root). */
  realPathOf(folder: string, fresh: boolean): string | undefined {
    const known = fresh ? undefined : this.#realPaths.get(folder);
    if (known !== undefined) return known;
    try {
      const real = realpathSync.native(folder);
      this.#realPaths.set(folder, real);
      return real;
    } catch {
      return undefined;
    }
  }

  /** Says once per path that a link was skipped (the set is bounded: a flood of links cannot fill memory). */
  warnOnce(path: string): void {
    if (this.#warned.has(path)) return;
    if (this.#warned.size >= 10_000) this.#warned.clear();
    this.#warned.add(path);
    const folder = this.folderOf(path);
    const shown = folder === sep ? path : relative(dirname(folder), path);
    this.#warn(`svc: skipping ${shown}: it is a symbolic link, and links below content/ and the data folder are never followed`);
  }
}
