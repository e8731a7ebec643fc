// /svc/panel/webhooks: the webhook endpoints (admin only: settings.manage), adding one (its secret shown
// once), and per endpoint its delivery log with "send again", rotating the secret, resuming and deleting.
import type { Router, RequestContext } from '../../http/router.js';
import type { PanelSessionDeps } from '../panel-deps.js';
import { renderPage, sendPanelPage, sendPanelMessage } from '../layout.js';
import { redirect } from '../../http/respond.js';
import { requirePanelPost, requirePanelSession, type PanelSession } from '../panel-session.js';
import type { NewEndpoint, WebhookEndpoint } from '../../edge/webhook-endpoints.js';
import type { EndpointDeliveries } from '../../edge/webhook-queue.js';
import { renderEndpoint, renderEndpointList, secretShown, WEBHOOKS_PATH } from './webhooks-view.js';
import { words } from '../words/panel-words.js';

/** What the pages do with the endpoints and their deliveries (edge/webhook-admin.ts, built by the composition root). */
export interface WebhookPanelAdmin {
  list(): WebhookEndpoint[];
  damage(): string | null;
  get(id: string): WebhookEndpoint | undefined;
  create(input: NewEndpoint): { endpoint: WebhookEndpoint; secret: string };
  rotate(id: string): string;
  remove(id: string): Promise<void>;
  resume(id: string): Promise<void>;
  sendAgain(id: string, messageId: string): Promise<boolean>;
  deliveries(id: string): EndpointDeliveries;
}

const showList = (ctx: RequestContext, session: PanelSession, admin: WebhookPanelAdmin, status = 200, problem: string | null = null, shown = '') =>
  sendPanelPage(ctx, status, renderPage({ title: words().webhooks.title, viewer: session, active: 'webhooks', body: renderEndpointList(admin.list(), admin.damage(), session.csrf, problem, shown) }));

function showEndpoint(ctx: RequestContext, session: PanelSession, admin: WebhookPanelAdmin, id: string, shown = ''): void {
  const endpoint = admin.get(id);
  if (!endpoint) return sendPanelMessage(ctx, 404, words().webhooks.noSuch, words().webhooks.noSuchText, session);
  sendPanelPage(ctx, 200, renderPage({ title: words().webhooks.endpoint, viewer: session, active: 'webhooks', body: renderEndpoint(endpoint, admin.deliveries(id), session.csrf, shown) }));
}

export function registerWebhookRoutes(router: Router, deps: PanelSessionDeps, admin: WebhookPanelAdmin): void {
  router.get(WEBHOOKS_PATH, (ctx) => {
    const session = requirePanelSession(ctx, deps, 'settings.manage');
    if (session) showList(ctx, session, admin);
  });
  router.post(WEBHOOKS_PATH, async (ctx) => {
    const posted = await requirePanelPost(ctx, deps, 'settings.manage');
    if (!posted) return;
    const { form, session } = posted;
    const status = form.get('status') || undefined;
    try {
      const { endpoint, secret } = admin.create({
        url: form.get('url') ?? '', events: form.getAll('events'), drafts: form.get('drafts') === '1',
        filters: { type: form.get('type') ?? undefined, tag: form.get('tag') ?? undefined, language: form.get('language') ?? undefined, status: status as never },
      });
      showEndpoint(ctx, session, admin, endpoint.id, secretShown(secret, words().webhooks.added));
    } catch (error) {
      showList(ctx, session, admin, 422, (error as Error).message);
    }
  });
  router.get(`${WEBHOOKS_PATH}/endpoint`, (ctx) => {
    const session = requirePanelSession(ctx, deps, 'settings.manage');
    if (session) showEndpoint(ctx, session, admin, ctx.url.searchParams.get('id') ?? '');
  });
  const act = (path: string, run: (id: string, form: URLSearchParams, session: PanelSession, ctx: RequestContext) => void | Promise<void>) => {
    router.post(`${WEBHOOKS_PATH}/${path}`, async (ctx) => {
      const posted = await requirePanelPost(ctx, deps, 'settings.manage');
      if (!posted) return;
      const id = posted.form.get('id') ?? '';
      // A damaged endpoints file holds no endpoint to find: its sentence says why, not "no such endpoint".
      const damage = admin.damage();
      if (damage !== null) return sendPanelMessage(ctx, 409, words().webhooks.title, damage, posted.session);
      if (!admin.get(id)) return sendPanelMessage(ctx, 404, words().webhooks.noSuch, words().webhooks.noSuchText, posted.session);
      await run(id, posted.form, posted.session, ctx);
    });
  };
  const back = (ctx: RequestContext, id: string) => redirect(ctx.res, `${WEBHOOKS_PATH}/endpoint?id=${encodeURIComponent(id)}`, 303, { 'cache-control': 'no-store' });
  act('rotate', (id, _form, session, ctx) => showEndpoint(ctx, session, admin, id, secretShown(admin.rotate(id), words().webhooks.rotated)));
  act('resume', async (id, _form, _session, ctx) => { await admin.resume(id); back(ctx, id); });
  act('send-again', async (id, form, _session, ctx) => { await admin.sendAgain(id, form.get('message') ?? ''); back(ctx, id); });
  act('delete', async (id, _form, _session, ctx) => { await admin.remove(id); redirect(ctx.res, WEBHOOKS_PATH, 303, { 'cache-control': 'no-store' }); });
}
