// One way to change content/site.yaml from the panel, for every settings section: the file is edited as a
// YAML document (the `yaml` package), so its comments, its order and keys svc does not know stay as the
// person wrote them; the result is checked by the same rules as at start (site-config.ts) before it is
// written atomically under the site's lock, and recorded in the history and the change feed with who did it.
// The form carries the version of the file it was filled from: of two admins saving at once the second is
// refused, never silently overwritten.
import { join } from 'node:path';
import { parse, parseDocument, type Document } from 'yaml';
import { AppError } from '../../errors.js';
import type { SiteConfig } from '../entries/types.js';
import { buildSiteConfig } from '../settings/site-config.js';
import { refuseIfChanged } from './version-stamp.js';
import { recordChange, storageOf, withEntryLock } from './write-context.js';
import type { Actor, WriteContext } from './write-context.js';

export const STALE_SETTINGS = 'The settings were changed by someone else since you opened this page; nothing was saved. The form below shows them as they are now with your values: check them, then save again.';

/** What an edit sees: the document to change, the file as it was (plain data) and the settings it gave. */
export interface SiteYamlDraft {
  document: Document;
  before: Record<string, unknown>;
  site: SiteConfig;
}

export function invalidSetting(message: string): AppError {
  return new AppError('invalid_params', message);
}

/** Refuses a person whose role may not change the settings (the panel checks too; this is the rule itself). */
export function requireSettingsRight(actor: Actor): void {
  if (!actor.principal.capabilities.has('settings.manage')) throw new AppError('forbidden', `Your role (${actor.principal.role}) may not change the site's settings.`);
}

/**
 * Applies `edit` to site.yaml; `edit` changes the document and returns the names of what it changed (none:
 * nothing is written), or throws an AppError (nothing is written). `expectedVersion` is the version of the
 * file the form was filled from. Returns what changed.
 */
export function editSiteYaml(context: WriteContext, actor: Actor, expectedVersion: string, edit: (draft: SiteYamlDraft) => string[]): string[] {
  requireSettingsRight(actor);
  return withEntryLock(context, 'site', () => {
    const storage = storageOf(context);
    const file = join(context.store.contentDir, 'site.yaml');
    const text = storage.readText(file);
    refuseIfChanged(expectedVersion, text, STALE_SETTINGS);
    const document = siteYamlDocument(text);
    const before = (document.toJS() ?? {}) as Record<string, unknown>;
    const changed = edit({ document, before, site: currentSettings(before, context) });
    if (changed.length === 0) return [];
    const next = document.toString();
    try {
      buildSiteConfig(parse(next));
    } catch (error) {
      throw invalidSetting(`The settings would not be valid: ${(error as Error).message}. Nothing was saved.`);
    }
    storage.writeAtomic(file, next);
    // Seen at the next read in this process, not only after the stamp check's interval: new settings make
    // every path again anyway (index-freshness.ts), which is what a full pass does.
    context.store.invalidate();
    recordChange(context, actor, 'settings', null, null, `changed ${changed.join(', ')}`);
    return changed;
  });
}

/**
 * site.yaml as a document to edit. A file a hand edit left unreadable as YAML (an unclosed quote, a key
 * twice) is refused with the parser's reason: the site runs on the settings it read before, and the panel
 * must not answer 500 or write over what the person is fixing.
 */
export function siteYamlDocument(text: string): Document {
  const document = parseDocument(text);
  const problem = document.errors[0];
  if (problem) throw new AppError('conflict', `content/site.yaml cannot be read as YAML (${problem.message.split('\n')[0]}); the site still runs on the settings it read before. Fix the file, then try again. Nothing was saved.`);
  return document;
}

/** The settings the file holds now; a file broken by hand gives the ones the site still serves with. */
function currentSettings(before: Record<string, unknown>, context: WriteContext): SiteConfig {
  try {
    return buildSiteConfig(before);
  } catch {
    return context.store.site();
  }
}

/** Sets `path` to `value` when it differs from what the file holds; a default (false, '') left out stays out. */
export function setIfChanged(draft: SiteYamlDraft, path: string[], value: unknown, changed: string[], name = path.join('.')): void {
  let current: unknown = draft.before;
  for (const key of path) current = typeof current === 'object' && current !== null ? (current as Record<string, unknown>)[key] : undefined;
  if (JSON.stringify(current) === JSON.stringify(value) || (current === undefined && (value === false || value === ''))) return;
  draft.document.setIn(path, value);
  if (!changed.includes(name)) changed.push(name);
}

/** A label as a person types it: trimmed, one line, 1 to `max` characters. */
export function checkLabel(what: string, label: string, max = 60): string {
  const trimmed = label.trim();
  if (trimmed === '' || trimmed.length > max || /[\u0000-\u001f\u007f]/.test(trimmed)) {
    throw invalidSetting(`The label of ${what} must be 1 to ${max} characters on one line (it has ${trimmed.length}). Nothing was saved.`);
  }
  return trimmed;
}
