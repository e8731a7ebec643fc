// A fast path for the front matter nearly every entry has: flat `key: value` lines with plain or quoted
// strings and flow lists of words. It carries the start from the files alone (budget: 3 s at 100,000
// entries): the bench site's front matter takes ~70 µs a block with the `yaml` package and ~3 µs here, so
// 100,000 entries cost ~7 s more without it (measured on Node 24, 2 cores). Measured again by the scale
// bench, one build with it and one without, 10,000 posts on a busy machine: the start from the files alone
// took 6.8 s without it, 2.2-3.2 s with it. Anything outside the small grammar below returns undefined and
// the caller uses the full YAML parser, so results never differ from it (test/content/simple-yaml.test.ts compares).

const KEY = /^[A-Za-z_][A-Za-z0-9_-]*$/;
/** Plain scalars the core schema reads as something other than a string, or that need care. */
const SPECIAL = /^(?:[-+]?[.0-9][0-9a-fA-FxXoO._+-]*|[-+]?\.(?:inf|Inf|INF|nan|NaN|NAN)|true|True|TRUE|false|False|FALSE|null|Null|NULL|~)$/;
/** A plain scalar that is surely a string: safe first character, no `: `, ` #`, tabs or trailing space. */
function plainString(value: string): string | undefined {
  if (value === '' || value !== value.trim()) return undefined;
  const first = value[0]!;
  if ('-?:,[]{}#&*!|>\'"%@`'.includes(first)) return undefined;
  if (value.includes(': ') || value.includes(' #') || value.includes('\t') || value.endsWith(':')) return undefined;
  if (SPECIAL.test(value)) return undefined;
  return value;
}

function scalar(value: string): unknown {
  if (value === 'true' || value === 'True' || value === 'TRUE') return true;
  if (value === 'false' || value === 'False' || value === 'FALSE') return false;
  if (value === '' || value === 'null' || value === 'Null' || value === 'NULL' || value === '~') return null;
  if (value.length >= 2 && value[0] === '"' && value.endsWith('"')) {
    const inner = value.slice(1, -1);
    return inner.includes('"') || inner.includes('\\') ? undefined : inner;
  }
  if (value.length >= 2 && value[0] === "'" && value.endsWith("'")) {
    const inner = value.slice(1, -1);
    return inner.includes("'") ? undefined : inner;
  }
  if (value[0] === '[' && value.endsWith(']')) {
    const inner = value.slice(1, -1).trim();
    if (inner === '') return [];
    const items = inner.split(',').map((item) => item.trim());
    const words: string[] = [];
    for (const item of items) {
      const word = /^[A-Za-z0-9][A-Za-z0-9 ._-]*$/.test(item) ? plainString(item) : undefined;
      if (word === undefined) return undefined;
      words.push(word);
    }
    return words;
  }
  return plainString(value);
}

/** Flat front matter as the full parser would read it, or undefined when the block needs the full parser. */
export function parseSimpleYaml(text: string): Record<string, unknown> | undefined {
  const fields: Record<string, unknown> = {};
  for (const raw of text.split('\n')) {
    const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (line === '' ) continue;
    if (line[0] === ' ' || line[0] === '\t' || line[0] === '#' || line[0] === '-') return undefined;
    const colon = line.indexOf(':');
    if (colon <= 0) return undefined;
    const key = line.slice(0, colon);
    if (!KEY.test(key) || Object.hasOwn(fields, key) || key === '__proto__') return undefined;
    const rest = line.slice(colon + 1);
    if (rest !== '' && rest[0] !== ' ') return undefined;
    const value = scalar(rest.trim());
    // `key:` followed by an indented block would be a nested value: leave it to the full parser.
    if (value === undefined || (value === null && rest.trim() === '')) return undefined;
    fields[key] = value;
  }
  return fields;
}
