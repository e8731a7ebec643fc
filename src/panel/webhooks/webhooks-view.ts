// The Webhooks pages' HTML: the endpoints with the form to add one, and one endpoint with its delivery log.
import { esc } from '../html.js';
import { csrfField } from '../csrf.js';
import { WEBHOOK_EVENTS, WEBHOOK_STATUSES, type WebhookEndpoint } from '../../edge/webhook-endpoints.js';
import type { EndpointDeliveries } from '../../edge/webhook-queue.js';

export const WEBHOOKS_PATH = '/svc/panel/webhooks';

const EVENT_LABELS: Record<string, string> = {
  'entry.created': 'Entry created', 'entry.updated': 'Entry updated', 'entry.published': 'Entry published', 'entry.unpublished': 'Entry unpublished',
  'entry.scheduled': 'Entry scheduled', 'entry.deleted': 'Entry deleted', 'media.added': 'Media added', 'site.changed': 'Site changed',
};

const stateOf = (endpoint: WebhookEndpoint) => (endpoint.paused === null ? 'Active' : `Paused: ${endpoint.paused}`);

/** The secret, shown once, with what to do with it. */
export function secretShown(secret: string, what: string): string {
  return `<div class="card" role="status"><p><strong>${esc(what)}</strong> Copy the signing secret now; it is not shown again.</p><p><code>${esc(secret)}</code></p><p class="muted">Deliveries follow Standard Webhooks: verify <code>webhook-signature</code> over <code>webhook-id</code>, <code>webhook-timestamp</code> and the body with this secret (any Standard Webhooks library does).</p></div>`;
}

export function renderEndpointList(endpoints: readonly WebhookEndpoint[], csrf: string, problem: string | null, shown: string): string {
  const rows = endpoints.map((endpoint) => `<tr><td><a href="${WEBHOOKS_PATH}/endpoint?id=${esc(endpoint.id)}"><code>${esc(endpoint.url)}</code></a></td><td>${esc(endpoint.events.map((event) => EVENT_LABELS[event] ?? event).join(', '))}</td><td>${esc(stateOf(endpoint))}</td></tr>`).join('');
  const list = endpoints.length === 0 ? '<p>No endpoints yet.</p>' : `<table><thead><tr><th>Address</th><th>Events</th><th>State</th></tr></thead><tbody>${rows}</tbody></table>`;
  const events = WEBHOOK_EVENTS.map((event) => `<label><input type="checkbox" name="events" value="${event}"${event.startsWith('entry.') && event !== 'entry.scheduled' ? ' checked' : ''}> ${esc(EVENT_LABELS[event])}</label>`).join(' ');
  const statuses = ['', ...WEBHOOK_STATUSES].map((status) => `<option value="${status}">${status === '' ? 'any' : status}</option>`).join('');
  const form = `<form method="post" action="${WEBHOOKS_PATH}" class="card">${csrfField(csrf)}<h2>Add an endpoint</h2>
${problem === null ? '' : `<p class="notice error" role="alert">${esc(problem)}</p>`}
<p><label for="webhook-url">Address (https)</label><input id="webhook-url" name="url" type="url" required placeholder="https://example.org/hooks/svc"></p>
<fieldset><legend>Events</legend>${events}</fieldset>
<fieldset><legend>Only changes of (optional)</legend>
<label for="filter-type">Type</label><input id="filter-type" name="type" placeholder="post">
<label for="filter-tag">Tag</label><input id="filter-tag" name="tag" placeholder="news">
<label for="filter-language">Language</label><input id="filter-language" name="language" placeholder="en">
<label for="filter-status">Status</label><select id="filter-status" name="status">${statuses}</select></fieldset>
<p><label><input type="checkbox" name="drafts" value="1"> Also send drafts and scheduled entries (otherwise only what the public sees)</label></p>
<button type="submit">Add endpoint</button></form>`;
  return `<h1>Webhooks</h1><p class="muted">Other systems told of every change, signed (Standard Webhooks), at least once, in order per entry; a delivery that fails is tried again over about a day, then the endpoint is paused.</p>${shown}${list}${form}`;
}

export function renderEndpoint(endpoint: WebhookEndpoint, deliveries: EndpointDeliveries, csrf: string, shown: string): string {
  const action = (path: string, label: string, extra = '', secondary = true) => `<form method="post" action="${WEBHOOKS_PATH}/${path}" class="inline">${csrfField(csrf)}<input type="hidden" name="id" value="${esc(endpoint.id)}">${extra}<button type="submit"${secondary ? ' class="secondary"' : ''}>${esc(label)}</button></form>`;
  const filters = Object.entries(endpoint.filters).map(([key, value]) => `${key} ${value}`).join(', ') || 'none';
  const rows = deliveries.log.map((record) => `<tr><td>${esc(record.outcome)}</td><td>${esc(record.time)}</td><td>${esc(EVENT_LABELS[record.type] ?? record.type)}${record.entry ? ` <code>${esc(record.entry)}</code>` : ''}</td><td>${record.attempt}</td><td>${record.code ?? '—'}</td><td><code>${esc(record.answer.slice(0, 200))}</code></td><td>${action('send-again', 'Send again', `<input type="hidden" name="message" value="${esc(record.id)}">`)}</td></tr>`).join('');
  const log = rows === '' ? '<p>Nothing delivered yet.</p>' : `<table><thead><tr><th>Status</th><th>Time</th><th>Event</th><th>Attempt</th><th>Response</th><th>Answer (first bytes)</th><th></th></tr></thead><tbody>${rows}</tbody></table>`;
  return `<h1>Webhook endpoint</h1>${shown}<div class="card"><p><code>${esc(endpoint.url)}</code></p><p>Events: ${esc(endpoint.events.join(', '))}. Filters: ${esc(filters)}. ${endpoint.drafts ? 'Drafts included.' : 'Public changes only.'}</p>
<p>${esc(stateOf(endpoint))}. ${deliveries.queue.length} waiting.</p>
${endpoint.paused === null ? '' : action('resume', 'Resume deliveries', '', false)}${action('rotate', 'Rotate the secret')}${action('delete', 'Delete this endpoint')}</div>
<h2>Deliveries</h2>${log}<p><a href="${WEBHOOKS_PATH}">All endpoints</a></p>`;
}
