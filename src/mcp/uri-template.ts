// The part of RFC 6570 the resource templates use, read in the other direction: which variables a URI gives.
// Three expressions: `{name}` (a simple string: no `/`), `{+name}` (reserved expansion: `/` allowed, so an
// entry id such as posts/hello reads as itself) and `{?a,b}` (an optional query, in any order). The official
// SDKs expand these the same way (`{+id}` with encodeURI, `{id}` with encodeURIComponent), so a client that
// builds `svc://entry/posts%2Fhello` from a plain `{id}` is understood as well as one that writes the slash.
//
// Matching is strict: an unknown query parameter, a repeated one, a broken percent escape or a control
// character is no match, so whatever a template hands on is one clean value per variable.

type Part = { literal: string } | { variable: string; reserved: boolean } | { query: readonly string[] };

export interface UriTemplate {
  readonly text: string;
  /** Every variable, in the order the template names them. */
  readonly variables: readonly string[];
  /** The variables of `uri`, or null when it does not fit the template. */
  match(uri: string): Record<string, string> | null;
}

const EXPRESSION = /\{([+?]?)([A-Za-z0-9_,]+)\}/g;
const NAME = /^[A-Za-z0-9_]+$/;
/** A URI is read only this long: longer ones fit no template (resources/read names the URI in its refusal). */
export const MAX_URI_LENGTH = 2048;

export function uriTemplate(text: string): UriTemplate {
  const parts: Part[] = [];
  let at = 0;
  for (const found of text.matchAll(EXPRESSION)) {
    if (found.index > at) parts.push({ literal: text.slice(at, found.index) });
    const [, operator, names] = found;
    const list = names!.split(',');
    if (!list.every((name) => NAME.test(name))) throw new Error(`uri template ${text}: bad variable in ${found[0]}`);
    if (operator === '?') parts.push({ query: list });
    else if (list.length === 1) parts.push({ variable: list[0]!, reserved: operator === '+' });
    else throw new Error(`uri template ${text}: one variable per path expression`);
    at = found.index + found[0].length;
  }
  if (at < text.length) parts.push({ literal: text.slice(at) });
  const query = parts.at(-1) && 'query' in parts.at(-1)! ? (parts.pop() as { query: readonly string[] }).query : [];
  if (parts.some((part) => 'query' in part)) throw new Error(`uri template ${text}: the query expression must come last`);
  const variables = [...parts.flatMap((part) => ('variable' in part ? [part.variable] : [])), ...query];

  return {
    text,
    variables,
    match(uri) {
      if (uri.length > MAX_URI_LENGTH || /[\u0000-\u0020\u007f#]/.test(uri)) return null;
      const mark = uri.indexOf('?');
      const path = mark < 0 ? uri : uri.slice(0, mark);
      const values = matchPath(parts, path);
      if (!values) return null;
      if (mark >= 0 && !readQuery(uri.slice(mark + 1), query, values)) return null;
      return values;
    },
  };
}

/** The path's variables, each percent-decoded; null when the literals differ or a value is empty or broken. */
function matchPath(parts: readonly Part[], path: string): Record<string, string> | null {
  let pattern = '^';
  const names: Array<{ name: string; reserved: boolean }> = [];
  for (const part of parts) {
    if ('literal' in part) pattern += part.literal.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    else if ('variable' in part) {
      pattern += part.reserved ? '(.+?)' : '([^/]+?)';
      names.push({ name: part.variable, reserved: part.reserved });
    }
  }
  const found = new RegExp(`${pattern}$`).exec(path);
  if (!found) return null;
  const values: Record<string, string> = {};
  for (const [i, { name }] of names.entries()) {
    const value = decode(found[i + 1]!);
    if (value === null || value === '') return null;
    values[name] = value;
  }
  return values;
}

/** `a=1&b=2` into `values`; false for a name the template does not take, a repeat, or a broken escape. */
function readQuery(query: string, names: readonly string[], values: Record<string, string>): boolean {
  if (query === '') return true;
  for (const pair of query.split('&')) {
    const equals = pair.indexOf('=');
    const name = equals < 0 ? pair : pair.slice(0, equals);
    if (!names.includes(name) || Object.hasOwn(values, name)) return false;
    const value = decode(equals < 0 ? '' : pair.slice(equals + 1));
    if (value === null) return false;
    values[name] = value;
  }
  return true;
}

function decode(text: string): string | null {
  try {
    const value = decodeURIComponent(text);
    return /[\u0000-\u001f\u007f]/.test(value) ? null : value;
  } catch {
    return null;
  }
}
