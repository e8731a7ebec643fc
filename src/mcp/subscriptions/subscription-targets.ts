// What a URI a client asks to follow names, and whether its token may follow it: svc://site (needs no
// scope), or an entry's resource (svc://entry/{+id}{?lang}, needs content:read and an entry the token may
// read, by content_read's rules). Other resources are not followed: the statistics change with every visit.
// An entry the token may not read is refused with the very sentence of one that does not exist.
import { isAppError } from '../../errors.js';
import { ErrorCodes, RpcError } from '../../jsonrpc/messages.js';
import { holdsScope } from '../../auth/principal.js';
import { scopeRefusal } from '../../auth/scope-refusal.js';
import type { McpContext } from '../context.js';
import { printableUri, resourceNotFound } from '../mcp-methods.js';
import { entryTemplate } from '../resources/entry-template.js';
import { visibleLanguages } from '../resources/readable-entries.js';
import { resolveEntry, resolveLanguage, unknownEntry } from '../tools/lookup.js';
import { SITE_URI } from './listener-hub.js';
import type { SubscriptionTarget } from './listener.js';
import { MAX_URI_LENGTH } from '../uri-template.js';

const ENTRY_PREFIX = 'svc://entry/';

export interface Followed {
  target: SubscriptionTarget;
  /** The languages of the entry the token reads now (see Subscription.seen). */
  seen: ReadonlySet<string>;
}

/** The target of `uri`; null for a resource that is not followed; throws for one the token may not follow. */
export function subscriptionTarget(uri: string, { deps, principal }: McpContext): Followed | null {
  if (uri.length > MAX_URI_LENGTH) throw new RpcError(ErrorCodes.invalidParams, `A resource URI is at most ${MAX_URI_LENGTH} characters: ${printableUri(uri)}… is longer.`);
  if (uri === SITE_URI) return { target: { kind: 'site' }, seen: new Set() };
  const variables = entryTemplate.template.match(uri);
  if (!variables) {
    if (!uri.startsWith(ENTRY_PREFIX)) return null;
    throw new RpcError(ErrorCodes.invalidParams, `${printableUri(uri)} is not the URI of an entry: write svc://entry/<id> or svc://entry/<id>?lang=<language>, e.g. svc://entry/posts/hello?lang=en.`);
  }
  if (!holdsScope(principal, 'content:read')) throw new RpcError(ErrorCodes.invalidParams, scopeRefusal(principal, 'content:read', `follow ${printableUri(uri)}`)!);
  const { id, language } = entryTemplate.entryOf!(variables);
  try {
    if (language !== undefined) resolveLanguage(deps.content, language);
    const entry = resolveEntry(deps.content, id);
    const seen = visibleLanguages(principal, entry);
    if (seen.size === 0) throw unknownEntry(id);
    return { target: language === undefined ? { kind: 'entry', id: entry.id } : { kind: 'entry', id: entry.id, language }, seen };
  } catch (error) {
    if (isAppError(error) && error.kind === 'not_found') throw resourceNotFound(uri, error.message);
    if (isAppError(error)) throw new RpcError(ErrorCodes.invalidParams, error.message);
    throw error;
  }
}
