// Content types from the panel (settings.manage): every type's label, a new custom type (key, folder, label),
// and removing a custom type that has no entries. post, page and tag are in every site: their folders stay,
// only their labels change. Written through site-yaml-edit.ts (comments and order kept, checked, atomic).
import { isObjectPropertyName, objectPropertyNameSentence } from '../settings/setting-keys.js';
import { AppError } from '../../errors.js';
import type { Entry, SiteConfig } from '../entries/types.js';
import { RESERVED_FOLDERS, SITE_ADDRESSES } from '../settings/site-addresses.js';
import { checkLabel, editSiteYaml, invalidSetting, requireSettingsRight, type SiteYamlDraft } from './site-yaml-edit.js';
import type { Actor, WriteContext } from './write-context.js';

export interface ContentTypesInput {
  /** Type key to its label, for types the site has. */
  labels: Record<string, string>;
  /** Custom types to remove. */
  remove: string[];
  /** A new custom type, or null. */
  add: { key: string; folder: string; label: string } | null;
}

const CORE = new Set(['post', 'page', 'tag']);
const TYPE_KEY = /^[a-z][a-z0-9_-]{0,39}$/;
const FOLDER = /^[a-z0-9][a-z0-9-]{0,39}$/;

function typeNames(site: SiteConfig): string {
  return site.types.map((type) => type.key).join(', ');
}

/** The entries of a type, as a phrase naming a few of them. */
export function entriesPhrase(entries: readonly Entry[]): string {
  const some = entries.slice(0, 3).map((entry) => entry.id).join(', ');
  return `${entries.length} ${entries.length === 1 ? 'entry' : 'entries'} (${some}${entries.length > 3 ? ', …' : ''})`;
}

function checkNewType(context: WriteContext, site: SiteConfig, add: NonNullable<ContentTypesInput['add']>): void {
  const key = add.key.trim();
  const folder = add.folder.trim();
  if (isObjectPropertyName(key)) throw invalidSetting(`${objectPropertyNameSentence(key, 'a type')} Nothing was saved.`);
  if (!TYPE_KEY.test(key)) throw invalidSetting(`"${key.slice(0, 40)}" cannot name a type: use 1 to 40 lowercase letters, digits, - or _, starting with a letter, such as recipe. Nothing was saved.`);
  if (site.types.some((type) => type.key === key)) throw invalidSetting(`The site has a type ${key} already; choose another name. Nothing was saved.`);
  if (!FOLDER.test(folder)) throw invalidSetting(`"${folder.slice(0, 40)}" cannot be a folder: use 1 to 40 lowercase letters, digits or -, such as recipes. Nothing was saved.`);
  const owner = site.types.find((type) => type.folder === folder);
  if (owner) throw invalidSetting(`The folder ${folder} belongs to the type ${owner.key} already. Nothing was saved.`);
  if (RESERVED_FOLDERS.has(folder)) throw invalidSetting(`The folder ${folder} is kept for svc itself; choose another. Nothing was saved.`);
  // Its list would be at /<folder>, where the site answers itself (/search, /stats, /llms…).
  const own = SITE_ADDRESSES.get(folder);
  if (own !== undefined) throw invalidSetting(`The folder ${folder} would list the type at /${folder}, an address of the site itself: ${own}; choose another. Nothing was saved.`);
  // A folder named like a language or a top-level page would take that address from it.
  if (Object.hasOwn(site.languages, folder)) throw invalidSetting(`The folder ${folder} is a language code: its addresses (/${folder}/…) are the ${site.languages[folder]} pages. Nothing was saved.`);
  // Posts and top-level pages share the root addresses with the type folders.
  for (const id of [`pages/${folder}`, `posts/${folder}`]) {
    if (context.store.entry(id)) throw invalidSetting(`The entry ${id} has the address /${folder} already; choose another folder. Nothing was saved.`);
  }
  // An entry given that address by its slug field, in any language (/<folder>, /<language>/<folder>).
  for (const code of Object.keys(site.languages)) {
    const path = code === site.defaultLanguage ? `/${folder}` : `/${code}/${folder}`;
    const found = context.store.atPath(path);
    if (found) throw invalidSetting(`The entry ${found.entry.id} has the address ${path} already, where the type's list would be; choose another folder. Nothing was saved.`);
  }
  checkLabel(`the type ${key}`, add.label);
}

function applyLabels(draft: SiteYamlDraft, input: ContentTypesInput, changed: string[]): void {
  const raw = (draft.before.types ?? {}) as Record<string, Record<string, unknown> | undefined>;
  for (const [key, wanted] of Object.entries(input.labels)) {
    const type = draft.site.types.find((item) => item.key === key)!;
    const label = checkLabel(`the type ${key}`, wanted);
    if (label === type.label) continue;
    // A core type's entry needs its folder beside the label (site.yaml's rule); it is always the same.
    if (raw[key] === undefined) draft.document.setIn(['types', key], { folder: type.folder, label });
    else draft.document.setIn(['types', key, 'label'], label);
    changed.push(`the label of ${key}`);
  }
}

/** Saves the content types; `expectedVersion` is the version of site.yaml the form was filled from. */
export function saveContentTypes(context: WriteContext, actor: Actor, input: ContentTypesInput, expectedVersion: string): string[] {
  requireSettingsRight(actor);
  return editSiteYaml(context, actor, expectedVersion, (draft) => {
    const { site } = draft;
    for (const key of [...Object.keys(input.labels), ...input.remove]) {
      if (!site.types.some((type) => type.key === key)) throw invalidSetting(`The site has no type "${key.slice(0, 40)}" (its types are ${typeNames(site)}); reload the page. Nothing was saved.`);
    }
    for (const key of input.remove) {
      if (CORE.has(key)) throw invalidSetting(`The type ${key} is part of every site and cannot be removed; its label can change. Nothing was saved.`);
      const entries = context.store.entries().filter((entry) => entry.type.key === key);
      if (entries.length > 0) throw new AppError('conflict', `The type ${key} still has ${entriesPhrase(entries)}; delete them first (they go to the Trash). Nothing was saved.`);
    }
    if (input.add) checkNewType(context, site, input.add);
    const changed: string[] = [];
    applyLabels(draft, { ...input, labels: Object.fromEntries(Object.entries(input.labels).filter(([key]) => !input.remove.includes(key))) }, changed);
    for (const key of input.remove) {
      draft.document.deleteIn(['types', key]);
      changed.push(`removed the type ${key}`);
    }
    if (input.add) {
      const key = input.add.key.trim();
      draft.document.setIn(['types', key], { folder: input.add.folder.trim(), label: input.add.label.trim() });
      changed.push(`added the type ${key}`);
    }
    return changed;
  });
}
