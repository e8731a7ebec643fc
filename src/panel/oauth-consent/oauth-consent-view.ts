// The consent page's markup: who asks (the client's name and the address the browser returns to), which
// rights to give (only those the person's role offers; the requested ones ticked), confirm or refuse.
import { SCOPES, type Scope } from '../../auth/principal.js';
import { esc } from '../html.js';
import { csrfField } from '../csrf.js';
import type { AuthorizationRequest } from '../../oauth/authorization-request.js';
import { accessTokenName, ACCESS_TOKEN_DAYS } from '../../oauth/grants/issue-tokens.js';
// escapeHtml for words that are element text with an apostrophe: it writes them as they are (esc, made for
// attributes too, writes &#39;).
import { escapeHtml } from '../../lib/html-escape.js';
import { fill, words } from '../words/panel-words.js';

export const AUTHORIZE_PATH = '/svc/oauth/authorize';
/** The consent form's checkboxes; kept apart from `scope`, which carries the client's own request. */
export const GRANT_FIELD = 'grant';
export const DECISION_FIELD = 'decision';

export interface ConsentView {
  request: AuthorizationRequest;
  csrf: string;
  /** What the person's role allows them to give. */
  offered: Scope[];
  /** Ticked boxes: the request's scopes (all offered ones when it named none), or the person's last choice. */
  checked: Scope[];
}

export function renderConsentForm(view: ConsentView): string {
  const w = words().oauthConsent;
  const scopeWords = words().assistants.scopes;
  const { request } = view;
  const name = request.client.client_name;
  const target = new URL(request.redirectUri);
  const asked = request.requestedScopes ?? [];
  const refused = asked.filter((scope) => !view.offered.includes(scope));
  const hidden = [...request.params].map(([key, value]) => `<input type="hidden" name="${esc(key)}" value="${esc(value)}">`).join('\n');
  const boxes = view.offered
    .map((scope) => `<label class="check"><input type="checkbox" name="${GRANT_FIELD}" value="${esc(scope)}"${view.checked.includes(scope) ? ' checked' : ''}><span><span class="tag">${esc(scope)}</span> ${esc(scopeWords[scope])}${asked.includes(scope) ? ` <small>${esc(w.requested)}</small>` : ''}</span></label>`)
    .join('\n');
  // Values that are markup (the client's name in bold, scope tags) are filled into the escaped words.
  return `<h1>${esc(fill(w.heading, { name }))}</h1>
<form class="card" method="post" action="${AUTHORIZE_PATH}">
${csrfField(view.csrf)}
${hidden}
<p>${fill(esc(w.asks), { name: `<strong>${esc(name)}</strong>` })}</p>
<dl class="facts">${request.clientDocumentHost === null ? '' : `<dt>${esc(w.describedBy)}</dt><dd><code>${esc(request.clientDocumentHost)}</code><br><span class="muted">${escapeHtml(w.describedByNote)}</span></dd>`}<dt>${esc(w.returnsTo)}</dt><dd><code>${esc(target.origin)}</code><br><span class="muted">${esc(target.href)}</span></dd></dl>
<fieldset><legend>${esc(w.rightsLegend)}</legend>
${boxes}
</fieldset>
${refused.length > 0 ? `<p class="muted">${fill(esc(w.alsoAsked), { scopes: refused.map((scope) => `<span class="tag">${esc(scope)}</span>`).join(' ') })}</p>` : ''}
<p class="muted">${esc(fill(w.tokenNote, { name: accessTokenName(name), days: ACCESS_TOKEN_DAYS }))}</p>
<button type="submit" name="${DECISION_FIELD}" value="allow">${esc(w.allow)}</button>
<button class="secondary" type="submit" name="${DECISION_FIELD}" value="deny">${esc(w.refuse)}</button>
</form>`;
}

/** The person's role allows none of our scopes: they can only send the client away. */
export function renderNothingToGrant(request: AuthorizationRequest, csrf: string): string {
  const w = words().oauthConsent;
  const hidden = [...request.params].map(([key, value]) => `<input type="hidden" name="${esc(key)}" value="${esc(value)}">`).join('\n');
  return `<h1>${esc(fill(w.cannotConnect, { name: request.client.client_name }))}</h1>
<form class="card" method="post" action="${AUTHORIZE_PATH}">
${csrfField(csrf)}
${hidden}
<p>${esc(w.roleForbids)}</p>
<button class="secondary" type="submit" name="${DECISION_FIELD}" value="deny">${esc(fill(w.returnTo, { name: request.client.client_name }))}</button>
</form>`;
}

/** Scopes in the canonical order, for comparisons that should not depend on form order. */
export function orderScopes(scopes: Iterable<Scope>): Scope[] {
  const set = new Set(scopes);
  return SCOPES.filter((scope) => set.has(scope));
}
