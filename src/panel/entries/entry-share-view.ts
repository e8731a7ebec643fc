// HTML of "Share preview" on an entry's page: a form to make a preview link (which translation, which text,
// how long) and the open links with who made them, what they show, until when, and Revoke.
import { csrfField } from '../csrf.js';
import { esc } from '../html.js';

export const PREVIEW_LINKS_PATH = '/svc/panel/preview-links';

/** How long a link may last, in hours, as the form offers it (content/write/preview-links.ts takes any 1 to 168). */
export const EXPIRY_CHOICES: ReadonlyArray<{ hours: number; label: string }> = [
  { hours: 1, label: '1 hour' },
  { hours: 24, label: '1 day' },
  { hours: 72, label: '3 days' },
  { hours: 168, label: '7 days' },
];
export const DEFAULT_EXPIRY_HOURS = 24;

export interface ShareChoice {
  /** `<language>:now`, `<language>:latest` or `<language>:rev:<revision id>`. */
  value: string;
  label: string;
}

export interface OpenLinkRow {
  id: string;
  languageName: string;
  shows: string;
  createdBy: string;
  created: string;
  until: string;
  mayRevoke: boolean;
}

export interface ShareSectionView {
  csrf: string;
  id: string;
  timeZone: string;
  choices: ShareChoice[];
  links: OpenLinkRow[];
}

export function renderShareSection(view: ShareSectionView): string {
  const choices = view.choices.map((choice) => `<option value="${esc(choice.value)}">${esc(choice.label)}</option>`).join('');
  const expiry = EXPIRY_CHOICES.map((choice) => `<option value="${choice.hours}"${choice.hours === DEFAULT_EXPIRY_HOURS ? ' selected' : ''}>${esc(choice.label)}</option>`).join('');
  const form = `<form method="post" action="${PREVIEW_LINKS_PATH}">${csrfField(view.csrf)}<input type="hidden" name="id" value="${esc(view.id)}">`
    + `<label for="share-what">What the link shows</label><select id="share-what" name="what">${choices}</select>`
    + `<label for="share-hours">Works for</label><select id="share-hours" name="hours">${expiry}</select>`
    + '<button type="submit">Make a preview link</button></form>';
  const rows = view.links.map((link) => {
    const revoke = link.mayRevoke
      ? `<form method="post" action="${PREVIEW_LINKS_PATH}/revoke">${csrfField(view.csrf)}<input type="hidden" name="id" value="${esc(view.id)}"><input type="hidden" name="link" value="${esc(link.id)}"><button type="submit" class="secondary small" aria-label="Revoke the link made by ${esc(link.createdBy)} at ${esc(link.created)}">Revoke</button></form>`
      : '';
    return `<tr><td>${esc(link.languageName)}</td><td>${esc(link.shows)}</td><td>${esc(link.createdBy)}</td><td>${esc(link.created)}</td><td>${esc(link.until)}</td><td>${revoke}</td></tr>`;
  }).join('');
  const table = view.links.length === 0
    ? '<p class="muted">No open preview links.</p>'
    : `<table><caption>Open preview links</caption><thead><tr><th scope="col">Language</th><th scope="col">Shows</th><th scope="col">Made by</th><th scope="col">Made (${esc(view.timeZone)})</th><th scope="col">Works until</th><th scope="col"><span class="visually-hidden">Revoke</span></th></tr></thead><tbody>${rows}</tbody></table>`;
  return `<section class="card" id="share" aria-labelledby="share-title"><h2 id="share-title">Share preview</h2>`
    + '<p class="muted">A preview link shows this entry as its page will look to anyone who has the link, without signing in, until it ends or is revoked. Moving the entry to the trash ends its links.</p>'
    + form + table + '</section>';
}

/** The page that shows a link just made: its address, once. */
export function renderMadeLink(view: { title: string; entryHref: string; address: string; shows: string; until: string }): string {
  return `<h1>Preview link for ${esc(view.title)}</h1><section class="card"><p>Copy the link now: it is shown only once. Anyone who has it sees ${esc(view.shows)}, without signing in, until ${esc(view.until)}.</p>`
    + `<label for="made-link">Preview link</label><input type="text" id="made-link" readonly value="${esc(view.address)}">`
    + `<p><a href="${esc(view.entryHref)}#share">Back to ${esc(view.title)}</a></p></section>`;
}
