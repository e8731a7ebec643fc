import type { Scope } from '../../auth/principal.js';
import type { TokenRecord } from '../../auth/token-store.js';
import { EXPIRY_CHOICES, EXPIRY_LABELS, DEFAULT_EXPIRY, type ExpiryChoice } from '../../auth/token-store.js';
import { SCOPE_LABELS } from '../../auth/scopes.js';
import type { ClientSettings, ClientSnippet } from './client-settings.js';
import { esc } from '../html.js';
import { csrfField } from '../csrf.js';
import { siteTimeOf } from '../site-time.js';

export interface AssistantsView {
  csrf: string;
  offered: Scope[];
  mine: TokenRecord[];
  /** Everyone else's tokens, for people with team.manage (null for others). */
  others: Array<TokenRecord & { ownerName: string }> | null;
  /** The form as sent, when it is shown again with an error. */
  draft?: { name: string; scopes: string[]; expiry: string };
  /** Every client's settings with a stand-in for the token (the page without a new token). */
  connect?: ClientSettings;
  /** A token created just now: shown once. */
  created?: { token: string; record: TokenRecord; settings: ClientSettings };
  now: number;
  /** The site's time zone: the times shown are in it. */
  timeZone: string;
}

function whenIn(timeZone: string, iso: string | null, empty: string): string {
  if (!iso) return empty;
  return `${siteTimeOf(iso, timeZone)} ${timeZone}`;
}

function tokenItem(view: AssistantsView, record: TokenRecord, ownerName?: string): string {
  const when = (iso: string | null, empty: string) => whenIn(view.timeZone, iso, empty);
  const expired = record.expires !== null && Date.parse(record.expires) <= view.now;
  return `<li>
<div class="row"><span class="name">${esc(record.name)}</span>
<form method="post" action="/svc/panel/assistants/revoke">${csrfField(view.csrf)}<input type="hidden" name="id" value="${esc(record.id)}"><button class="danger" type="submit" aria-label="Revoke ${esc(record.name)}">Revoke</button></form></div>
<div>${record.scopes.map((scope) => `<span class="tag">${esc(scope)}</span>`).join('')}</div>
<dl class="facts">
${ownerName !== undefined ? `<dt>Person</dt><dd>${esc(ownerName)}</dd>` : ''}<dt>Created</dt><dd>${esc(when(record.created, ''))}</dd>
<dt>Expires</dt><dd>${expired ? '<strong>Expired</strong> ' : ''}${esc(when(record.expires, 'No end'))}</dd>
<dt>Last used</dt><dd>${esc(when(record.last_used, 'Never'))}</dd>
${record.oauth_client ? `<dt>Via</dt><dd>OAuth</dd>` : ''}</dl>
</li>`;
}

/** A snippet's id as an element id: the client's name made safe for an id and a fragment. */
const clientId = (client: string) => `client-${client.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '')}`;

/**
 * One tab per client (ARIA tabs made by the script from sections marked data-tab; without script the sections
 * follow one another under a list of links to each). A connector that the assistant maker's servers call
 * gets a warning when the site's address is one they cannot reach.
 */
function clientTabs(s: ClientSettings): string {
  const copy = (id: string, label: string) => `<button type="button" class="secondary small" data-copy="${esc(id)}" hidden>${esc(label)}</button>`;
  const clients = [...new Set(s.snippets.map((snippet) => snippet.client))];
  const warning = (snippet: ClientSnippet) => snippet.remote && s.unreachable
    ? `<p class="notice warn">${esc(snippet.client)} connects from its maker's servers on the internet, not from your computer, and they cannot reach ${esc(s.url)}: ${esc(s.unreachable)}. Give this site a public https address (the --base-url the server runs with), or use the stdio settings on this computer instead.</p>`
    : '';
  const links = `<ul class="inline-links" data-tab-links>${clients.map((client) => `<li><a href="#${clientId(client)}">${esc(client)}</a></li>`).join('')}</ul>`;
  const sections = clients.map((client) => `<section id="${clientId(client)}" data-tab="${esc(client)}" aria-label="${esc(client)}"><h3>${esc(client)}</h3>`
    + s.snippets.filter((snippet) => snippet.client === client).map((snippet) =>
      `<p class="muted">${esc(snippet.transport === 'HTTP' ? 'Over HTTP' : 'On this computer (stdio)')}: ${esc(snippet.where)}</p>${warning(snippet)}<pre id="settings-${esc(snippet.id)}">${esc(snippet.text)}</pre>${copy(`settings-${snippet.id}`, `Copy the ${snippet.client} settings (${snippet.transport})`)}`).join('')
    + '</section>').join('\n');
  return `<div class="client-tabs" data-tabs="Assistants">${links}\n${sections}</div>`;
}

