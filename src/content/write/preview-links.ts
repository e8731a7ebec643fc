// Preview links: an address that shows one translation to whoever holds it, without signing in, until it
// ends (1 hour to 7 days), is revoked, or the entry or translation is deleted. The link is
// `<secret>.<signature>`: the secret is kept only as its SHA-256 (`data/previews/<hash>.json`, the same
// hashed-link folder as the team's invitations), and the signature is an HMAC of it with the site's own
// secret (lib/site-secret.ts), so a link altered by one character, or made by another site, is refused before
// any file is read. A link shows either the text as it was when the link was made (or a kept revision), kept
// in its record, or the latest saved text.
import { createHmac, timingSafeEqual } from '../../lib/node-builtins.js';
import { join } from 'node:path';
import { AppError } from '../../errors.js';
import { HashedLinkFolder, LINK_SECRET, linkIdOf, type LinkTimes } from '../../auth/hashed-links.js';
import { siteSecret } from '../../lib/site-secret.js';
import type { Entry, Translation } from '../entries/types.js';
import { readRevision } from '../revisions.js';
import { readTranslationFile } from './translation-file.js';
import { recordChange, type Actor, type WriteContext } from './write-context.js';

/**
 * Where a link opens, without signing in: under the panel's prefix, which the shipped Varnish and nginx
 * configurations pass to the site and never keep.
 */
export const PREVIEW_LINK_PATH = '/svc/panel/preview-link';

export function previewLinkAddress(baseUrl: string, token: string): string {
  return `${baseUrl}${PREVIEW_LINK_PATH}/${token}`;
}

export const PREVIEW_MIN_HOURS = 1;
export const PREVIEW_MAX_HOURS = 7 * 24;
/** Open links per entry: enough for every reviewer, not a folder anyone can fill. */
export const PREVIEW_LINKS_PER_ENTRY = 50;

export interface PreviewLink extends LinkTimes {
  kind: 'preview';
  entry: string;
  language: string;
  /** `pinned`: the text in `text` (and the CSS in `style`); `latest`: the translation as saved at each view. */
  shows: 'pinned' | 'latest';
  /** The kept revision pinned, or null for the text of the moment the link was made. */
  revision: string | null;
  text: string | null;
  style: string | null;
  /** Account id of the person who made it; the link works only while they may still read the translation. */
  createdBy: string;
  via: 'panel' | 'mcp';
  /** The token's name when made through MCP. */
  token: string | null;
}

/** What the page a link opens is drawn from (site/shared-preview-page.ts draws it, the panel serves it). */
export interface SharedPreview {
  entry: Entry;
  /** The translation as the site has it now. */
  translation: Translation;
  /** The text (front matter and body) and CSS the link pins, and what to call them; absent: the latest text. */
  pinned?: { text: string; style: string | null; label: string };
  sharedBy: string;
  /** When the link ends, as people read it (site time and zone). */
  until: string;
  /** The link's own address (its media are below it). */
  address: string;
}

/** What a link shows: the text now (kept), the latest saved text, or a kept revision (kept). */
export type PreviewPin = { kind: 'now' } | { kind: 'latest' } | { kind: 'revision'; id: string };

export type PreviewOpening = { ok: true; id: string; link: PreviewLink } | { ok: false; why: 'forged' | 'ended' };

const SIGNED = /^([A-Za-z0-9_-]{43})\.([A-Za-z0-9_-]{43})$/;

export class PreviewLinks {
  private readonly folder: HashedLinkFolder<PreviewLink>;

  constructor(private readonly context: WriteContext) {
    this.folder = new HashedLinkFolder<PreviewLink>(context.store.trustedFolders, join(context.dataDir, 'previews'), context.clock);
  }

