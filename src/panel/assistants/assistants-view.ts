import type { Scope } from '../../auth/principal.js';
import type { TokenRecord } from '../../auth/token-store.js';
import { EXPIRY_CHOICES, DEFAULT_EXPIRY, type ExpiryChoice } from '../../auth/token-store.js';
import type { ClientSettings, ClientSnippet } from './client-settings.js';
import { esc } from '../html.js';
import { csrfField } from '../csrf.js';
import { siteTimeOf } from '../site-time.js';
// escapeHtml for words that are element text with an apostrophe: it writes them as they are (esc, made for
// attributes too, writes &#39;).
import { escapeHtml } from '../../lib/html-escape.js';
import { fill, words } from '../words/panel-words.js';

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
  const w = words().assistants;
  const when = (iso: string | null, empty: string) => whenIn(view.timeZone, iso, empty);
  const expired = record.expires !== null && Date.parse(record.expires) <= view.now;
  return `<li>
<div class="row"><span class="name">${esc(record.name)}</span>
<form method="post" action="/svc/panel/assistants/revoke">${csrfField(view.csrf)}<input type="hidden" name="id" value="${esc(record.id)}"><button class="danger" type="submit" aria-label="${esc(fill(w.revokeLabel, { name: record.name }))}">${esc(w.revoke)}</button></form></div>
<div>${record.scopes.map((scope) => `<span class="tag">${esc(scope)}</span>`).join('')}</div>
<dl class="facts">
${ownerName !== undefined ? `<dt>${esc(w.person)}</dt><dd>${esc(ownerName)}</dd>` : ''}<dt>${esc(w.created)}</dt><dd>${esc(when(record.created, ''))}</dd>
<dt>${esc(w.expires)}</dt><dd>${expired ? `<strong>${esc(w.expired)}</strong> ` : ''}${esc(when(record.expires, w.noEnd))}</dd>
<dt>${esc(w.lastUsed)}</dt><dd>${esc(when(record.last_used, w.never))}</dd>
${record.oauth_client ? `<dt>${esc(w.via)}</dt><dd>OAuth</dd>` : ''}</dl>
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
  const w = words().assistants;
  const copy = (id: string, label: string) => `<button type="button" class="secondary small" data-copy="${esc(id)}" hidden>${esc(label)}</button>`;
  const clients = [...new Set(s.snippets.map((snippet) => snippet.client))];
  const warning = (snippet: ClientSnippet) => snippet.remote && s.unreachable
    ? `<p class="notice warn">${fill(escapeHtml(w.unreachable), { client: esc(snippet.client), url: esc(s.url), reason: esc(s.unreachable) })}</p>`
    : '';
  const links = `<ul class="inline-links" data-tab-links>${clients.map((client) => `<li><a href="#${clientId(client)}">${esc(client)}</a></li>`).join('')}</ul>`;
  const sections = clients.map((client) => `<section id="${clientId(client)}" data-tab="${esc(client)}" aria-label="${esc(client)}"><h3>${esc(client)}</h3>`
    + s.snippets.filter((snippet) => snippet.client === client).map((snippet) =>
      `<p class="muted">${esc(snippet.transport === 'HTTP' ? w.overHttp : w.onThisComputer)}: ${esc(snippet.where)}</p>${warning(snippet)}<pre id="settings-${esc(snippet.id)}">${esc(snippet.text)}</pre>${copy(`settings-${snippet.id}`, fill(w.copySettings, { client: snippet.client, transport: snippet.transport }))}`).join('')
    + '</section>').join('\n');
  return `<div class="client-tabs" data-tabs="${esc(w.title)}">${links}\n${sections}</div>`;
}

function createdBlock(created: NonNullable<AssistantsView['created']>): string {
  const w = words().assistants;
  const s = created.settings;
  const copy = (id: string, label: string) => `<button type="button" class="secondary small" data-copy="${esc(id)}" hidden>${esc(label)}</button>`;
  // The sentence's values are code (escaped here), filled into the escaped words.
  const server = fill(escapeHtml(w.serverIs), { name: `<code>${esc(s.serverName)}</code>`, url: `<code>${esc(s.url)}</code>`, header: '<code>Authorization: Bearer &lt;token&gt;</code>' });
  return `<section class="card" aria-labelledby="new-token">