function createdBlock(created: NonNullable<AssistantsView['created']>): string {
  const s = created.settings;
  const copy = (id: string, label: string) => `<button type="button" class="secondary small" data-copy="${esc(id)}" hidden>${esc(label)}</button>`;
  return `<section class="card" aria-labelledby="new-token">
<h2 id="new-token">Your new token: ${esc(created.record.name)}</h2>
<p class="notice warn">Copy it now. It is shown only this once; the site keeps only a fingerprint of it.</p>
<pre class="secret" id="new-token-text">${esc(created.token)}</pre>${copy('new-token-text', 'Copy the token')}
<h2>Settings for your assistant</h2>
<p class="muted">The server is called <code>${esc(s.serverName)}</code>; its address is <code>${esc(s.url)}</code> with the header <code>Authorization: Bearer &lt;token&gt;</code>. Over HTTP the assistant may run anywhere; stdio runs the server on this computer.</p>
${clientTabs(s)}
</section>`;
}

/** The clients' settings before a token exists: connectors need none, the others show where it goes. */
function connectBlock(s: ClientSettings): string {
  return `<section class="card" aria-labelledby="connect">
<h2 id="connect">Connect an assistant</h2>
<p class="muted">Claude's and ChatGPT's connectors sign in through this panel and need no token. For the others, create a token below: their settings then show here with it filled in where <code>&lt;your token&gt;</code> stands.</p>
${clientTabs(s)}
</section>`;
}

function createForm(view: AssistantsView): string {
  if (view.offered.length === 0) return '<p class="muted">Your role offers no scopes, so you cannot create tokens.</p>';
  const draft = view.draft;
  const chosen = new Set(draft ? draft.scopes : view.offered);
  const expiry = (draft?.expiry ?? DEFAULT_EXPIRY) as ExpiryChoice;
  const scopes = view.offered
    .map((scope) => `<label class="check"><input type="checkbox" name="scopes" value="${esc(scope)}"${chosen.has(scope) ? ' checked' : ''}><span><code>${esc(scope)}</code><small>${esc(SCOPE_LABELS[scope])}</small></span></label>`)
    .join('\n');
  const options = (Object.keys(EXPIRY_CHOICES) as ExpiryChoice[])
    .map((key) => `<option value="${key}"${key === expiry ? ' selected' : ''}>${esc(EXPIRY_LABELS[key])}</option>`)
    .join('');
  return `<form class="card" method="post" action="/svc/panel/assistants">
${csrfField(view.csrf)}
<label for="name">Name</label>
<input id="name" name="name" type="text" maxlength="100" required placeholder="e.g. Claude on my laptop" value="${esc(draft?.name ?? '')}">
<fieldset><legend>Scopes</legend>
${scopes}
</fieldset>
<label for="expiry">Expires after</label>
<select id="expiry" name="expiry">${options}</select>
<button type="submit">Create token</button>
</form>`;
}

/** The Assistants page body: a token just created (once), the create form, and the token lists. */
export function renderAssistants(view: AssistantsView): string {
  const mine = view.mine.length ? `<ul class="list">${view.mine.map((record) => tokenItem(view, record)).join('\n')}</ul>` : '<p class="muted">You have no tokens yet.</p>';
  const others = view.others === null ? '' : `<h2>Everyone else's tokens</h2>${view.others.length ? `<ul class="list">${view.others.map((record) => tokenItem(view, record, record.ownerName)).join('\n')}</ul>` : '<p class="muted">Nobody else has tokens.</p>'}`;
  return `<h1>Assistants</h1>
${view.created ? createdBlock(view.created) : view.connect ? connectBlock(view.connect) : ''}
<p class="muted">A token lets an AI assistant act as you, within the scopes you choose and never beyond your role.</p>
<h2>New token</h2>
${createForm(view)}
<h2>Your tokens</h2>
${mine}
${others}`;
}
