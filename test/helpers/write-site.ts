// The one writer of test sites: a site is described as data (its site.yaml settings, its entries as fields
// and a body, and any other file as it is) and written here, so every fixture spells site.yaml and entry
// files the same way. A fixture is a description; what differs between fixtures is their data.
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { makeTempFolder } from './temp-folder.ts';

export type YamlScalar = string | number | boolean;
export type YamlValue = YamlScalar | YamlScalar[] | YamlMap;
export interface YamlMap { [key: string]: YamlValue }

/** Dated events with a start and a place (a category with fields): the categories every test and bench site has, beside a plain one. */
export const EVENTS: YamlMap = {
  label: 'Events',
  kind: 'date',
  fields: {
    start: { type: 'time', label: 'Start', required: true },
    location: { type: 'text', label: 'Location', required: true, same_in_all_languages: true },
  },
};
export const SITE_CATEGORIES: YamlMap = { journal: { label: 'Journal' }, events: EVENTS };

/** One translation file: front matter fields in the order they are written, and the Markdown after them. */
export interface EntryFile {
  fields: YamlMap;
  body?: string;
}

export interface SiteDescription {
  /** content/site.yaml as data, in the order its keys are written. */
  settings: YamlMap;
  /** Translation files by path from the site root (`content/posts/hello/en.md`); a generator for large sites. */
  entries: Record<string, EntryFile> | Iterable<[path: string, entry: EntryFile]>;
  /** Every other file as it is, by path from the site root: media, styles, plugins, the theme. */
  files?: Record<string, string | Buffer>;
}

export function entry(fields: YamlMap, body = ''): EntryFile {
  return { fields, body };
}

/** Plain scalars the YAML core schema would read as a number, a boolean or null rather than a string. */
const NOT_A_STRING = /^(?:[-+]?[.0-9][0-9a-fA-FxXoO._+-]*|true|True|TRUE|false|False|FALSE|null|Null|NULL)$/;
/** Letters, digits and a few marks, `:` only inside a word: safe unquoted in block and flow context alike. */
const PLAIN = /^[\p{L}\p{N}](?:[\p{L}\p{N} ._/()+@-]|:(?=[^ ]))*$/u;

/** How a scalar is written. */
type Spelling = (value: YamlScalar) => string;

/** Unquoted when it reads back as the same string, else double-quoted (a JSON string is a YAML one). */
const plainWhenSafe: Spelling = (value) => {
  if (typeof value !== 'string') return String(value);
  return PLAIN.test(value) && !value.endsWith(' ') && !NOT_A_STRING.test(value) ? value : JSON.stringify(value);
};

/** What a double-quoted string must escape; without it, quoting is just the two quotes (and measurably faster). */
const NEEDS_ESCAPE = /["\\\x00-\x1f]/;
const quoted: Spelling = (value) => {
  if (typeof value !== 'string') return String(value);
  return NEEDS_ESCAPE.test(value) ? JSON.stringify(value) : `"${value}"`;
};

function isMap(value: YamlValue): value is YamlMap {
  return typeof value === 'object' && !Array.isArray(value);
}

/** Lists always, and maps holding no map, in flow style (`[a, b]`, `{ k: v }`); other maps as blocks. */
function valueText(value: YamlValue, indent: string, spell: Spelling): string {
  if (typeof value !== 'object') return ` ${spell(value)}`;
  if (Array.isArray(value)) return ` [${value.map(plainWhenSafe).join(', ')}]`;
  if (Object.values(value).some(isMap)) return `\n${mapText(value, spell, `${indent}  `)}`;
  let items = '';
  for (const key in value) items += `${items === '' ? '' : ','} ${key}:${valueText(value[key]!, indent, spell)}`;
  return items === '' ? ' {}' : ` {${items} }`;
}

/** A block mapping, one `key: value` line each (nested blocks indented by two spaces). */
function mapText(map: YamlMap, spell: Spelling, indent = ''): string {
  let text = '';
  for (const key in map) text += `${text === '' ? '' : '\n'}${indent}${key}:${valueText(map[key]!, indent, spell)}`;
  return text;
}

/**
 * `---`, the front matter, `---`, then a blank line and the body if any, as the store lays a file out. Strings are
 * double-quoted where the store writes them plain, so a test can tell a file the store left alone from one
 * it rewrote (site-pages.test.ts); lists are plain words, which the store's fast reader takes (simple-yaml.ts).
 */
export function entryText({ fields, body = '' }: EntryFile): string {
  return `---\n${mapText(fields, quoted)}\n---\n${body === '' ? '' : `\n${body}\n`}`;
}

export function siteYamlText(settings: YamlMap): string {
  return `${mapText(settings, plainWhenSafe)}\n`;
}

/** Every file of the site, by path from its root: site.yaml, the entries, then the other files. */
export function* siteFiles(site: SiteDescription): Generator<[string, string | Buffer]> {
  yield ['content/site.yaml', siteYamlText(site.settings)];
  for (const [path, file] of entriesOf(site)) yield [path, entryText(file)];
  yield* Object.entries(site.files ?? {});
}

function entriesOf(site: SiteDescription): Iterable<[string, EntryFile]> {
  return Symbol.iterator in site.entries ? site.entries as Iterable<[string, EntryFile]> : Object.entries(site.entries);
}

/** Writes files by path from `root`; a folder is made when it is not the previous file's. */
function fileWriter(root: string): (path: string, content: string | Buffer) => void {
  let folder = '';
  return (path, content) => {
    // Plain string work rather than path.join: it is measurable over the bench's 200,000 files.
    const full = `${root}/${path}`;
    const parent = full.slice(0, full.lastIndexOf('/'));
    if (parent !== folder) mkdirSync(folder = parent, { recursive: true });
    writeFileSync(full, content);
  };
}

export function writeFiles(root: string, files: Record<string, string | Buffer>): void {
  const write = fileWriter(root);
  for (const path in files) write(path, files[path]!);
}

/** Writes the site without holding it: a generated site's entries are made one by one as they are written. */
export function writeSite(root: string, site: SiteDescription): void {
  const write = fileWriter(root);
  write('content/site.yaml', siteYamlText(site.settings));
  for (const [path, file] of entriesOf(site)) write(path, entryText(file));
  writeFiles(root, site.files ?? {});
}

/**
 * One more translation file in a written site, or one written anew (the caller tells a running store to look
 * again). Written as editors that save safely do, a temp file renamed over it: a running server watching the
 * folder never reads it half-written (truncated, then written), which would be a change of its own.
 */
export function writeEntryFile(root: string, path: string, file: EntryFile): void {
  const temp = `${path}.${process.pid}.tmp`;
  fileWriter(root)(temp, entryText(file));
  renameSync(`${root}/${temp}`, `${root}/${path}`);
}

/** A new folder in the system's temp folder (removed when the process ends); `prefix` says which fixture it holds. */
export function makeSiteFolder(prefix: string): string {
  return makeTempFolder(prefix);
}
