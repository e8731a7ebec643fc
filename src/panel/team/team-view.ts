// HTML of the Team page: the people with their roles (change, remove, reset links), the invitation form, a
// link made a moment ago (shown once, to copy), and the open links.
import type { Account } from '../../auth/account-reader.js';
import { LINK_DAYS, type OneTimeLink } from '../../auth/one-time-links.js';
import { csrfField } from '../csrf.js';
import { esc } from '../html.js';
import { siteTimeOf } from '../site-time.js';
import { fill, plural, words } from '../words/panel-words.js';

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
  const w = words().team;
  const keys = csrfField(view.csrf) + hidden('account', account.id);
  const role = `<form method="post" action="${TEAM_PATH}/role">${keys}<label class="visually-hidden" for="role-${n}">${esc(fill(w.roleOf, { name: account.name }))}</label><select id="role-${n}" name="role">${roleOptions(view.roles, account.role)}</select><button type="submit" class="secondary small">${esc(w.changeRole)}</button></form>`;
  const resets = `<form method="post" action="${TEAM_PATH}/reset-link">${keys}${hidden('what', 'password')}<button type="submit" class="secondary small">${esc(w.passwordResetLink)}</button></form>`
    + (account.totp ? `<form method="post" action="${TEAM_PATH}/reset-link">${keys}${hidden('what', 'two_factor')}<button type="submit" class="secondary small">${esc(w.twoFactorResetLink)}</button></form>` : '');
  const remove = account.id === view.selfId ? '' : `<form method="post" action="${TEAM_PATH}/remove">${keys}<label class="check"><input type="checkbox" name="confirm" value="yes" required> ${esc(fill(w.removeConfirm, { name: account.name }))}</label><button type="submit" class="danger small">${esc(w.remove)}</button></form>`;
  return `<li><div class="row"><span class="name">${esc(account.name)}${account.id === view.selfId ? ` <span class="muted">${esc(w.you)}</span>` : ''}</span><span class="muted">${esc(account.email)}</span></div>`
    + `<div class="muted">${esc(account.totp ? w.twoFactorOn : w.twoFactorOff)} · ${esc(plural(w.tokens, tokens))}</div>${role}${resets}${remove}</li>`;
}

/** What a one-time link is for, in words (also the heading of a link made just now). */
export function linkPurpose(record: { kind: 'invite'; email: string; role: string } | { kind: 'reset'; what: 'password' | 'two_factor' }, whoName: string): string {
  const w = words().team;
  if (record.kind === 'invite') return fill(w.invitationAs, { email: record.email, role: record.role });
  return fill(record.what === 'password' ? w.passwordResetFor : w.twoFactorResetFor, { name: whoName });
}

function linkRow(view: TeamView, link: TeamView['links'][number]): string {
  const w = words().team;
  return `<li><div class="row"><span>${esc(linkPurpose(link.record, link.whoName))}</span><span class="muted">${esc(fill(w.until, { time: siteTimeOf(link.record.expires, view.timeZone) }))}</span></div><form method="post" action="${TEAM_PATH}/withdraw">${csrfField(view.csrf)}${hidden('link', link.id)}<button type="submit" class="secondary small">${esc(w.withdraw)}</button></form></li>`;
}

export function renderTeam(view: TeamView): string {
  const w = words().team;
  const made = view.made ? `<section class="card" aria-labelledby="made"><h2 id="made">${esc(view.made.what)}</h2><p>${esc(fill(w.copyLink, { days: LINK_DAYS }))}</p><pre class="secret">${esc(view.made.url)}</pre></section>` : '';
  const invite = `<section class="card"><h2>${esc(w.inviteHeading)}</h2><form method="post" action="${TEAM_PATH}/invite">${csrfField(view.csrf)}`
    + `<label for="invite-email">${esc(w.email)}</label><input type="email" id="invite-email" name="email" value="${esc(view.invite.email)}" required>`
    + `<label for="invite-role">${esc(w.role)}</label><select id="invite-role" name="role">${roleOptions(view.roles, view.invite.role)}</select>`
    + `<button type="submit">${esc(w.makeInvitation)}</button></form><p class="muted">${esc(fill(w.noMail, { days: LINK_DAYS }))}</p></section>`;
  const links = view.links.length === 0 ? '' : `<h2>${esc(w.openLinks)}</h2><ul class="list">${view.links.map((link) => linkRow(view, link)).join('')}</ul>`;
  return `<h1>${esc(w.title)}</h1>${made}<h2>${esc(w.people)}</h2><ul class="list">${view.people.map((person, n) => personRow(view, person, n)).join('')}</ul>${invite}${links}`;
}
