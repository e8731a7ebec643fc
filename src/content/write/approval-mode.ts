import { join } from 'node:path';
import { AppError } from '../../errors.js';
import { loadSiteConfig } from '../settings/site-config.js';
import { fileStorage } from '../storage/file-storage.js';
import type { WriteStorage } from '../storage/write-storage.js';
import type { ContentStore } from '../store.js';
import { siteYamlDocument } from './site-yaml-edit.js';
import { recordChange, storageOf, withEntryLock } from './write-context.js';
import type { Actor, WriteContext } from './write-context.js';

/**
 * Switches `approval_mode` (assistants' publishing waits) or `approval_live` (assistants' changes to published
 * entries wait too) in content/site.yaml (people with settings.manage, in the panel). The YAML is edited as a
 * document, so comments and the order of everything else stay as the person wrote them.
 */
export function setApprovalMode(context: WriteContext, actor: Actor, on: boolean, key: 'approval_mode' | 'approval_live' = 'approval_mode'): void {
  if (!actor.principal.capabilities.has('settings.manage')) {
    throw new AppError('forbidden', `Your role (${actor.principal.role}) may not change the site's settings.`);
  }
  withEntryLock(context, 'site', () => {
    const storage = storageOf(context);
    const file = join(context.store.contentDir, 'site.yaml');
    const document = siteYamlDocument(storage.readText(file));
    document.set(key, on);
    storage.writeAtomic(file, document.toString());
    // No invalidate(): it re-reads entries only; the store notices site.yaml's new stamp at its next check.
    recordChange(context, actor, 'approval_mode', null, null, key === 'approval_mode' ? (on ? 'on' : 'off') : `changes to published entries wait: ${on ? 'on' : 'off'}`);
  });
}

/**
 * Read from site.yaml itself, not the store's cached config: this switch decides whether anything goes live,
 * so a publish right after the switch (in this process or another) must see it. A file broken by hand gives
 * the settings the site still runs on (the store's), as everything else does until it is fixed.
 */
export function isApprovalModeOn(store: Pick<ContentStore, 'contentDir' | 'trustedFolders' | 'site'>, storage: WriteStorage = fileStorage(store.trustedFolders)): boolean {
  try {
    return loadSiteConfig(join(store.contentDir, 'site.yaml'), store.trustedFolders, (file) => storage.readText(file)).approvalMode;
  } catch {
    return store.site().approvalMode;
  }
}
