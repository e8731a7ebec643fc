// Escaping for server-rendered HTML: the public site, feeds and the panel share these.

/** Text for element content: `&`, `<` and `>`. */
export function escapeHtml(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

/** Text for element content and double- or single-quoted attribute values. */
export function escapeAttr(text: string): string {
  return escapeHtml(text).replaceAll('"', '&quot;').replaceAll("'", '&#39;');
}
