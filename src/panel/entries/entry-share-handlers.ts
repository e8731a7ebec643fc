// Making and revoking preview links from an entry's page. Making one needs a translation this person may
// see (the rule content_read follows); the new link's address is shown once on a page of its own. Revoking
// needs to have made the link, or the right to change the translation it shows.
import type { PanelDeps } from '../panel-deps.js';
import type { RequestContext } from '../../http/router.js';
import { redirect } from '../../http/respond.js';
import { AppError } from '../../errors.js';
import { canSeeTranslation } from '../../content/content-rights.js';
import { isEntryId } from '../../content/entries/entry-id.js';
import { previewLinkAddress, type PreviewPin } from '../../content/write/preview-links.js';
import { renderPage, sendPanelMessage, sendPanelPage } from '../layout.js';
import { panelActor } from '../panel-principal.js';
import { requirePanelPost } from '../panel-session.js';
import { siteTimeOf } from '../site-time.js';
import { entryPageHref } from './entries-list-view.js';
import { mayRevoke, previewLinksOf, showsText } from './entry-share.js';
import { renderMadeLink } from './entry-share-view.js';
import { words } from '../words/panel-words.js';

/** `<language>:now`, `<language>:latest`, `<language>:rev:<revision id>` (the form's choices). */
function parseWhat(what: string): { language: string; pin: PreviewPin } | null {
  const match = /^([a-z]{2,3}(?:-[A-Za-z0-9]{2,8})?):(now|latest|rev:([0-9A-Za-z-]{1,40}))$/.exec(what);
  if (!match) return null;
  const pin: PreviewPin = match[2] === 'now' ? { kind: 'now' } : match[2] === 'latest' ? { kind: 'latest' } : { kind: 'revision', id: match[3]! };
  return { language: match[1]!, pin };
}

export function createShareHandlers(deps: PanelDeps) {
  const links = previewLinksOf(deps);

  /** The form, who sent it, and the entry it names (undefined when there is none); null after a refusal. */
  const postedTo = async (ctx: RequestContext) => {
    const posted = await requirePanelPost(ctx, deps, 'content.write');
    if (!posted) return null;
    const id = posted.form.get('id') ?? '';
    return { ...posted, actor: panelActor(posted.session), entry: isEntryId(id) ? deps.content.entry(id) : undefined };
  };

  return {
    async create(ctx: RequestContext): Promise<void> {
      const posted = await postedTo(ctx);
      if (!posted) return;
      const { session, form, actor, entry } = posted;
      const w = words().entries.share;
      const what = parseWhat(form.get('what') ?? '');
      const translation = what ? entry?.translations.get(what.language) : undefined;
      if (!entry || !translation || !canSeeTranslation(actor.principal, entry, translation)) {
        return sendPanelMessage(ctx, 404, words().entries.entry.noEntry, w.noEntryText, session);
      }
      const hours = Number(form.get('hours') ?? '');
      try {
        const made = links.create(actor, entry, translation, what!.pin, hours);
        const timeZone = deps.content.site().timezone;
        const body = renderMadeLink({
          title: translation.title, entryHref: entryPageHref(entry.id), address: previewLinkAddress(deps.config.baseUrl, made.token),
          shows: showsText(made.link, timeZone), until: `${siteTimeOf(made.link.expires, timeZone)} (${timeZone})`,
        });
        sendPanelPage(ctx, 201, renderPage({ title: w.pageTitle, viewer: session, active: 'content', body }));
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        sendPanelMessage(ctx, error.status, w.notMade, error.message, session);
      }
    },

    async revoke(ctx: RequestContext): Promise<void> {
      const posted = await postedTo(ctx);
      if (!posted) return;
      const { session, form, actor, entry } = posted;
      const w = words().entries.share;
      const found = entry ? links.forEntry(entry.id).find((item) => item.id === form.get('link')) : undefined;
      if (!entry || !found) return sendPanelMessage(ctx, 404, w.noLink, w.noLinkText, session);
      if (!mayRevoke(actor.principal, entry, found.link)) return sendPanelMessage(ctx, 403, w.notRevoked, w.notRevokedText, session);
      if (!links.revoke(actor, entry.id, found.id)) return sendPanelMessage(ctx, 404, w.noLink, w.noLinkText, session);
      redirect(ctx.res, `${entryPageHref(entry.id)}?done=preview-revoked&language=${encodeURIComponent(found.link.language)}#share`, 303, { 'cache-control': 'no-store' });
    },
  };
}
