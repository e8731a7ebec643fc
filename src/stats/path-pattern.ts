// Page patterns of goals and funnels: a path where `*` stands for any characters (none too), as Plausible
// writes them (`/blog/*`). Matched without a regular expression and without backtracking: the parts between
// stars are found left to right, each at its first place after the last (the leftmost place is always as
// good as any later one), so `**********a` against a long path costs one pass per part, never an
// exponential search.

export const MAX_PATTERN = 300;

export interface PathPattern {
  readonly text: string;
  matches(path: string): boolean;
}

/** A pattern from its text (the caller has checked it: see checkPattern). */
export function compilePattern(text: string): PathPattern {
  if (!text.includes('*')) return { text, matches: (path) => path === text };
  const parts = text.split('*');
  const first = parts[0]!, last = parts[parts.length - 1]!;
  const middle = parts.slice(1, -1).filter((part) => part !== '');
  const least = parts.reduce((sum, part) => sum + part.length, 0);
  return {
    text,
    matches(path: string): boolean {
      if (path.length < least || !path.startsWith(first) || !path.endsWith(last)) return false;
      let at = first.length;
      const end = path.length - last.length;
      for (const part of middle) {
        const found = path.indexOf(part, at);
        if (found < 0 || found + part.length > end) return false;
        at = found + part.length;
      }
      return true;
    },
  };
}

/** Why a pattern text cannot be one, or null: a path starting with `/`, up to 300 characters, nothing hidden. */
export function patternProblem(text: unknown): string | null {
  if (typeof text !== 'string' || !text.startsWith('/')) return 'must be a path starting with /, with * for any characters (e.g. /blog/*)';
  if (text.length > MAX_PATTERN) return `must be at most ${MAX_PATTERN} characters`;
  if (/[\u0000-\u001f\u007f\s]/.test(text)) return 'must not contain spaces or control characters';
  return null;
}
