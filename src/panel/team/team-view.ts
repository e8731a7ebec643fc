// HTML of the Team page: the people with their roles (change, remove, reset links), the invitation form, a
// link made a moment ago (shown once, to copy), and the open links.
import type { Account } from '../../auth/account-reader.js';
import { LINK_DAYS, type OneTimeLink } from '../../auth/one-time-links.js';
import { csrfField } from '../csrf.js';
import { esc } from '../html.js';
import { siteTimeOf } from '../site-time.js';

export const TEAM_PATH = '/svc/panel/team';

export interface TeamView {
  csrf: string;
  timeZone: string;
  selfId: string;
  people: Array<{ account: Account; tokens: number }>;
  roles: string[];
  links: Array<{ id: string; record: OneTimeLink; whoName: string }>;
  /** A link made just now: its address, shown once. */
  made: { url: string; what: string } | null;
  /** What the invitation form had when it was refused. */
  invite: { email: string; role: string };
}

const hidden = (name: string, value: string) => `<input type="hidden" name="${name}" value="${esc(value)}">`;

function roleOptions(roles: string[], chosen: string): string {
  return roles.map((role) => `<option value="${esc(role)}"${role === chosen ? ' selected' : ''}>${esc(role)}</option>`).join('');
}

function personRow(view: TeamView, { account, tokens }: TeamView['people'][number], n: number): string {
  const keys = csrfField(view.csrf) + hidden('account', account.id);
  const role = `<form method="post" action="${TEAM_PATH}/role">${keys}<label class="visually-hidden" for="role-${n}">Role of ${esc(account.name)}</label><select id="role-${n}" name="role">${roleOptions(view.roles, account.role)}</select><button type="submit" class="secondary small">Change role</button></form>`;
  const resets = `<form method="post" action="${TEAM_PATH}/reset-link">${keys}${hidden('what', 'password')}<button type="submit" class="secondary small">Password reset link</button></form>`
    + (account.totp ? `<form method="post" action="${TEAM_PATH}/reset-link">${keys}${hidden('what', 'two_factor')}<button type="submit" class="secondary small">Two-factor reset link</button></form>` : '');
  const remove = account.id === view.selfId ? '' : `<form method="post" action="${TEAM_PATH}/remove">${keys}<label class="check"><input type="checkbox" name="confirm" value="yes" required> Remove ${esc(account.name)}: their tokens stop working at once</label><button type="submit" class="danger small">Remove</button></form>`;
  return `<li><div class="row"><span class="name">${esc(account.name)}${account.id === view.selfId ? ' <span class="muted">(you)</span>' : ''}</span><span class="muted">${esc(account.email)}</span></div>`
    + `<div class="muted">Two-factor sign-in ${account.totp ? 'on' : 'off'} · ${tokens} ${tokens === 1 ? 'token' : 'tokens'}</div>${role}${resets}${remove}</li>`;
}

function linkRow(view: TeamView, link: TeamView['links'][number]): string {
  const what = link.record.kind === 'invite' ? `Invitation for ${esc(link.record.email)} as ${esc(link.record.role)}` : `${link.record.what === 'password' ? 'Password' : 'Two-factor'} reset for ${esc(link.whoName)}`;
  return `<li><div class="row"><span>${what}</span><span class="muted">until ${esc(siteTimeOf(link.record.expires, view.timeZone))}</span></div><form method="post" action="${TEAM_PATH}/withdraw">${csrfField(view.csrf)}${hidden('link', link.id)}<button type="submit" class="secondary small">Withdraw</button></form></li>`;
}

export function renderTeam(view: TeamView): string {
  const made = view.made ? `<section class="card" aria-labelledby="made"><h2 id="made">${esc(view.made.what)}</h2><p>Copy this link and give it to the person (it is shown only now; it works once, for ${LINK_DAYS} days):</p><pre class="secret">${esc(view.made.url)}</pre></section>` : '';
  const invite = `<section class="card"><h2>Invite someone</h2><form method="post" action="${TEAM_PATH}/invite">${csrfField(view.csrf)}`
    + `<label for="invite-email">Email</label><input type="email" id="invite-email" name="email" value="${esc(view.invite.email)}" required>`
    + `<label for="invite-role">Role</label><select id="invite-role" name="role">${roleOptions(view.roles, view.invite.role)}</select>`
    + `<button type="submit">Make an invitation link</button></form><p class="muted">No mail is sent: the panel shows the link to copy. It works once, for ${LINK_DAYS} days.</p></section>`;
  const links = view.links.length === 0 ? '' : `<h2>Open links</h2><ul class="list">${view.links.map((link) => linkRow(view, link)).join('')}</ul>`;
  return `<h1>Team</h1>${made}<h2>People</h2><ul class="list">${view.people.map((person, n) => personRow(view, person, n)).join('')}</ul>${invite}${links}`;
}
