import type { HistoryRecord } from '../../content/history.js';
import type { VersionInfo } from '../../content/revisions.js';
import { esc } from '../html.js';

export interface EntryHistoryView {
  id: string;
  title: string;
  history: Array<HistoryRecord & { personName: string }>;
  revisions: Array<{ language: string; versions: VersionInfo[] }>;
  styles: VersionInfo[];
}

function versionLink(id: string, params: Record<string, string>): string {
  return `/svc/panel/history/version?${new URLSearchParams({ id, ...params }).toString()}`;
}

/** An entry's history log and its kept versions (bodies per language, CSS). */
export function renderEntryHistory(view: EntryHistoryView): string {
  const history = view.history.length
    ? `<table><thead><tr><th>Time (UTC)</th><th>Person</th><th>Action</th><th>Language</th><th>Through</th><th>Note</th></tr></thead><tbody>${view.history.map((r) =>
      `<tr><td>${esc(r.time.slice(0, 19).replace('T', ' '))}</td><td>${esc(r.personName)}</td><td>${esc(r.action.replaceAll('_', ' '))}</td><td>${esc(r.language ?? '')}</td><td>${r.via === 'mcp' ? `assistant (token “${esc(r.token ?? '')}”)` : r.via === 'schedule' ? 'scheduled time' : 'panel'}</td><td>${esc(r.detail ?? '')}</td></tr>`).join('')}</tbody></table>`
    : '<p class="muted">No changes recorded yet.</p>';
  const revisions = view.revisions.length
    ? view.revisions.map((group) => `<h3>${esc(group.language)}</h3><ul class="list">${group.versions.map((v) =>
      `<li><a href="${esc(versionLink(view.id, { language: group.language, revision: v.id }))}">${esc(v.time.slice(0, 19).replace('T', ' '))}</a></li>`).join('')}</ul>`).join('')
    : '<p class="muted">No earlier versions of the text.</p>';
  const styles = view.styles.length
    ? `<ul class="list">${view.styles.map((v) => `<li><a href="${esc(versionLink(view.id, { style: v.id }))}">${esc(v.time.slice(0, 19).replace('T', ' '))}</a></li>`).join('')}</ul>`
    : '<p class="muted">No earlier versions of the CSS.</p>';
  return `<h1>History of ${esc(view.title)}</h1><p class="muted">${esc(view.id)}</p>
<section class="card"><h2>Changes</h2>${history}</section>
<section class="card"><h2>Earlier texts</h2>${revisions}</section>
<section class="card"><h2>Earlier CSS</h2>${styles}</section>`;
}

export function renderVersion(id: string, label: string, text: string): string {
  return `<h1>${esc(label)}</h1><p><a href="/svc/panel/history?id=${esc(encodeURIComponent(id))}">Back to the history of ${esc(id)}</a></p><pre class="card">${esc(text)}</pre>`;
}
