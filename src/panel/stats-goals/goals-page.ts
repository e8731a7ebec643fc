// /svc/panel/stats/goals: people whose role has stats.view define the site's goals (stats/goals.ts). Adding
// and removing are forms with the session's CSRF token; a goal that cannot be one is refused with the
// sentence saying why, the form kept as entered, and nothing saved.
import type { PanelDeps } from '../panel-deps.js';
import type { Router, RequestContext } from '../../http/router.js';
import { redirect } from '../../http/respond.js';
import { isAppError } from '../../errors.js';
import { renderPage, sendPanelPage } from '../layout.js';
import { requirePanelPost, requirePanelSession, type PanelSession } from '../panel-session.js';
import { renderGoalsPage, GOALS_PATH, type GoalsFormValues } from './goals-view.js';
import { words } from '../words/panel-words.js';

/** The notice after a redirect back: `?done=added` or `?done=removed` (anything else shows none). */
function doneNotice(done: string | null): string | undefined {
  const w = words().statsGoals;
  return done === 'added' ? w.added : done === 'removed' ? w.removed : undefined;
}

function send(ctx: RequestContext, deps: PanelDeps, session: PanelSession, status: number, notice: { kind: 'ok' | 'error'; text: string } | null, values?: GoalsFormValues): void {
  const body = renderGoalsPage(session.csrf, deps.stats.goals.list(), values);
  sendPanelPage(ctx, status, renderPage({ title: words().statsGoals.title, viewer: session, active: 'stats', body, notice }));
}

function showGoals(ctx: RequestContext, deps: PanelDeps): void {
  const session = requirePanelSession(ctx, deps, 'stats.view');
  if (!session) return;
  const done = doneNotice(ctx.url.searchParams.get('done'));
  send(ctx, deps, session, 200, done ? { kind: 'ok', text: done } : null);
}

async function addGoal(ctx: RequestContext, deps: PanelDeps): Promise<void> {
  const posted = await requirePanelPost(ctx, deps, 'stats.view');
  if (!posted) return;
  const { form, session } = posted;
  const values: GoalsFormValues = {};
  for (const key of ['name', 'kind', 'pattern', 'event', 'scroll'] as const) values[key] = (form.get(key) ?? '').slice(0, 400);
  try {
    // Only the fields the kind uses are read: a form keeps the others as typed.
    const kind = values.kind;
    deps.stats.goals.add({
      kind, name: values.name,
      ...(kind === 'page' || kind === 'scroll' ? { pattern: values.pattern } : {}),
      ...(kind === 'event' ? { event: values.event } : {}),
      ...(kind === 'scroll' ? { scroll: values.scroll } : {}),
    });
  } catch (error) {
    if (!isAppError(error) || error.status !== 422) throw error;
    send(ctx, deps, session, 422, { kind: 'error', text: error.message }, values);
    return;
  }
  redirect(ctx.res, `${GOALS_PATH}?done=added`, 303, { 'cache-control': 'no-store' });
}

async function removeGoal(ctx: RequestContext, deps: PanelDeps): Promise<void> {
  const posted = await requirePanelPost(ctx, deps, 'stats.view');
  if (!posted) return;
  if (!deps.stats.goals.remove(posted.form.get('id') ?? '')) {
    send(ctx, deps, posted.session, 404, { kind: 'error', text: words().statsGoals.noSuch });
    return;
  }
  redirect(ctx.res, `${GOALS_PATH}?done=removed`, 303, { 'cache-control': 'no-store' });
}

export function registerGoalsPage(router: Router, deps: PanelDeps): void {
  router.get(GOALS_PATH, (ctx) => showGoals(ctx, deps));
  router.post(GOALS_PATH, (ctx) => addGoal(ctx, deps));
  router.post(`${GOALS_PATH}/remove`, (ctx) => removeGoal(ctx, deps));
}
