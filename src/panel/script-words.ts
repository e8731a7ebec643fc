// The words a panel script shows (panel.js, editor.js). A script is a file of this site (the panel's CSP
// allows no inline script), the same for everyone and kept by browsers an hour, so it cannot be drawn per
// person: it carries its words in every language the panel speaks (about 2 KB each for the editor) and
// takes those of the page it runs on, whose `<html lang>` renderPage writes from the person's choice.
import { PANEL_LANGUAGES, type PanelWords } from './words/panel-words.js';

/** `var WORDS = …;`: the words `pick` chooses, in the page's language (else the panel's first language). */
export function scriptWords(pick: (words: PanelWords) => object): string {
  const languages = Object.values(PANEL_LANGUAGES);
  const all = Object.fromEntries(languages.map((words) => [words.locale, pick(words)]));
  const fallback = JSON.stringify(languages[0]!.locale);
  return `var WORDS = (function (all) { var lang = document.documentElement.lang; return Object.prototype.hasOwnProperty.call(all, lang) ? all[lang] : all[${fallback}]; })(${JSON.stringify(all)});\n`;
}
