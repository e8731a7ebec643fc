import { esc } from '../html.js';
import { siteTimeOf } from '../site-time.js';
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
  const items = rows.map((row) => `<li><a href="${esc(`${entryPageHref(row.id)}#lang-${row.language}`)}">${esc(row.title)}</a> <span class="muted">${esc(row.id)} · ${esc(row.language)} · ${esc(row.note)}</span></li>`).join('');
  const more = total > rows.length ? `<p class="muted">and ${total - rows.length} more.</p>` : '';
  return `<p>${total === 1 ? '1 entry' : `${total} entries`}.</p><ul>${items}</ul>${more}`;
}

function change(percent: number | null): string {
  if (percent === null) return '<span class="muted">(no figures for the 7 days before)</span>';
  return `<span class="muted">(${percent > 0 ? '+' : ''}${percent}% against the 7 days before)</span>`;
}

/** The home page's body. */
export function renderHome(view: HomeView): string {
  const b = view.blocks;
  const parts: string[] = [];
  if (b.approvals) {
    parts.push(block('approvals', 'Waiting for approval', entryList(b.approvals.rows, b.approvals.total, 'Nothing is waiting for approval.'), { href: '/svc/panel/approvals', label: 'Open Waiting for approval' }));
  }
  if (b.assistantDrafts) {
    parts.push(block('drafts', 'Drafts made by assistants', entryList(b.assistantDrafts.rows, b.assistantDrafts.total, 'There are no drafts made by assistants.'), { href: '/svc/panel/entries?type=post&status=draft', label: 'Open the drafts' }));
  }
  if (b.scheduled) {
    parts.push(block('scheduled', 'Scheduled in the next 7 days', entryList(b.scheduled.rows, b.scheduled.total, 'Nothing is scheduled for the next 7 days.'), { href: '/svc/panel/entries?type=post&status=scheduled', label: 'Open the scheduled entries' }));
  }
  if (b.mcpChanges) {
    const rows = b.mcpChanges.map((r) => `<li>${esc(siteTimeOf(r.time, view.timeZone))} · ${esc(r.personName)} · ${esc(r.action.replaceAll('_', ' '))} <a href="${esc(entryPageHref(r.entry ?? ''))}">${esc(r.title ?? r.entry ?? '')}</a> <span class="muted">${esc(r.language ?? '')} · ${throughOf(r)}</span></li>`).join('');
    const inner = rows ? `<p class="muted">Newest first, times in ${esc(view.timeZone)}.</p><ul>${rows}</ul>` : '<p class="muted">No changes were made through MCP lately.</p>';
    parts.push(block('mcp', 'Last changes made through MCP', inner, { href: '/svc/panel/history?via=mcp', label: 'Open the history of MCP changes' }));
  }
  if (b.stats) {
    const s = b.stats;
    const inner = s.visitors === 0 && s.pageviews === 0
      ? `<p class="muted">No visits from ${esc(s.from)} to ${esc(s.to)}.</p>`
      : `<p class="muted">${esc(s.from)} to ${esc(s.to)}</p><dl class="facts"><dt>Visitors</dt><dd>${s.visitors} ${change(s.change.visitors)}</dd><dt>Page views</dt><dd>${s.pageviews} ${change(s.change.pageviews)}</dd></dl>`;
    parts.push(block('stats', 'The last 7 days', inner, { href: '/svc/panel/stats', label: 'Open Statistics' }));
  }
  const attention = parts.length ? parts.join('') : '<p class="card muted">Your role has nothing to look after here; the pages you may use are in the bar above.</p>';
  return `<h1>Hello, ${esc(view.name)}</h1><p class="muted">Signed in as ${esc(view.email)} (${esc(view.role)}).</p>${attention}`;
}
