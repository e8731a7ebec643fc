// The Webhooks pages' HTML: the endpoints with the form to add one, and one endpoint with its delivery log.
import { esc } from '../html.js';
import { csrfField } from '../csrf.js';
import { WEBHOOK_EVENTS, WEBHOOK_STATUSES, type WebhookEndpoint } from '../../edge/webhook-endpoints.js';
import { ANSWER_KEPT_BYTES, type EndpointDeliveries } from '../../edge/webhook-queue.js';
import { escapeHtml } from '../../lib/html-escape.js';
import { fill, words } from '../words/panel-words.js';

export const WEBHOOKS_PATH = '/svc/panel/webhooks';

/** An event as people read it: `entry.created` is "Entry created" (an unknown one as it is). */
function eventLabel(event: string): string {
  const key = event.replace(/\.(\w)/, (_, letter: string) => letter.toUpperCase());
  const labels = words().webhooks.events;
  return Object.hasOwn(labels, key) ? labels[key as keyof typeof labels] : event;
}

/**
 * The answer as the log keeps it: its first ANSWER_KEPT_BYTES bytes, as the README says (the page cut it at 200
 * characters, so the reason a receiver gave past them was kept but never seen). Untrusted text: escaped.
 */
function answerShown(answer: string): string {
  const bytes = Buffer.from(String(answer));
  return bytes.length <= ANSWER_KEPT_BYTES ? String(answer) : bytes.subarray(0, ANSWER_KEPT_BYTES).toString('utf8');
}

const stateOf = (endpoint: WebhookEndpoint) => (endpoint.paused === null ? words().webhooks.active : fill(words().webhooks.paused, { reason: endpoint.paused }));

/** The secret, shown once, with what to do with it. */
export function secretShown(secret: string, what: string): string {
  const w = words().webhooks;
  // The headers are code inside the sentence: the word is escaped first, then the <code> marks are filled in.
  const how = fill(escapeHtml(w.secretHow), { signature: '<code>webhook-signature</code>', id: '<code>webhook-id</code>', timestamp: '<code>webhook-timestamp</code>' });
  return `<div class="card" role="status"><p><strong>${esc(what)}</strong> ${escapeHtml(w.secretCopy)}</p><p><code>${esc(secret)}</code></p><p class="muted">${how}</p></div>`;
}

/** `damage`: why the endpoints file cannot be read, said instead of "no endpoints" (which it is not). */
export function renderEndpointList(endpoints: readonly WebhookEndpoint[], damage: string | null, csrf: string, problem: string | null, shown: string): string {
  const w = words().webhooks;
  const t = escapeHtml;
  const rows = endpoints.map((endpoint) => `<tr><td><a href="${WEBHOOKS_PATH}/endpoint?id=${esc(endpoint.id)}"><code>${esc(endpoint.url)}</code></a></td><td>${esc(endpoint.events.map(eventLabel).join(', '))}</td><td>${esc(stateOf(endpoint))}</td></tr>`).join('');
  const list = damage !== null ? `<p class="notice error" role="alert">${esc(damage)}</p>` : endpoints.length === 0 ? `<p>${t(w.none)}</p>` : `<table><thead><tr><th>${t(w.address)}</th><th>${t(w.eventsHeading)}</th><th>${t(w.state)}</th></tr></thead><tbody>${rows}</tbody></table>`;
  const events = WEBHOOK_EVENTS.map((event) => `<label><input type="checkbox" name="events" value="${event}"${event.startsWith('entry.') && event !== 'entry.scheduled' ? ' checked' : ''}> ${esc(eventLabel(event))}</label>`).join(' ');
  const statuses = ['', ...WEBHOOK_STATUSES].map((status) => `<option value="${status}">${t(status === '' ? w.statuses.any : w.statuses[status as (typeof WEBHOOK_STATUSES)[number]])}</option>`).join('');
  const form = `<form method="post" action="${WEBHOOKS_PATH}" class="card">${csrfField(csrf)}<h2>${t(w.add)}</h2>
${problem === null ? '' : `<p class="notice error" role="alert">${esc(problem)}</p>`}
<p><label for="webhook-url">${t(w.addressHttps)}</label><input id="webhook-url" name="url" type="url" required placeholder="https://example.org/hooks/svc"></p>
<fieldset><legend>${t(w.eventsHeading)}</legend>${events}</fieldset>
<fieldset><legend>${t(w.onlyChanges)}</legend>
<label for="filter-type">${t(w.type)}</label><input id="filter-type" name="type" placeholder="post">
<label for="filter-tag">${t(w.tag)}</label><input id="filter-tag" name="tag" placeholder="news">
<label for="filter-language">${t(w.language)}</label><input id="filter-language" name="language" placeholder="en">
<label for="filter-status">${t(w.status)}</label><select id="filter-status" name="status">${statuses}</select></fieldset>
<p><label><input type="checkbox" name="drafts" value="1"> ${t(w.drafts)}</label></p>
<button type="submit">${t(w.addButton)}</button></form>`;
  return `<h1>${t(w.title)}</h1><p class="muted">${t(w.intro)}</p>${shown}${list}${form}`;
}

export function renderEndpoint(endpoint: WebhookEndpoint, deliveries: EndpointDeliveries, csrf: string, shown: string): string {
  const action = (path: string, label: string, extra = '', secondary = true) => `<form method="post" action="${WEBHOOKS_PATH}/${path}" class="inline">${csrfField(csrf)}<input type="hidden" name="id" value="${esc(endpoint.id)}">${extra}<button type="submit"${secondary ? ' class="secondary"' : ''}>${esc(label)}</button></form>`;
  const w = words().webhooks;
  const t = escapeHtml;
  const filters = Object.entries(endpoint.filters).map(([key, value]) => `${key} ${value}`).join(', ') || w.noFilters;
  const rows = deliveries.log.map((record) => `<tr><td>${esc(w.outcomes[record.outcome] ?? record.outcome)}</td><td>${esc(record.time)}</td><td>${esc(eventLabel(record.type))}${record.entry ? ` <code>${esc(record.entry)}</code>` : ''}</td><td>${record.attempt}</td><td>${record.code ?? '—'}</td><td><code>${esc(answerShown(record.answer))}</code></td><td>${record.outcome === 'dropped' ? '' : action('send-again', w.sendAgain, `<input type="hidden" name="message" value="${esc(record.id)}">`)}</td></tr>`).join('');
  const log = rows === '' ? `<p>${t(w.nothingDelivered)}</p>` : `<table><thead><tr><th>${t(w.status)}</th><th>${t(w.time)}</th><th>${t(w.event)}</th><th>${t(w.attempt)}</th><th>${t(w.response)}</th><th>${t(w.answer)}</th><th></th></tr></thead><tbody>${rows}</tbody></table>`;
  return `<h1>${t(w.endpoint)}</h1>${shown}<div class="card"><p><code>${esc(endpoint.url)}</code></p><p>${esc(fill(w.summary, { events: endpoint.events.join(', '), filters }))} ${t(endpoint.drafts ? w.draftsIncluded : w.publicOnly)}</p>
<p>${esc(stateOf(endpoint))}. ${t(fill(w.waiting, { count: deliveries.queue.length }))}</p>
${endpoint.paused === null ? '' : action('resume', w.resume, '', false)}${action('rotate', w.rotate)}${action('delete', w.delete)}</div>
<h2>${t(w.deliveries)}</h2>${log}<p><a href="${WEBHOOKS_PATH}">${t(w.all)}</a></p>`;
}
