// The consent page's markup: who asks (the client's name and the address the browser returns to), which
// rights to give (only those the person's role offers; the requested ones ticked), confirm or refuse.
import { SCOPES, type Scope } from '../../auth/principal.js';
import { SCOPE_LABELS } from '../../auth/scopes.js';
import { esc } from '../html.js';
import { csrfField } from '../csrf.js';
import type { AuthorizationRequest } from '../../oauth/authorization-request.js';
import { accessTokenName, ACCESS_TOKEN_DAYS } from '../../oauth/grants/issue-tokens.js';

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
  const { request } = view;
  const name = request.client.client_name;
  const target = new URL(request.redirectUri);
  const asked = request.requestedScopes ?? [];
  const refused = asked.filter((scope) => !view.offered.includes(scope));
  const hidden = [...request.params].map(([key, value]) => `<input type="hidden" name="${esc(key)}" value="${esc(value)}">`).join('\n');
  const boxes = view.offered
    .map((scope) => `<label class="check"><input type="checkbox" name="${GRANT_FIELD}" value="${esc(scope)}"${view.checked.includes(scope) ? ' checked' : ''}><span><span class="tag">${esc(scope)}</span> ${esc(SCOPE_LABELS[scope])}${asked.includes(scope) ? ' <small>Requested</small>' : ''}</span></label>`)
    .join('\n');
  return `<h1>Connect “${esc(name)}”?</h1>
<form class="card" method="post" action="${AUTHORIZE_PATH}">
${csrfField(view.csrf)}
${hidden}
<p><strong>${esc(name)}</strong> asks to work with this site on your behalf.</p>
<dl class="facts">${request.clientDocumentHost === null ? '' : `<dt>Described by</dt><dd><code>${esc(request.clientDocumentHost)}</code><br><span class="muted">The name above is the one the application's own description at this host gives.</span></dd>`}<dt>Returns to</dt><dd><code>${esc(target.origin)}</code><br><span class="muted">${esc(target.href)}</span></dd></dl>
<fieldset><legend>Rights to give it</legend>
${boxes}
</fieldset>
${refused.length > 0 ? `<p class="muted">It also asked for ${refused.map((scope) => `<span class="tag">${esc(scope)}</span>`).join(' ')}, which your role does not allow.</p>` : ''}
<p class="muted">It gets a token named “${esc(accessTokenName(name))}”, valid ${ACCESS_TOKEN_DAYS} days and renewed while it is in use. You find it under Assistants, where you can revoke it at any time. Only continue if you started connecting this assistant yourself.</p>
<button type="submit" name="${DECISION_FIELD}" value="allow">Allow</button>
<button class="secondary" type="submit" name="${DECISION_FIELD}" value="deny">Refuse</button>
</form>`;
}

/** The person's role allows none of our scopes: they can only send the client away. */
export function renderNothingToGrant(request: AuthorizationRequest, csrf: string): string {
  const hidden = [...request.params].map(([key, value]) => `<input type="hidden" name="${esc(key)}" value="${esc(value)}">`).join('\n');
  return `<h1>“${esc(request.client.client_name)}” cannot be connected</h1>
<form class="card" method="post" action="${AUTHORIZE_PATH}">
${csrfField(csrf)}
${hidden}
<p>Your role does not allow connecting assistants. Ask an administrator if you need this.</p>
<button class="secondary" type="submit" name="${DECISION_FIELD}" value="deny">Return to ${esc(request.client.client_name)}</button>
</form>`;
}

/** Scopes in the canonical order, for comparisons that should not depend on form order. */
export function orderScopes(scopes: Iterable<Scope>): Scope[] {
  const set = new Set(scopes);
  return SCOPES.filter((scope) => set.has(scope));
}
