// The entry preview's pages: `ui://svc/entry-preview/<hash>/<language>/<entry id>`, one self-contained
// document per version of a translation's page (self-contained.ts). The hash covers the page as drawn and
// the size and time of every image it shows, so the address changes whenever what it shows does (hosts
// keep resources per address); a read is answered from the documents kept by address while the content is
// unchanged, and otherwise only when the page still is what the address names. Only a token
// that may read the translation gets it: the same rule as content_read (someone else's draft is as good as
// absent), checked again at every read.
import { createHash } from '../../lib/node-builtins.js';
import { canSeeTranslation } from '../../content/content-rights.js';
import type { Entry, Translation } from '../../content/entries/types.js';
import type { ContentStore } from '../../content/store.js';
import { AppError } from '../../errors.js';
import { ErrorCodes, RpcError } from '../../jsonrpc/messages.js';
import { LruCache } from '../../lib/lru.js';
import { holdsScope } from '../../auth/principal.js';
import type { McpContext } from '../context.js';
import { refusalSentence } from '../tool-call.js';
import { resolveEntry, resolveLanguage, unknownEntry } from '../tools/lookup.js';
import { isEntryId } from '../../content/entries/entry-id.js';
import { mediaAddresses, mediaStamp, selfContained } from './self-contained.js';

/** The public page of a translation as the site draws it (the composition root gives site/'s preview renderer). */
export type PageRenderer = (store: ContentStore, entry: Entry, translation: Translation, log: (line: string) => void) => string | null;

/** A resources/read result, made once per document and handed out again (app-catalog.ts). */
export type ReadAnswer = { contents: Array<Record<string, unknown>> };

export interface PreviewLink {
  uri: string;
  id: string;
  language: string;
  title: string;
  status: string;
}

const PREFIX = 'ui://svc/entry-preview/';
const ADDRESS = /^ui:\/\/svc\/entry-preview\/([0-9a-f]{16})\/([A-Za-z0-9-]{1,20})\/(.+)$/;
/** Kept documents: a few dozen previews, at most 64 MB of text (images are in them as base64). */
const KEPT_DOCUMENTS = 32;
const KEPT_BYTES = 64 * 1024 * 1024;

/** A preview's answer, with what it was made from: which store, at which generation, of which entry. */
interface Kept {
  store: ContentStore;
  generation: number;
  entry: Entry;
  translation: Translation;
  document: string;
  answer: ReadAnswer;
}

export class EntryPreviews {
  // A kept document's size: itself, its JSON text in the answer, and that text's bytes once sent over HTTP.
  private readonly kept = new LruCache<string, Kept>(KEPT_DOCUMENTS, { maxBytes: KEPT_BYTES, sizeOf: (kept) => kept.document.length * 5 });

  constructor(private readonly render: PageRenderer, private readonly answerOf: (uri: string, document: string) => ReadAnswer) {}

  static owns(uri: string): boolean {
    return uri.startsWith(PREFIX);
  }

  /** The preview of the translation content_read would show for (id, language), or null when there is none to show. */
  linkFor(context: McpContext, id: unknown, language: unknown): PreviewLink | null {
    if (typeof id !== 'string' || !holdsScope(context.principal, 'content:read')) return null;
    const store = context.deps.content;
    let entry: Entry;
    let requested: string;
    try {
      entry = resolveEntry(store, id);
      requested = resolveLanguage(store, typeof language === 'string' ? language : undefined);
    } catch {
      return null;
    }
    const visible = [...entry.translations.values()].filter((t) => canSeeTranslation(context.principal, entry, t));
    const translation = visible.find((t) => t.language === requested) ?? visible.find((t) => t.language === store.site().defaultLanguage) ?? visible[0];
    if (!translation) return null;
    const page = this.page(context, entry, translation);
    return page && { uri: page.uri, id: entry.id, language: translation.language, title: translation.title, status: translation.status };
  }

  /**
   * resources/read of a preview address: its answer, or a sentence saying why not. A kept answer whose
   * content is unchanged (the store's generation, which notices every svc process's writes and, by its tiers,
   * hand edits) comes back without a promise, the token's right to the translation checked on the entry as
   * the store held it when the answer was made; anything else looks at the entry on disk first.
   */
  read(uri: string, context: McpContext): ReadAnswer | Promise<ReadAnswer> {
    if (!holdsScope(context.principal, 'content:read')) {
      return refusalSentence(context.principal, 'content:read', `read the preview ${uri.slice(0, 200)}`).then((sentence) => { throw new RpcError(ErrorCodes.invalidParams, sentence); });
    }
    const match = ADDRESS.exec(uri);
    if (!match) throw new RpcError(ErrorCodes.invalidParams, `${uri.slice(0, 200)} is not a preview address; use the one a tool's answer names in _meta["svc/preview"].uri.`);
    const [, , language, id] = match;
    const store = context.deps.content;
    try {
      const generation = store.generation;
      const kept = this.kept.get(uri);
      if (kept !== undefined && kept.store === store && kept.generation === generation) {
        if (!canSeeTranslation(context.principal, kept.entry, kept.translation)) throw unknownEntry(id!);
        return kept.answer;
      }
      const entry = resolveEntry(store, id!);
      const translation = entry.translations.get(language!);
      if (!translation || !canSeeTranslation(context.principal, entry, translation)) throw unknownEntry(id!);
      // Kept while the content is unchanged: a repeated read neither draws the page nor reads an image.
      const page = this.page(context, entry, translation);
      if (!page) throw unknownEntry(id!);
      if (page.uri !== uri) {
        throw new AppError('invalid_params', `The ${language} page of ${entry.id} has changed since this preview address was made; call content_read again for the new one.`);
      }
      const same = kept?.store === store;
      const document = same ? kept!.document : selfContained(store.trustedFolders, page.html, store.contentDir, store.site().url, (owner) => owner === entry.id || isPublicEntry(store, owner));
      const answer = same ? kept!.answer : this.answerOf(uri, document);
      this.kept.set(uri, { store, generation: store.generation, entry, translation, document, answer });
      return answer;
    } catch (error) {
      if (error instanceof AppError && error.kind !== 'internal') throw new RpcError(ErrorCodes.invalidParams, error.message, { uri: uri.slice(0, 200) });
      throw error;
    }
  }

  private page(context: McpContext, entry: Entry, translation: Translation): { uri: string; html: string } | null {
    const store = context.deps.content;
    const html = this.render(store, entry, translation, context.deps.log);
    if (html === null) return null;
    const stamp = mediaStamp(store.trustedFolders, store.contentDir, store.site().url, mediaAddresses(html));
    const hash = createHash('sha256').update(html).update('\n').update(stamp).digest('hex').slice(0, 16);
    return { uri: `${PREFIX}${hash}/${translation.language}/${entry.id}`, html };
  }
}

/** An entry with a published translation: its files are for anyone with content:read, as a preview's reader is. */
function isPublicEntry(store: ContentStore, id: string): boolean {
  if (!isEntryId(id)) return false;
  const entry = store.entryOncePerTurn(id);
  return entry !== undefined && [...entry.translations.values()].some((t) => t.status === 'published');
}
