import { isAbsolute, relative, sep } from 'node:path';

/** One thing about the site that would surprise its owner: the file it is about, and a sentence. */
export interface SiteProblem {
  /** The path from the site folder (`content/posts/hello/en.md`), or an absolute one outside it. */
  file: string;
  problem: string;
}

/** Collects problems by absolute path; lists them sorted by file, each file's problems in the order found. */
export class SiteProblems {
  private readonly found: SiteProblem[] = [];

  constructor(private readonly root: string) {}

  add(path: string, problem: string): void {
    this.found.push({ file: this.shown(path), problem });
  }

  /** The path as it is shown: from the site folder when inside it, with / between folders. */
  shown(path: string): string {
    const inside = relative(this.root, path);
    const shown = inside === '' ? '.' : inside.startsWith('..') || isAbsolute(inside) ? path : inside;
    return sep === '/' ? shown : shown.split(sep).join('/');
  }

  list(): SiteProblem[] {
    return this.found
      .map((problem, order) => ({ problem, order }))
      .sort((a, b) => (a.problem.file < b.problem.file ? -1 : a.problem.file > b.problem.file ? 1 : a.order - b.order))
      .map(({ problem }) => problem);
  }
}

/** `file: problem` — the line `svc check` prints for each. */
export function problemLine(problem: SiteProblem): string {
  return `${problem.file}: ${problem.problem}`;
}
