// HTML of "Share preview" on an entry's page: a form to make a preview link (which translation, which text,
// how long) and the open links with who made them, what they show, until when, and Revoke.
import { csrfField } from '../csrf.js';
import { esc } from '../html.js';
import { fill, plural, words } from '../words/panel-words.js';

export const PREVIEW_LINKS_PATH = '/svc/panel/preview-links';

/** How long a link may last, in hours, as the form offers it (content/write/preview-links.ts takes any 1 to 168). */
export const EXPIRY_HOURS: readonly number[] = [1, 24, 72, 168];
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

/** "1 hour", "3 days": whole days in days. */
function durationLabel(hours: number): string {
  const w = words().entries.share;
  return hours % 24 === 0 ? plural(w.days, hours / 24) : plural(w.hours, hours);
}

export function renderShareSection(view: ShareSectionView): string {
  const w = words().entries.share;
  const choices = view.choices.map((choice) => `<option value="${esc(choice.value)}">${esc(choice.label)}</option>`).join('');
  const expiry = EXPIRY_HOURS.map((hours) => `<option value="${hours}"${hours === DEFAULT_EXPIRY_HOURS ? ' selected' : ''}>${esc(durationLabel(hours))}</option>`).join('');
  const form = `<form method="post" action="${PREVIEW_LINKS_PATH}">${csrfField(view.csrf)}<input type="hidden" name="id" value="${esc(view.id)}">`
    + `<label for="share-what">${esc(w.what)}</label><select id="share-what" name="what">${choices}</select>`
    + `<label for="share-hours">${esc(w.worksFor)}</label><select id="share-hours" name="hours">${expiry}</select>`
    + `<button type="submit">${esc(w.make)}</button></form>`;
  const rows = view.links.map((link) => {
    const revoke = link.mayRevoke
      ? `<form method="post" action="${PREVIEW_LINKS_PATH}/revoke">${csrfField(view.csrf)}<input type="hidden" name="id" value="${esc(view.id)}"><input type="hidden" name="link" value="${esc(link.id)}"><button type="submit" class="secondary small" aria-label="${esc(fill(w.revokeLabel, { person: link.createdBy, time: link.created }))}">${esc(w.revoke)}</button></form>`
      : '';
    return `<tr><td>${esc(link.languageName)}</td><td>${esc(link.shows)}</td><td>${esc(link.createdBy)}</td><td>${esc(link.created)}</td><td>${esc(link.until)}</td><td>${revoke}</td></tr>`;
  }).join('');
  const table = view.links.length === 0
    ? `<p class="muted">${esc(w.none)}</p>`
    : `<table><caption>${esc(w.caption)}</caption><thead><tr><th scope="col">${esc(w.language)}</th><th scope="col">${esc(w.shows)}</th><th scope="col">${esc(w.madeBy)}</th><th scope="col">${esc(fill(w.made, { zone: view.timeZone }))}</th><th scope="col">${esc(w.until)}</th><th scope="col"><span class="visually-hidden">${esc(w.revoke)}</span></th></tr></thead><tbody>${rows}</tbody></table>`;
  return `<section class="card" id="share" aria-labelledby="share-title"><h2 id="share-title">${esc(w.heading)}</h2>`
    + `<p class="muted">${esc(w.intro)}</p>`
    + form + table + '</section>';
}

/** The page that shows a link just made: its address, once. */
export function renderMadeLink(view: { title: string; entryHref: string; address: string; shows: string; until: string }): string {
  const w = words().entries.share;
  return `<h1>${esc(fill(w.madeHeading, { title: view.title }))}</h1><section class="card"><p>${esc(fill(w.copyNow, { shows: view.shows, until: view.until }))}</p>`
    + `<label for="made-link">${esc(w.pageTitle)}</label><input type="text" id="made-link" readonly value="${esc(view.address)}">`
    + `<p><a href="${esc(view.entryHref)}#share">${esc(fill(w.back, { title: view.title }))}</a></p></section>`;
}
