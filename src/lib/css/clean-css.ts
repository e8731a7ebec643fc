import { AppError } from '../../errors.js';
import { tokenize } from './tokenizer.js';
import { asciiLower } from './code-points.js';
import type { CssProblem } from './tokens.js';
import { Parser, parseRules, parseBlockContents, trimSpace } from './parse.js';
import type { ComponentValue, Rule, Declaration } from './parse.js';
import { serializeValues, serializeIdent } from './serialize.js';
import { nestedSelectorStaysInside, scopeSelectorList } from './scope-selectors.js';

// Cleans an entry's style.css (content_style and the panel): the input is tokenized per CSS Syntax Level 3,
// parsed into rules, filtered and written back from tokens. Because the output is serialized from the
// decoded tokens, every spelling of a keyword (case, escapes, comments splitting it) is judged by what the
// browser would see, and no raw `<` can reach the page.
//
// Kept: style rules (scoped to the page's <main>), @media, @supports, @container, @layer, @keyframes,
// @font-face, @property. Removed: @import and every other at-rule, expression(), image-set(),
// behavior / -moz-binding, and any url() or url string that is not `media/...` of this site.
// data: addresses are removed too: an image belongs in the media library (media_upload checks it is a real
// image), and data: SVG is an easy way to smuggle script and bytes past those checks.

export const MAX_CSS_BYTES = 65_536;

export interface CleanResult {
  css: string;
  /** True when anything was removed or repaired (beyond scoping and re-formatting). */
  cleaned: boolean;
  problems: CssProblem[];
}

const GROUPING_AT_RULES = new Set(['media', 'supports', 'container', 'layer']);
const KEYFRAMES = new Set(['keyframes', '-webkit-keyframes', '-moz-keyframes', '-o-keyframes']);
const DECLARATION_AT_RULES = new Set(['font-face', 'property']);
/** Functions whose string argument is fetched as an address. */
const URL_FUNCTIONS = new Set(['url', 'src', 'image', 'cross-fade']);
const NAMING_FUNCTIONS = new Set(['format', 'local', 'tech']);

/** Throws when the text is longer than 64 KB; nothing is cleaned or saved then. */
export function assertCssSize(css: string): void {
  const bytes = Buffer.byteLength(css, 'utf8');
  if (bytes > MAX_CSS_BYTES) {
    throw new AppError('invalid_params', `The CSS is ${bytes.toLocaleString('en')} bytes; at most 65,536 bytes (64 KB) are accepted. Nothing was changed; send shorter CSS.`);
  }
}

export function cleanCss(input: string): CleanResult {
  assertCssSize(input);
  const problems: CssProblem[] = [];
  const { tokens, problems: tokenProblems } = tokenize(input);
  // Tokenizer parse errors (an unclosed string, say) are repairs: they count as cleaning.
  problems.push(...tokenProblems);
  if (input.includes('\0')) problems.push({ message: 'NUL characters were replaced by U+FFFD.' });
  if (input.includes('<') && tokens.some((token) => (token.type === 'string' || token.type === 'url') && token.value.includes('<'))) {
    problems.push({ message: 'A "<" inside a string is written as the escape \\3c so it cannot close the style element.' });
  }
  const values = Parser.componentValues(tokens, problems);
  const rules = parseRules(values, problems);
  const css = writeRules(rules, 0, 'scope', problems);
  // What is kept is held to the same size, so it can be read back and sent again: escapes and scoping can
  // make the text up to four times longer (each `<` in a string is `\3c `, each selector gains `main `).
  const kept = Buffer.byteLength(css, 'utf8');
  if (kept > MAX_CSS_BYTES) {
    throw new AppError('invalid_params', `The CSS would be ${kept.toLocaleString('en')} bytes once cleaned (escapes and the scoping to main add to it); at most 65,536 bytes (64 KB) are kept. Nothing was changed; send shorter CSS.`);
  }
  // One report per kind of problem: 64 unclosed blocks are one story, not 64.
  const seen = new Set<string>();
  const distinct = problems.filter((problem) => !seen.has(problem.message) && seen.add(problem.message) !== undefined);
  return { css, cleaned: problems.length > 0, problems: distinct };
}

type Context = 'scope' | 'keyframes' | 'nested';

function indent(depth: number): string {
  return '  '.repeat(depth);
}

