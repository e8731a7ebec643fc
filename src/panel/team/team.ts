// The Team page (team.manage): people and their roles, invitations and reset links (one-time-links.ts),
// removing a person (their tokens and sessions end at once, as the specification says). A change that would
// leave nobody able to manage the team is refused. Every change is in the history.
import type { PanelSessionDeps } from '../panel-deps.js';
import type { RequestContext, Router } from '../../http/router.js';
import { redirect } from '../../http/respond.js';
import { AppError } from '../../errors.js';
import { isAccountEmail } from '../../auth/account-store.js';
import { normalizeEmail } from '../../auth/account-reader.js';
import { appendHistory, type HistoryAction } from '../../content/history.js';
import { renderPage, sendPanelMessage, sendPanelPage, type PanelNotice } from '../layout.js';
import { requirePanelPost, requirePanelSession, type PanelSession } from '../panel-session.js';
import { siteTimeZoneOf } from '../site-time.js';
import { linkPurpose, renderTeam, TEAM_PATH, type TeamView } from './team-view.js';
import { JOIN_PATH, RESET_PATH } from './link-pages.js';
import { fill, words, type PanelWords } from '../words/panel-words.js';
import { fileStorage } from '../../content/storage/file-storage.js';


/** What a redirect back to the page may announce (`done=`), and its words: never text from the address. */
const DONE = { role: 'roleChanged', removed: 'removed', withdrawn: 'withdrawn' } as const satisfies Record<string, keyof PanelWords['team']>;

