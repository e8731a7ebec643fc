// Content negotiation for the one choice the public site offers at an address: a page as HTML, or its
// Markdown twin (RFC 9110 §12.5.1).

/** Ranges looked at, at most: no client names more; a 10 KB field costs no more than this. */
const MOST_RANGES = 32;

/**
 * Whether an Accept field asks for `text/markdown` rather than `text/html`: the field names text/markdown
 * itself (browsers never do; `*\/*` alone means "anything", and HTML is what the address is) with a weight
 * above 0 and at least the weight it gives HTML. Ranges with a weight that is not a qvalue (`q=2`, `q=-1`,
 * `q=abc`, `q=0.12345`) are passed over as malformed, so an odd field falls back to HTML.
 */
export function prefersMarkdown(accept: string | undefined): boolean {
  if (accept === undefined || !/markdown/i.test(accept)) return false;
  let markdown = -1;
  // HTML's weight comes from the most specific range that matches it (§12.5.1): text/html, text/*, */*.
  let html = -1;
  let text = -1;
  let any = -1;
  let ranges = 0;
  for (const range of accept.split(',')) {
    if (++ranges > MOST_RANGES) break;
    const [typePart, ...parameters] = range.split(';');
    const type = typePart!.trim().toLowerCase();
    const weight = weightOf(parameters);
    if (weight === null) continue;
    if (type === 'text/markdown') markdown = weight;
    else if (type === 'text/html') html = weight;
    else if (type === 'text/*') text = weight;
    else if (type === '*/*') any = weight;
  }
  const htmlWeight = html >= 0 ? html : text >= 0 ? text : any;
  return markdown > 0 && markdown >= htmlWeight;
}

/** The `q` of a range's parameters (1 without one), or null when it is not a qvalue (§12.4.2). */
function weightOf(parameters: string[]): number | null {
  let weight = 1;
  for (const parameter of parameters) {
    const [name, value] = parameter.split('=').map((part) => part.trim());
    if (name?.toLowerCase() !== 'q') continue;
    if (value === undefined || !/^(?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/.test(value)) return null;
    weight = Number(value);
  }
  return weight;
}
