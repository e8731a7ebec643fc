// What a bulk publish or unpublish did to each chosen entry (bulk-handlers.ts).
import { esc } from '../html.js';
import { entryPageHref } from './entries-list-view.js';
import { fill, words } from '../words/panel-words.js';

export interface BulkOutcome {
  id: string;
  title: string;
  ok: boolean;
  /** What happened, or why not, in a sentence. */
  text: string;
  /** Not acted on because the list did not show the text as it is now (bulk-stamps.ts). */
  leftAlone?: boolean;
}

export interface BulkResultsView {
  action: 'publish' | 'unpublish';
  language: string;
  outcomes: BulkOutcome[];
  /** The list's address the person came from. */
  back: string;
}

export function renderBulkResults(view: BulkResultsView): string {
  const w = words().entries.bulk;
  const items = view.outcomes.map((outcome) => `<li class="bulk-${outcome.ok ? 'done' : 'refused'}" data-id="${esc(outcome.id)}"><div class="row"><a class="name" href="${esc(entryPageHref(outcome.id))}">${esc(outcome.title)}</a><span class="muted">${esc(outcome.id)}</span></div><p>${outcome.ok ? '' : `<strong>${esc(w.refused)}</strong> `}${esc(outcome.text)}</p></li>`).join('');
  const heading = fill(view.action === 'publish' ? w.publishHeading : w.unpublishHeading, { language: view.language });
  return `<h1>${esc(heading)}</h1><ul class="list bulk-results">${items}</ul><p><a class="button" href="${esc(view.back)}">${esc(w.backToList)}</a></p>`;
}
