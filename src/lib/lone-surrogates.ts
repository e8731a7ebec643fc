// A lone surrogate (half of a UTF-16 pair, as JSON's "\ud800" escape can carry) has no UTF-8 form: written to
// a file it becomes U+FFFD, so the text saved would differ from the text sent. Text bound for a file is
// checked with these and refused instead.

/** With the u flag a pair is one code point, so this class matches only a surrogate standing alone. */
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;

export function hasLoneSurrogate(text: string): boolean {
  return LONE_SURROGATE.test(text);
}

/**
 * Where the first lone surrogate in `value` is, as a path from `name` (`fields.tags[1]`, `fields.venue.name`),
 * looking into arrays and objects (their keys too); null when there is none.
 */
export function findLoneSurrogate(value: unknown, name: string): string | null {
  if (typeof value === 'string') return hasLoneSurrogate(value) ? name : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findLoneSurrogate(value[i], `${name}[${i}]`);
      if (found !== null) return found;
    }
    return null;
  }
  if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (hasLoneSurrogate(key)) return `${name}.${key.replace(LONE_SURROGATE, '?')}`;
      const found = findLoneSurrogate(item, `${name}.${key}`);
      if (found !== null) return found;
    }
  }
  return null;
}
