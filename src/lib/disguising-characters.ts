/**
 * Characters that change how text around them is shown without being seen themselves: bidirectional
 * embeddings, overrides, isolates and marks (U+061C, U+200E-U+200F, U+202A-U+202E, U+2066-U+2069), zero-width
 * and other invisible format characters (U+00AD, U+034F, U+115F-U+1160, U+17B4-U+17B5, U+180E, U+200B-U+200D,
 * U+2060-U+2065, U+206A-U+206F, U+3164, U+FEFF, U+FFA0, U+FFF9-U+FFFB) and the tag characters
 * (U+E0000-U+E007F). A name or an address holding one can pass for another.
 */
const DISGUISING_SET = '\\u00AD\\u034F\\u061C\\u115F\\u1160\\u17B4\\u17B5\\u180E\\u200B-\\u200F\\u202A-\\u202E\\u2060-\\u206F\\u3164\\uFEFF\\uFFA0\\uFFF9-\\uFFFB\\u{E0000}-\\u{E007F}';
const DISGUISING = new RegExp(`[${DISGUISING_SET}]`, 'u');
const EVERY_DISGUISING = new RegExp(`[${DISGUISING_SET}]`, 'gu');

export function hasDisguisingCharacters(text: string): boolean {
  return DISGUISING.test(text);
}

/**
 * The text with each such character written as an HTML character reference (`&#x202E;`): a page keeps the
 * same text, and its source, a log or a copied attribute shows the character instead of obeying it.
 */
export function referenceDisguisingCharacters(text: string): string {
  if (!DISGUISING.test(text)) return text;
  return text.replace(EVERY_DISGUISING, (char) => `&#x${char.codePointAt(0)!.toString(16).toUpperCase()};`);
}