function writeRules(rules: readonly (Rule | Declaration)[], depth: number, context: Context, problems: CssProblem[]): string {
  let out = '';
  for (const rule of rules) {
    if (rule.kind === 'declaration') out += writeDeclaration(rule, depth, problems);
    else if (rule.kind === 'at-rule') out += writeAtRule(rule, depth, context, problems);
    else out += writeQualifiedRule(rule, depth, context, problems);
  }
  return out;
}

function writeAtRule(rule: Rule & { kind: 'at-rule' }, depth: number, context: Context, problems: CssProblem[]): string {
  const name = asciiLower(rule.name);
  const remove = (message: string) => { problems.push({ message }); return ''; };
  if (name === 'import') return remove('@import was removed: a page style cannot load other style sheets.');
  const grouping = GROUPING_AT_RULES.has(name);
  if (!grouping && !KEYFRAMES.has(name) && !DECLARATION_AT_RULES.has(name)) {
    return remove(`@${rule.name} was removed: only @media, @supports, @container, @layer, @keyframes, @font-face and @property are kept.`);
  }
  const unsafe = findUnsafe(rule.prelude, false);
  if (unsafe) return remove(`@${rule.name} was removed: ${unsafe}`);
  const prelude = serializeValues(trimSpace(rule.prelude));
  const head = `${indent(depth)}@${serializeIdent(rule.name)}${prelude ? ` ${prelude}` : ''}`;
  if (rule.block === null) {
    // Only `@layer a, b;` is meaningful without a block.
    if (name !== 'layer') return remove(`@${rule.name} without a block was removed.`);
    return `${head};\n`;
  }
  let inner: string;
  if (grouping) {
    // Inside a style rule (nesting) the block holds declarations; at the top it holds rules.
    const items = context === 'nested' ? parseBlockContents(rule.block, problems) : parseRules(rule.block, problems);
    inner = writeRules(items, depth + 1, context, problems);
  } else if (KEYFRAMES.has(name)) {
    inner = writeRules(parseRules(rule.block, problems), depth + 1, 'keyframes', problems);
  } else {
    const items = parseBlockContents(rule.block, problems).filter((item): item is Declaration => {
      if (item.kind === 'declaration') return true;
      problems.push({ message: `A rule inside @${rule.name} was removed.` });
      return false;
    });
    inner = writeRules(items, depth + 1, context, problems);
  }
  return `${head} {\n${inner}${indent(depth)}}\n`;
}

function writeQualifiedRule(rule: Rule & { kind: 'qualified-rule' }, depth: number, context: Context, problems: CssProblem[]): string {
  const unsafe = findUnsafe(rule.prelude, false);
  if (unsafe) {
    problems.push({ message: `A rule was removed: ${unsafe}` });
    return '';
  }
  const prelude = trimSpace(rule.prelude);
  if (prelude.length === 0) {
    problems.push({ message: 'A rule without a selector was removed.' });
    return '';
  }
  if (context === 'nested' && !nestedSelectorStaysInside(prelude)) {
    problems.push({ message: 'A nested rule that reaches beside or around its parent (+, ~, or & after its start) was removed: a page style stays inside <main>. Write the selector at the top level instead.' });
    return '';
  }
  const selector = context === 'scope' ? scopeSelectorList(prelude) : serializeValues(prelude);
  if (selector === '') {
    problems.push({ message: 'A rule without a selector was removed.' });
    return '';
  }
  const items = parseBlockContents(rule.block, problems);
  const inner = writeRules(items, depth + 1, context === 'keyframes' ? 'keyframes' : 'nested', problems);
  return `${indent(depth)}${selector} {\n${inner}${indent(depth)}}\n`;
}

function writeDeclaration(declaration: Declaration, depth: number, problems: CssProblem[]): string {
  const name = asciiLower(declaration.name);
  if (name.endsWith('behavior') || name.endsWith('binding')) {
    problems.push({ message: `The property ${declaration.name} was removed: it runs code in old browsers.` });
    return '';
  }
  const checkAllStrings = name.startsWith('--') || name === 'src';
  const unsafe = findUnsafe(declaration.value, checkAllStrings);
  if (unsafe) {
    problems.push({ message: `The declaration ${declaration.name} was removed: ${unsafe}` });
    return '';
  }
  const value = serializeValues(declaration.value);
  return `${indent(depth)}${serializeIdent(declaration.name)}: ${value}${declaration.important ? ' !important' : ''};\n`;
}

