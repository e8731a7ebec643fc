import type { LineBlock } from '../../lib/diff/text-diff.js';
import type { FieldChange } from '../../content/revision-diff.js';
import { esc } from '../html.js';
import { plural, words } from '../words/panel-words.js';

// A diff as HTML: removed text in <del>, added text in <ins> (which screen readers announce), unchanged
// lines dimmed, and long unchanged runs folded to their first and last lines.

const CONTEXT = 3;

function sameLines(lines: string[]): string {
  if (lines.length <= CONTEXT * 2 + 1) return `<span class="same">${esc(lines.join(''))}</span>`;
  const hidden = lines.length - CONTEXT * 2;
  return `<span class="same">${esc(lines.slice(0, CONTEXT).join(''))}</span><span class="muted">${esc(plural(words().revisions.unchangedLines, hidden))}\n</span><span class="same">${esc(lines.slice(-CONTEXT).join(''))}</span>`;
}

/** The body's line blocks, with word-level marks inside the changed ones. */
export function renderTextDiff(blocks: readonly LineBlock[]): string {
  if (blocks.every((block) => block.kind === 'same')) return `<p class="muted">${esc(words().revisions.sameText)}</p>`;
  const html = blocks.map((block) => {
    if (block.kind === 'same') return sameLines(block.lines);
    const pieces = block.pieces.map((piece) => piece.kind === 'equal' ? esc(piece.text) : piece.kind === 'delete' ? `<del>${esc(piece.text)}</del>` : `<ins>${esc(piece.text)}</ins>`).join('');
    return `<span class="changed">${pieces}</span>`;
  }).join('');
  return `<pre class="diff">${html}</pre>`;
}

/** Front matter changes, one row per field; `headings` name the two sides (a kept version and now by default). */
export function renderFieldDiff(fields: readonly FieldChange[], headings?: [before: string, after: string]): string {
  const w = words().revisions;
  if (fields.length === 0) return `<p class="muted">${esc(w.noFieldDiffers)}</p>`;
  const [before, after] = headings ?? [w.inThisVersion, w.now];
  const cell = (value: string | undefined, tag: 'del' | 'ins') => value === undefined ? `<span class="muted">${esc(w.noValue)}</span>` : `<${tag}>${esc(value)}</${tag}>`;
  return `<div class="scroll"><table class="stats"><thead><tr><th scope="col">${esc(w.field)}</th><th scope="col">${esc(before)}</th><th scope="col">${esc(after)}</th></tr></thead><tbody>${fields.map((field) =>
    `<tr><th scope="row">${esc(field.name)}</th><td>${cell(field.before, 'del')}</td><td>${cell(field.after, 'ins')}</td></tr>`).join('')}</tbody></table></div>`;
}
