import { actionLabel } from '../history/history-view.js';
import { esc } from '../html.js';
import { dayInWords, siteTimeOf } from '../site-time.js';
import { fill, formatNumber, plural, words } from '../words/panel-words.js';
import { entryPageHref } from '../entries/entries-list-view.js';
import { throughOf } from '../revisions/revisions-view.js';
import type { HomeBlocks, HomeEntryRow } from './home-blocks.js';

// The panel's home: what needs attention first, one card per block, each linking to the page that deals
// with it; an empty block says so in a sentence.

export interface HomeView {
  name: string;
  email: string;
  role: string;
  timeZone: string;
  blocks: HomeBlocks;
}

function block(key: string, title: string, inner: string, link: { href: string; label: string }): string {
  return `<section class="card" aria-labelledby="home-${key}"><h2 id="home-${key}">${esc(title)}</h2>${inner}<p><a href="${esc(link.href)}">${esc(link.label)}</a></p></section>`;
}

function entryList(rows: HomeEntryRow[], total: number, empty: string): string {
  if (total === 0) return `<p class="muted">${esc(empty)}</p>`;
  const w = words().home;
  const items = rows.map((row) => `<li><a href="${esc(`${entryPageHref(row.id)}#lang-${row.language}`)}">${esc(row.title)}</a> <span class="muted">${esc(row.id)} · ${esc(row.language)} · ${esc(row.note)}</span></li>`).join('');
  const more = total > rows.length ? `<p class="muted">${esc(fill(w.more, { count: total - rows.length }))}</p>` : '';
  return `<p>${esc(plural(w.entries, total))}</p><ul>${items}</ul>${more}`;
}

function change(percent: number | null): string {
  const w = words().home.stats;
  if (percent === null) return `<span class="muted">${esc(w.noFiguresBefore)}</span>`;
  // A signed percentage as the language writes it (+12.5%, +12,5 %).
  const figure = formatNumber(percent / 100, { style: 'percent', signDisplay: 'exceptZero', maximumFractionDigits: 1 });
  return `<span class="muted">${esc(fill(w.change, { change: figure }))}</span>`;
}

/** The home page's body. */
export function renderHome(view: HomeView): string {
  const w = words().home;
  const b = view.blocks;
  const parts: string[] = [];
  if (b.approvals) {
    parts.push(block('approvals', w.approvals.title, entryList(b.approvals.rows, b.approvals.total, w.approvals.empty), { href: '/svc/panel/approvals', label: w.approvals.open }));
  }
  if (b.assistantDrafts) {
    parts.push(block('drafts', w.drafts.title, entryList(b.assistantDrafts.rows, b.assistantDrafts.total, w.drafts.empty), { href: '/svc/panel/entries?type=post&status=draft', label: w.drafts.open }));
  }
  if (b.scheduled) {
    parts.push(block('scheduled', w.scheduled.title, entryList(b.scheduled.rows, b.scheduled.total, w.scheduled.empty), { href: '/svc/panel/entries?type=post&status=scheduled', label: w.scheduled.open }));
  }
  if (b.mcpChanges) {
    const rows = b.mcpChanges.map((r) => `<li>${esc(siteTimeOf(r.time, view.timeZone))} · ${esc(r.personName)} · ${esc(actionLabel(r.action))} <a href="${esc(entryPageHref(r.entry ?? ''))}">${esc(r.title ?? r.entry ?? '')}</a> <span class="muted">${esc(r.language ?? '')} · ${throughOf(r)}</span></li>`).join('');
    const inner = rows ? `<p class="muted">${esc(fill(w.mcp.newestFirst, { zone: view.timeZone }))}</p><ul>${rows}</ul>` : `<p class="muted">${esc(w.mcp.empty)}</p>`;
    parts.push(block('mcp', w.mcp.title, inner, { href: '/svc/panel/history?via=mcp', label: w.mcp.open }));
  }
  if (b.stats) {
    const s = b.stats;
    const range = { from: dayInWords(s.from), to: dayInWords(s.to) };
    const inner = s.visitors === 0 && s.pageviews === 0
      ? `<p class="muted">${esc(fill(w.stats.noVisits, range))}</p>`
      : `<p class="muted">${esc(fill(w.stats.range, range))}</p><dl class="facts"><dt>${esc(w.stats.visitors)}</dt><dd>${formatNumber(s.visitors)} ${change(s.change.visitors)}</dd><dt>${esc(w.stats.pageviews)}</dt><dd>${formatNumber(s.pageviews)} ${change(s.change.pageviews)}</dd></dl>`;
    parts.push(block('stats', w.stats.title, inner, { href: '/svc/panel/stats', label: w.stats.open }));
  }
  const attention = parts.length ? parts.join('') : `<p class="card muted">${esc(w.nothingToDo)}</p>`;
  return `<h1>${esc(fill(w.hello, { name: view.name }))}</h1><p class="muted">${esc(fill(w.signedInAs, { email: view.email, role: view.role }))}</p>${attention}`;
}
