/**
 * Characters that change how text around them is shown without being seen themselves: bidirectional
 * embeddings, overrides, isolates and marks (U+061C, U+200E-U+200F, U+202A-U+202E, U+2066-U+2069) and
 * zero-width ones (U+200B-U+200D, U+2060, U+FEFF). A name holding one can pass for another name.
 */
const DISGUISING = /[\u061C\u200B-\u200F\u202A-\u202E\u2060-\u2069\uFEFF]/;

export function hasDisguisingCharacters(text: string): boolean {
  return DISGUISING.test(text);
}