<h2 id="new-token">${esc(fill(w.newTokenHeading, { name: created.record.name }))}</h2>
<p class="notice warn">${esc(w.copyNow)}</p>
<pre class="secret" id="new-token-text">${esc(created.token)}</pre>${copy('new-token-text', w.copyToken)}
<h2>${esc(w.settingsHeading)}</h2>
<p class="muted">${server}</p>
${clientTabs(s)}
</section>`;
}

/** The clients' settings before a token exists: connectors need none, the others show where it goes. */
function connectBlock(s: ClientSettings): string {
  const w = words().assistants;
  return `<section class="card" aria-labelledby="connect">
<h2 id="connect">${esc(w.connectHeading)}</h2>
<p class="muted">${fill(escapeHtml(w.connectIntro), { standIn: `<code>${esc(w.tokenStandIn)}</code>` })}</p>
${clientTabs(s)}
</section>`;
}

function createForm(view: AssistantsView): string {
  const w = words().assistants;
  if (view.offered.length === 0) return `<p class="muted">${esc(w.noScopes)}</p>`;
  const draft = view.draft;
  const chosen = new Set(draft ? draft.scopes : view.offered);
  const expiry = (draft?.expiry ?? DEFAULT_EXPIRY) as ExpiryChoice;
  const scopes = view.offered
    .map((scope) => `<label class="check"><input type="checkbox" name="scopes" value="${esc(scope)}"${chosen.has(scope) ? ' checked' : ''}><span><code>${esc(scope)}</code><small>${esc(w.scopes[scope])}</small></span></label>`)
    .join('\n');
  const options = (Object.keys(EXPIRY_CHOICES) as ExpiryChoice[])
    .map((key) => `<option value="${key}"${key === expiry ? ' selected' : ''}>${esc(w.expiry[key])}</option>`)
    .join('');
  return `<form class="card" method="post" action="/svc/panel/assistants">
${csrfField(view.csrf)}
<label for="name">${esc(w.name)}</label>
<input id="name" name="name" type="text" maxlength="100" required placeholder="${esc(w.namePlaceholder)}" value="${esc(draft?.name ?? '')}">
<fieldset><legend>${esc(w.scopesLegend)}</legend>
${scopes}
</fieldset>
<label for="expiry">${esc(w.expiresAfter)}</label>
<select id="expiry" name="expiry">${options}</select>
<button type="submit">${esc(w.createButton)}</button>
</form>`;
}

/** The Assistants page body: a token just created (once), the create form, and the token lists. */
export function renderAssistants(view: AssistantsView): string {
  const w = words().assistants;
  const mine = view.mine.length ? `<ul class="list">${view.mine.map((record) => tokenItem(view, record)).join('\n')}</ul>` : `<p class="muted">${esc(w.noTokens)}</p>`;
  const others = view.others === null ? '' : `<h2>${escapeHtml(w.othersHeading)}</h2>${view.others.length ? `<ul class="list">${view.others.map((record) => tokenItem(view, record, record.ownerName)).join('\n')}</ul>` : `<p class="muted">${esc(w.nobodyElse)}</p>`}`;
  return `<h1>${esc(w.title)}</h1>
${view.created ? createdBlock(view.created) : view.connect ? connectBlock(view.connect) : ''}
<p class="muted">${esc(w.intro)}</p>
<h2>${esc(w.newToken)}</h2>
${createForm(view)}
<h2>${esc(w.yourTokens)}</h2>
${mine}
${others}`;
}