  /**
   * Makes a link to `translation` (which `actor` may read: the caller checks) and records it in the history.
   * Returns the token (shown once) and the record.
   */
  create(actor: Actor, entry: Entry, translation: Translation, pin: PreviewPin, hours: number): { token: string; id: string; link: PreviewLink } {
    if (!Number.isInteger(hours) || hours < PREVIEW_MIN_HOURS || hours > PREVIEW_MAX_HOURS) {
      throw new AppError('invalid_params', `A preview link lasts ${PREVIEW_MIN_HOURS} to ${PREVIEW_MAX_HOURS} hours (7 days); ${String(hours).slice(0, 20)} is not among them.`);
    }
    if (this.forEntry(entry.id).length >= PREVIEW_LINKS_PER_ENTRY) {
      throw new AppError('invalid_params', `${entry.id} has ${PREVIEW_LINKS_PER_ENTRY} open preview links already; revoke some on its page in the panel first.`);
    }
    const text = pin.kind === 'now' ? readTranslationFile(this.context, translation.file).text
      : pin.kind === 'revision' ? readRevision(this.context.store.trustedFolders, this.context.dataDir, entry.id, translation.language, pin.id) : null;
    const made = this.folder.create({
      kind: 'preview', entry: entry.id, language: translation.language, shows: pin.kind === 'latest' ? 'latest' : 'pinned',
      revision: pin.kind === 'revision' ? pin.id : null, text, style: pin.kind === 'latest' ? null : entry.style,
      createdBy: actor.principal.accountId, via: actor.via, token: actor.via === 'mcp' ? actor.principal.tokenName : null,
    }, hours * 3600_000);
    const what = pin.kind === 'latest' ? 'the latest saved text' : pin.kind === 'revision' ? `the version kept at ${pin.id}` : 'the text as it is now';
    recordChange(this.context, actor, 'preview_link', entry.id, translation.language, `shows ${what}, until ${made.record.expires.slice(0, 16).replace('T', ' ')} UTC (link ${made.id.slice(0, 12)})`, { servedChanged: false });
    return { token: `${made.secret}.${this.signatureOf(made.secret)}`, id: made.id, link: made.record };
  }

  /** The link a token opens: `forged` when it is not one this site signed, `ended` when revoked, expired or deleted. */
  open(token: string): PreviewOpening {
    const match = SIGNED.exec(token);
    if (!match || !LINK_SECRET.test(match[1]!)) return { ok: false, why: 'forged' };
    const expected = Buffer.from(this.signatureOf(match[1]!));
    const given = Buffer.from(match[2]!);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { ok: false, why: 'forged' };
    const taken = this.folder.peek(match[1]!);
    if (!taken || taken.kind !== 'preview') return { ok: false, why: 'ended' };
    return { ok: true, id: linkIdOf(match[1]!), link: taken };
  }

  /** Open links to the entry, newest first. */
  forEntry(entryId: string): Array<{ id: string; link: PreviewLink }> {
    return this.folder.list().filter(({ record }) => record.entry === entryId).map(({ id, record }) => ({ id, link: record }));
  }

  /** Revokes one open link of the entry and records it; false when there is none with this id. */
  revoke(actor: Actor, entryId: string, id: string): boolean {
    const link = this.folder.read(id);
    if (!link || link.entry !== entryId || !this.folder.withdraw(id)) return false;
    recordChange(this.context, actor, 'preview_link_revoked', entryId, link.language, `link ${id.slice(0, 12)}`, { servedChanged: false });
    return true;
  }

  /** Ends every link to the entry (or to one of its translations) at once: it was deleted. */
  endFor(entryId: string, language: string | null): void {
    for (const { id, link } of this.forEntry(entryId)) if (language === null || link.language === language) this.folder.withdraw(id);
  }

  /** The signature of a secret with this site's key, base64url (43 characters). */
  private signatureOf(secret: string): string {
    return createHmac('sha256', siteSecret(this.context.store.trustedFolders, this.context.dataDir)).update(`svc preview link\n${secret}`).digest('base64url');
  }
}
