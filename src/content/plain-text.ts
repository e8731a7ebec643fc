// A body as plain text (the Content API's `plaintext` format): the rendered HTML without its markup, one
// block a paragraph, character references read back. The HTML is the renderer's (markdown.ts), in which
// every tag is its own (raw HTML in a body is escaped), so removing tags leaves exactly the text.

/** Tags that end a block: a line break after them keeps paragraphs, items and headings apart. */
const BLOCK_END = /<\/(?:p|h[1-6]|li|blockquote|pre|figure|figcaption|div|ul|ol|table|tr)>|<br\s*\/?>|<hr\s*\/?>/gi;
const NAMED: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/** The text of rendered HTML: blocks as paragraphs, inline markup gone, references decoded. */
export function plainText(html: string): string {
  return html
    .replace(BLOCK_END, '$&\n\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]{1,6}|#[0-9]{1,7}|[a-z]{2,6});/gi, (reference, name: string) => decodeReference(reference, name))
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

function decodeReference(reference: string, name: string): string {
  if (name[0] !== '#') return Object.hasOwn(NAMED, name.toLowerCase()) ? NAMED[name.toLowerCase()]! : reference;
  const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
  return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff) ? String.fromCodePoint(code) : '\ufffd';
}