export function registerTeamRoutes(router: Router, deps: PanelSessionDeps): void {
  const auth = deps.auth;
  const managers = (role: string) => auth.roles.capabilities(role).has('team.manage');

  const send = (ctx: RequestContext, status: number, session: PanelSession, notice: PanelNotice | null, extra: Partial<Pick<TeamView, 'made' | 'invite'>> = {}) => {
    const people = auth.accounts.list().sort((a, b) => a.name.localeCompare(b.name)).map((account) => ({ account, tokens: auth.listTokens(account.id).length }));
    const names = new Map(people.map(({ account }) => [account.id, account.name]));
    const links = auth.links.list().map(({ id, record }) => ({ id, record, whoName: record.kind === 'reset' ? names.get(record.account) ?? record.account : record.email }));
    const body = renderTeam({ csrf: session.csrf, timeZone: siteTimeZoneOf(deps), selfId: session.account.id, people, roles: auth.roles.names(), links, made: extra.made ?? null, invite: extra.invite ?? { email: '', role: 'author' } });
    sendPanelPage(ctx, status, renderPage({ title: words().team.title, viewer: session, active: 'team', body, notice }));
  };

  const record = (session: PanelSession, action: HistoryAction, detail: string) =>
    appendHistory(deps.config.dataDir, { time: new Date(deps.clock()).toISOString(), person: session.account.id, action, entry: null, language: null, via: 'panel', token: null, detail }, fileStorage(deps.trustedFolders));

  /** The posted person, or not_found. */
  const personOf = (form: URLSearchParams) => {
    const account = auth.accounts.get(form.get('account') ?? '');
    if (!account) throw new AppError('not_found', words().team.noSuchPerson);
    return account;
  };

  /** Refuses a change after which nobody could manage the team. */
  const keepAManager = (leaving: string, newRole: string | null) => {
    const roleAfter = (account: { id: string; role: string }) => (account.id === leaving ? newRole : account.role);
    const left = auth.accounts.list().filter((account) => { const role = roleAfter(account); return role !== null && managers(role); });
    if (left.length === 0) throw new AppError('conflict', words().team.keepManager);
  };

  const act = (path: string, handle: (session: PanelSession, form: URLSearchParams, ctx: RequestContext) => void | Promise<void>) => {
    router.post(`${TEAM_PATH}/${path}`, async (ctx: RequestContext) => {
      const posted = await requirePanelPost(ctx, deps, 'team.manage');
      if (!posted) return;
      try {
        await handle(posted.session, posted.form, ctx);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        send(ctx, error.status, posted.session, { kind: 'error', text: error.message }, path === 'invite' ? { invite: { email: (posted.form.get('email') ?? '').slice(0, 320), role: (posted.form.get('role') ?? '').slice(0, 40) } } : {});
      }
    });
  };
  const done = (ctx: RequestContext, what: string) => redirect(ctx.res, `${TEAM_PATH}?done=${what}`, 303, { 'cache-control': 'no-store' });

  router.get(TEAM_PATH, (ctx: RequestContext) => {
    const session = requirePanelSession(ctx, deps, 'team.manage');
    if (!session) return;
    const what = ctx.url.searchParams.get('done') ?? '';
    send(ctx, 200, session, Object.hasOwn(DONE, what) ? { kind: 'ok', text: words().team[DONE[what as keyof typeof DONE]] } : null);
  });

  act('invite', (session, form, ctx) => {
    const email = normalizeEmail(form.get('email') ?? '');
    const role = form.get('role') ?? '';
    const w = words().team;
    // The check joining makes: an invitation it would refuse is a link nobody can use.
    if (!isAccountEmail(email)) throw new AppError('invalid_params', w.badEmail);
    if (!auth.roles.exists(role)) throw new AppError('invalid_params', w.chooseRole);
    if (auth.accounts.findByEmail(email)) throw new AppError('conflict', w.emailTaken);
    const { secret } = auth.links.create({ kind: 'invite', email, role, createdBy: session.account.id });
    record(session, 'team_invite', `${email} invited as ${role}`);
    send(ctx, 201, session, { kind: 'ok', text: fill(w.invitationMade, { email }) }, { made: { url: `${deps.config.baseUrl}${JOIN_PATH}?link=${secret}`, what: fill(w.invitationFor, { email }) } });
  });

  act('role', (session, form, ctx) => {
    const account = personOf(form);
    const role = form.get('role') ?? '';
    if (!auth.roles.exists(role)) throw new AppError('invalid_params', words().team.chooseRole);
    keepAManager(account.id, role);
    auth.changeRole(account.id, role);
    record(session, 'team_role', `${account.email}: ${account.role} -> ${role}`);
    done(ctx, 'role');
  });

  act('remove', (session, form, ctx) => {
    const account = personOf(form);
    if (form.get('confirm') !== 'yes') throw new AppError('invalid_params', fill(words().team.tickToRemove, { name: account.name }));
    if (account.id === session.account.id) throw new AppError('conflict', words().team.removeSelf);
    keepAManager(account.id, null);
    auth.removeAccount(account.id);
    record(session, 'team_remove', `${account.email} (${account.role}) removed`);
    done(ctx, 'removed');
  });

  act('reset-link', (session, form, ctx) => {
    const account = personOf(form);
    const what = form.get('what') === 'two_factor' ? 'two_factor' : 'password';
    // A new link ends the earlier one of the same kind: only the latest handed out works.
    auth.links.withdrawFor(account.id, what);
    const { secret } = auth.links.create({ kind: 'reset', account: account.id, what, createdBy: session.account.id });
    record(session, 'team_reset', `${what === 'password' ? 'password' : 'two-factor'} reset link for ${account.email}`);
    send(ctx, 201, session, { kind: 'ok', text: fill(words().team.resetMade, { name: account.name }) }, { made: { url: `${deps.config.baseUrl}${RESET_PATH}?link=${secret}`, what: linkPurpose({ kind: 'reset', what }, account.name) } });
  });

  act('withdraw', (session, form, ctx) => {
    if (!auth.links.withdraw(form.get('link') ?? '')) return sendPanelMessage(ctx, 404, words().team.noSuchLink, words().team.noSuchLinkText, session);
    record(session, 'team_link_withdrawn', 'a one-time link was withdrawn');
    done(ctx, 'withdrawn');
  });
}
