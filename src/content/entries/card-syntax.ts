// Card blocks in Markdown bodies (D8):
//
//   ::: callout tip title="Good to know"
//   Inner **Markdown**.
//   :::
//
// The opener names the card, then an optional bare value, then key="value" attributes.

export interface CardBlock {
  name: string;
  value: string | null;
  attributes: Record<string, string>;
  /** The inner Markdown (without the fences). */
  inner: string;
}

export type BodyPart = { kind: 'markdown'; text: string } | { kind: 'card'; card: CardBlock };

const FENCE = ':::';

/** Splits a body into Markdown and card blocks. Cards nest; an unclosed card runs to the end of the body. */
export function splitCards(markdown: string): BodyPart[] {
  const lines = markdown.split('\n');
  const parts: BodyPart[] = [];
  let text: string[] = [];
  let i = 0;
  let inCode = false;
  while (i < lines.length) {
    const line = lines[i]!;
    const trimmed = line.trimEnd();
    if (trimmed.startsWith('```') || trimmed.startsWith('~~~')) inCode = !inCode;
    const opener = inCode ? null : parseOpener(trimmed);
    if (!opener) {
      text.push(line);
      i++;
      continue;
    }
    if (text.length > 0) parts.push({ kind: 'markdown', text: text.join('\n') });
    text = [];
    let depth = 1;
    const inner: string[] = [];
    i++;
    while (i < lines.length) {
      const current = lines[i]!.trimEnd();
      if (current === FENCE) {
        depth--;
        if (depth === 0) { i++; break; }
      } else if (parseOpener(current)) depth++;
      inner.push(lines[i]!);
      i++;
    }
    parts.push({ kind: 'card', card: { ...opener, inner: inner.join('\n') } });
  }
  if (text.length > 0) parts.push({ kind: 'markdown', text: text.join('\n') });
  return parts;
}

/** Every card in a body, nested ones included. */
export function findCards(markdown: string): CardBlock[] {
  const found: CardBlock[] = [];
  for (const part of splitCards(markdown)) {
    if (part.kind !== 'card') continue;
    found.push(part.card);
    found.push(...findCards(part.card.inner));
  }
  return found;
}

function parseOpener(line: string): Omit<CardBlock, 'inner'> | null {
  if (!line.startsWith(FENCE) || line === FENCE) return null;
  const rest = line.slice(FENCE.length).trim();
  const words = tokenizeAttributes(rest);
  const first = words.shift();
  if (!first || first.key !== null || !/^[a-z][a-z0-9-]*$/.test(first.value)) return null;
  let value: string | null = null;
  const attributes: Record<string, string> = {};
  for (const word of words) {
    if (word.key === null) {
      if (value === null) value = word.value;
      else value += ' ' + word.value;
    } else attributes[word.key] = word.value;
  }
  return { name: first.value, value, attributes };
}

/** `tip title="Good to know" x='y'` -> words; quotes may hold spaces. Written as a scanner, not a regex. */
function tokenizeAttributes(text: string): { key: string | null; value: string }[] {
  const words: { key: string | null; value: string }[] = [];
  let i = 0;
  while (i < text.length) {
    while (text[i] === ' ' || text[i] === '\t') i++;
    if (i >= text.length) break;
    let key: string | null = null;
    let start = i;
    while (i < text.length && /[A-Za-z0-9_-]/.test(text[i]!)) i++;
    if (text[i] === '=' && i > start) {
      key = text.slice(start, i);
      i++;
      start = i;
    } else i = start;
    const quote = text[i];
    let value: string;
    if (quote === '"' || quote === "'") {
      const end = text.indexOf(quote, i + 1);
      value = end < 0 ? text.slice(i + 1) : text.slice(i + 1, end);
      i = end < 0 ? text.length : end + 1;
    } else {
      const end = text.slice(i).search(/\s/);
      value = end < 0 ? text.slice(i) : text.slice(i, i + end);
      i = end < 0 ? text.length : i + end;
    }
    words.push({ key, value });
  }
  return words;
}