/**
 * The reason a piece of CSS must go, or null. Looks through functions and blocks. `checkAllStrings` treats
 * every string as an address (custom properties can be used as one later through var(); `src` of
 * @font-face takes strings as addresses).
 */
function findUnsafe(values: readonly ComponentValue[], checkAllStrings: boolean, inUrlFunction = false): string | null {
  for (const value of values) {
    switch (value.type) {
      case 'fn': {
        const name = asciiLower(value.name);
        if (name.endsWith('expression')) return 'expression() runs script in old browsers.';
        if (name.endsWith('image-set')) return 'image-set() can load images from other sites.';
        if (name === 'element' || name.endsWith('-element')) return 'element() paints another part of the page.';
        // Arguments of url()/src()/image() are addresses; format()/local()/tech() name fonts, not addresses.
        const argumentsAreAddresses = URL_FUNCTIONS.has(name) ? true : NAMING_FUNCTIONS.has(name) ? false : inUrlFunction;
        const found = findUnsafe(value.value, checkAllStrings, argumentsAreAddresses);
        if (found) return found;
        break;
      }
      case 'block': {
        const found = findUnsafe(value.value, checkAllStrings, inUrlFunction);
        if (found) return found;
        break;
      }
      case 'url':
        if (!isMediaAddress(value.value)) return addressReason(value.value);
        break;
      case 'string':
        if ((inUrlFunction || checkAllStrings) && !isMediaAddress(value.value) && looksLikeAddress(value.value, inUrlFunction)) {
          return addressReason(value.value);
        }
        break;
      // An address written without quotes inside src()/image()/cross-fade() is read as words and
      // punctuation: a colon or a slash there is such an address (a color or a percentage has neither).
      case 'colon':
        if (inUrlFunction) return 'only addresses of this entry\'s media, written url(media/...), are kept.';
        break;
      case 'bad-url': return 'it held a broken url().';
      case 'bad-string': return 'it held a string broken by a new line.';
      case 'CDO': case 'CDC': return 'it held markup comment delimiters.';
      case 'delim':
        if (inUrlFunction && value.value === '/') return 'only addresses of this entry\'s media, written url(media/...), are kept.';
        if (value.value === '<') return 'it held a "<", which could start markup.';
        if (value.value === '\\') return 'it held a stray backslash.';
        break;
      case 'ident':
        if (asciiLower(value.value) === '@import') return '@import was removed: a page style cannot load other style sheets.';
        break;
      case 'at-keyword':
        if (asciiLower(value.value) === 'import') return '@import was removed: a page style cannot load other style sheets.';
        break;
      default:
        break;
    }
  }
  return null;
}

function addressReason(address: string): string {
  if (address.trim() === '') return 'it held an empty address.';
  return 'only addresses of this entry\'s media, written url(media/...), are kept.';
}

/** Inside url()/src()/image() every string is an address; elsewhere only text that names a scheme or a host. */
function looksLikeAddress(value: string, inUrlFunction: boolean): boolean {
  if (inUrlFunction) return true;
  const text = asciiLower(value.trim());
  if (text.startsWith('//') || text.startsWith('\\\\')) return true;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x3a) return i > 0;
    const schemeChar = (c >= 0x61 && c <= 0x7a) || (c >= 0x30 && c <= 0x39) || c === 0x2b || c === 0x2d || c === 0x2e;
    if (!schemeChar) return false;
  }
  return false;
}

/**
 * `media/<path>`: segments of letters, digits, `.`, `_` and `-`, none of them `.` or `..`. Percent signs are
 * refused because URL parsers read `%2e%2e` as `..`; a colon because it could start a scheme.
 */
export function isMediaAddress(value: string): boolean {
  const text = value.trim();
  if (!text.startsWith('media/')) return false;
  const segments = text.split('/');
  for (const segment of segments) {
    if (segment === '' || segment === '.' || segment === '..') return false;
    for (let i = 0; i < segment.length; i++) {
      const c = segment.charCodeAt(i);
      const ok = (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || (c >= 0x30 && c <= 0x39) || c === 0x2e || c === 0x5f || c === 0x2d;
      if (!ok) return false;
    }
  }
  return true;
}
