import { asciiLower } from './code-points.js';
import type { ComponentValue } from './parse.js';
import { trimSpace } from './parse.js';
import { serializeValues } from './serialize.js';

// Scopes a selector list to the page's <main>: `p, .a b` -> `main p, main .a b`. The document roots a page
// style might aim at (`html`, `body`, `:root`, also chained like `html > body`) become `main` itself, so
// `body { color: red }` colours the page's main area and `:root { --x: 1 }` defines the variable there.
// A selector that already starts with `main` is kept as written, unless it goes on to main's siblings.

function isRootAt(values: readonly ComponentValue[], i: number): number {
  const value = values[i];
  if (value?.type === 'ident') {
    const name = asciiLower(value.value);
    if (name === 'html' || name === 'body') return 1;
  }
  const next = values[i + 1];
  if (value?.type === 'colon' && next?.type === 'ident' && asciiLower(next.value) === 'root') return 2;
  return 0;
}

function isCombinatorOrSpace(value: ComponentValue | undefined): boolean {
  return value !== undefined && (value.type === 'whitespace' || (value.type === 'delim' && (value.value === '>' || value.value === '+' || value.value === '~')));
}

/** Returns the first compound's start as `main`, or null when the selector does not start at a root. */
function replaceRoots(selector: ComponentValue[]): ComponentValue[] | null {
  let i = 0;
  let replaced = false;
  for (;;) {
    const length = isRootAt(selector, i);
    if (length === 0) break;
    i += length;
    replaced = true;
    let j = i;
    while (isCombinatorOrSpace(selector[j])) j++;
    if (j === i || isRootAt(selector, j) === 0) break;
    i = j;
  }
  return replaced ? selector.slice(i) : null;
}

function splitOnCommas(values: readonly ComponentValue[]): ComponentValue[][] {
  const parts: ComponentValue[][] = [[]];
  for (const value of values) {
    if (value.type === 'comma') parts.push([]);
    else parts[parts.length - 1]!.push(value);
  }
  return parts.map(trimSpace).filter((part) => part.length > 0);
}

/**
 * True when, after its first compound selector, a selector goes on with a sibling combinator (`+`, `~`):
 * `main ~ footer` styles what follows <main>, not what is inside it.
 */
function continuesWithSibling(values: readonly ComponentValue[], start: number): boolean {
  let i = start;
  while (i < values.length && !isCombinatorOrSpace(values[i])) i++;
  while (values[i]?.type === 'whitespace') i++;
  const value = values[i];
  return value?.type === 'delim' && (value.value === '+' || value.value === '~');
}

export function scopeSelectorList(prelude: readonly ComponentValue[]): string {
  return splitOnCommas(prelude).map((selector) => {
    const rest = replaceRoots(selector);
    // A root or `main` followed by a sibling combinator would reach outside <main>: it is scoped below it.
    if (rest !== null) return continuesWithSibling(rest, 0) ? `main main${serializeValues(rest)}` : `main${serializeValues(rest)}`;
    const first = selector[0];
    if (first?.type === 'ident' && asciiLower(first.value) === 'main' && !continuesWithSibling(selector, 0)) return serializeValues(selector);
    return `main ${serializeValues(selector)}`;
  }).join(', ');
}

/** Whether `&` (the nesting selector) is among the values, inside functions and blocks as well. */
function holdsNesting(values: readonly ComponentValue[]): boolean {
  return values.some((value) => (value.type === 'delim' && value.value === '&') || ((value.type === 'fn' || value.type === 'block') && holdsNesting(value.value)));
}

/**
 * Whether a nested style rule's selector list (CSS Nesting: relative to its parent rule, which may be `main`
 * itself) stays inside <main>: each selector goes down from its parent (`p`, `> p`, `&.open`, `&:hover p`),
 * never beside it (`+ p`, `& ~ *`: the siblings of <main> are its header and footer) nor around it with `&`
 * elsewhere than at its start (`:not(&)` is everything but the parent, `footer &`). Such a rule is removed
 * (clean-css.ts); the same selector written at the top level is scoped as any other.
 */
export function nestedSelectorStaysInside(prelude: readonly ComponentValue[]): boolean {
  return splitOnCommas(prelude).every((selector) => {
    let i = 0;
    if (selector[0]?.type === 'delim' && selector[0].value === '&') i = 1;
    if (holdsNesting(selector.slice(i))) return false;
    while (selector[i]?.type === 'whitespace') i++;
    const next = selector[i];
    return !(next?.type === 'delim' && (next.value === '+' || next.value === '~'));
  });
}
