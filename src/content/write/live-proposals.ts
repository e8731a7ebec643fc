// "Assistants' changes to published entries wait too" (`approval_live` in site.yaml, off by default, so the
// specification's behaviour stays the default): with it on, content_update and content_style through MCP on a
// published or scheduled entry leave the public text as it is; the change is kept as pending
// (content/pending-changes.ts) and waits for a person under Waiting for approval (live-approval.ts), as
// drafts do. A second pending change replaces the first: the first is kept as a revision (or a CSS version),
// so both stay. People in the panel are never held.
import { dirname, join } from 'node:path';
import { chooseFreeName, type CheckedUpload } from '../media.js';
import { serializeFrontMatter } from '../entries/front-matter.js';
import { pendingFile, pendingMediaFile } from '../pending-changes.js';
import { saveRevision, saveStyleVersion } from '../revisions.js';
import { loadSiteConfig } from '../settings/site-config.js';
import type { EntryStatus } from '../entries/types.js';
import { recordChange, storageOf } from './write-context.js';
import type { Actor, WriteContext } from './write-context.js';

export const MEDIA_WAITING_MESSAGE = 'The entry is published and assistants\' changes to published entries wait for approval on this site: the image is kept aside and served at this address once a person publishes it under Waiting for approval.';

export const WAITING_MESSAGE = 'The entry is published and assistants\' changes to published entries wait for approval on this site: the public text is unchanged; a person publishes the change or sends it back under Waiting for approval.';

/** Read from site.yaml itself (as approval mode is): a change right after the switch must see it. */
export function isLiveApprovalOn(context: WriteContext): boolean {
  try {
    return loadSiteConfig(join(context.store.contentDir, 'site.yaml'), context.store.trustedFolders, (file) => storageOf(context).readText(file)).approvalLive;
  } catch {
    return false;
  }
}

/** Whether a change by `actor` to something public in this state waits instead of going live. */
export function holdsLiveChange(context: WriteContext, actor: Actor, status: EntryStatus | 'any-public'): boolean {
  return actor.via === 'mcp' && status !== 'draft' && isLiveApprovalOn(context);
}

/** The pending file's text, or null without one. */
export function readPending(context: WriteContext, id: string, language: string | null): string | null {
  const storage = storageOf(context);
  const file = pendingFile(context.dataDir, id, language);
  return storage.exists(file) ? storage.readText(file) : null;
}

/** Keeps a proposed translation (called inside the entry's lock by update-entry); the one it replaces becomes a revision. */
export function proposeText(context: WriteContext, actor: Actor, id: string, language: string, fields: Record<string, unknown>, body: string): void {
  const storage = storageOf(context);
  const replaced = readPending(context, id, language);
  if (replaced !== null) saveRevision(context.dataDir, id, language, context.clock(), replaced, storage);
  storage.writeAtomic(pendingFile(context.dataDir, id, language), serializeFrontMatter(fields, body), 0o600);
  recordChange(context, actor, 'propose_change', id, language, replaced === null ? 'waits for approval' : 'waits for approval; replaces the change proposed before (kept as a revision)', { servedChanged: false });
}

/** Keeps proposed CSS (inside the entry's lock, by style-entry); the CSS it replaces becomes a version. */
export function proposeStyle(context: WriteContext, actor: Actor, id: string, css: string): void {
  const storage = storageOf(context);
  const replaced = readPending(context, id, null);
  if (replaced !== null) saveStyleVersion(context.dataDir, id, context.clock(), replaced, storage);
  storage.writeAtomic(pendingFile(context.dataDir, id, null), css, 0o600);
  recordChange(context, actor, 'propose_change', id, null, replaced === null ? 'CSS waits for approval' : 'CSS waits for approval; replaces the CSS proposed before (kept as a version)', { servedChanged: false });
}


/** Keeps an image uploaded for a live entry (inside the entry's lock, by upload-media) under a name free in both folders. */
export function proposeMedia(context: WriteContext, actor: Actor, id: string, upload: CheckedUpload, liveDir: string): string {
  const storage = storageOf(context);
  const waitingDir = dirname(pendingMediaFile(context.dataDir, id, 'x'));
  let name = upload.fileName;
  for (;;) {
    const free = chooseFreeName(waitingDir, chooseFreeName(liveDir, name, storage), storage);
    if (free === name) break;
    name = free;
  }
  storage.writeAtomic(join(waitingDir, name), upload.bytes, 0o600);
  recordChange(context, actor, 'propose_change', id, null, `${name} waits for approval`, { servedChanged: false });
  return name;
}
