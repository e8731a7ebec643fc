// Exact text edits on a file: the bundler changes tsc's output only where it must, and leaves every other
// character (comments, formatting) as tsc wrote it.

export interface Edit {
  start: number;
  end: number;
  text: string;
}

/** Applies the edits; the line breaks of replaced text are kept, so every line stays on its line number. */
export function applyEdits(text: string, edits: readonly Edit[]): string {
  const sorted = [...edits].sort((a, b) => a.start - b.start || a.end - b.end);
  let out = '';
  let at = 0;
  for (const edit of sorted) {
    if (edit.start < at) throw new Error(`overlapping edits at ${edit.start}`);
    out += text.slice(at, edit.start) + edit.text + '\n'.repeat(lineBreaks(text, edit.start, edit.end));
    at = edit.end;
  }
  return out + text.slice(at);
}

function lineBreaks(text: string, start: number, end: number): number {
  let count = 0;
  for (let at = text.indexOf('\n', start); at >= 0 && at < end; at = text.indexOf('\n', at + 1)) count++;
  return count;
}
