// Markdown that would keep micromark busy far beyond its size. Its emphasis and link brackets are matched
// pairwise within a paragraph and its containers (quotes, lists) nest line by line, so a 48 KB paragraph of
// `*a` ... `a*` took 15 s, 400 nested list items 4 s, and the server's one thread waited with every request
// (a contributor's draft read back, or a file dropped into content/ by hand). A block (the lines between blank
// lines, fenced code whole) with more of those marks or a deeper nesting than any written text needs is shown
// as written instead: the page renders it as preformatted text, the Markdown twin as a code block.

/** `*`, `_`, `[` and `]` in one block at most (at 256, micromark's pairing stays under 2 ms a block). */
const MOST_MARKS = 256;
/** Columns of quote marks, list markers and indentation before a line's text at most (some 30 levels). */
const MOST_NESTING = 64;
const FENCE = /^ {0,3}(`{3,}|~{3,})/;

export interface MarkdownPiece { text: string; costly: boolean }

/**
 * `markdown` in pieces, in order, where a block is costly: the runs between are read as usual, each costly
 * block is to be shown as written. Null when none is (nearly every body): the body is read whole.
 */
export function costlyBlocks(markdown: string): MarkdownPiece[] | null {
  const lines = markdown.split('\n');
  const blocks: Array<{ from: number; to: number; costly: boolean }> = [];
  let from = 0, marks = 0, deepest = 0;
  let fence: string | null = null;
  const end = (to: number) => {
    if (to > from) blocks.push({ from, to, costly: marks > MOST_MARKS || deepest > MOST_NESTING });
    from = to; marks = 0; deepest = 0;
  };
  for (let at = 0; at < lines.length; at++) {
    const line = lines[at]!;
    const opening = FENCE.exec(line)?.[1];
    if (fence !== null) {
      // Code is not read for marks; it ends at a fence of the same kind, at least as long.
      if (opening && opening[0] === fence[0] && opening.length >= fence.length && line.trim() === opening) fence = null;
      continue;
    }
    if (opening) { fence = opening; continue; }
    if (line.trim() === '') { end(at + 1); continue; }
    deepest = Math.max(deepest, nestingOf(line));
    for (let i = 0; i < line.length; i++) {
      const c = line.charCodeAt(i);
      if (c === 42 || c === 95 || c === 91 || c === 93) marks++;
    }
  }
  end(lines.length);
  if (!blocks.some((block) => block.costly)) return null;
  const pieces: MarkdownPiece[] = [];
  for (const block of blocks) {
    const text = lines.slice(block.from, block.to).join('\n');
    const last = pieces.at(-1);
    if (last && !last.costly && !block.costly) last.text += `\n${text}`;
    else pieces.push({ text, costly: block.costly });
  }
  return pieces;
}

/** Columns of indentation, quote marks and list markers (`-`, `*`, `+`, `1.`, `1)` each before a space) a line opens with. */
function nestingOf(line: string): number {
  let at = 0;
  for (;;) {
    const c = line[at];
    if (c === ' ' || c === '\t' || c === '>') { at++; continue; }
    if ((c === '-' || c === '*' || c === '+') && line[at + 1] === ' ') { at += 2; continue; }
    let digits = at;
    while (line[digits]! >= '0' && line[digits]! <= '9') digits++;
    if (digits > at && (line[digits] === '.' || line[digits] === ')') && line[digits + 1] === ' ') { at = digits + 2; continue; }
    return at;
  }
}

/** A costly block as a fenced code block of Markdown: shown as written, nothing in it read as a link. */
export function asCodeBlock(text: string): string {
  let longest = 2;
  for (const run of text.match(/`+/g) ?? []) longest = Math.max(longest, run.length);
  const fence = '`'.repeat(longest + 1);
  return `${fence}\n${text}\n${fence}`;
}
