// Text put into Markdown that must stay text: a title, a card's setting, an address shown as words. Read
// as Markdown it could become emphasis, a link, an HTML tag or an entity, or end the line it is on.

/**
 * `text` on one line with every ASCII punctuation character a reader could take for emphasis, a link, an
 * HTML tag, an entity or a heading's end escaped (CommonMark §2.4: a backslash makes any of them literal);
 * line breaks become spaces, so the text cannot end the line it is on nor open a block of its own.
 */
export function markdownText(text: string): string {
  return text.replace(/[\r\n]+/g, ' ').replace(/[\\`*_{}[\]()<>#+!|&~"']/g, '\\$&');
}
