// The publish review view, linked from content_publish: what was (or, in approval mode, would be) made
// public against the text that was public before — front matter field by field, the body by lines and words
// (content/revision-diff.ts, the project's Myers diff) — the card warnings, and in approval mode the
// request's state with a way to the panel. Nothing here approves: that stays with a person in the panel.
import { buildAppDocument } from './app-document.js';

export const REVIEW_META_KEY = 'svc/review';

const SCRIPT = String.raw`
function openLink(url) {
  const link = el('a', { href: url, rel: 'noopener', target: '_blank' }, text('reviewOpenPanel'));
  // A sandboxed view asks the host to open it (ui/open-link); the address is shown either way.
  link.addEventListener('click', (event) => { event.preventDefault(); request('ui/open-link', { url }).catch(() => {}); });
  return link;
}

function bodyDiff(blocks) {
  const box = el('div', { class: 'diff', role: 'group', 'aria-label': text('diffBody') });
  for (const block of blocks) {
    if (block.kind === 'same') {
      if (block.lines.length > 6) {
        box.append(el('span', { class: 'same' }, block.lines.slice(0, 2).join('')));
        box.append(el('span', { class: 'same muted' }, '… ' + (block.lines.length - 4) + ' ' + text('diffUnchanged') + ' …\n'));
        box.append(el('span', { class: 'same' }, block.lines.slice(-2).join('')));
      } else box.append(el('span', { class: 'same' }, block.lines.join('')));
      continue;
    }
    for (const piece of block.pieces) {
      if (piece.kind === 'equal') box.append(piece.text);
      else if (piece.kind === 'delete') box.append(el('del', { title: text('diffRemoved') }, piece.text));
      else box.append(el('ins', { title: text('diffAdded') }, piece.text));
    }
  }
  return box;
}

function render(result) {
  const data = result.structuredContent || {};
  const review = (result._meta && result._meta['svc/review']) || {};
  APP.append(el('h1', {}, text('reviewTitle') + ': ' + (review.title || data.id || '')));
  const state = el('p', {});
  if (data.status === 'waiting_for_approval') {
    state.append(el('span', { class: 'badge', 'data-status': 'waiting' }, text('reviewWaiting')));
    APP.append(state, el('p', { class: 'note' }, text('reviewWaitingNote')));
    if (review.approval && review.approval.panel_url) APP.append(el('p', {}, openLink(review.approval.panel_url)));
  } else {
    state.append(el('span', { class: 'badge', 'data-status': data.status }, data.status === 'scheduled' ? text('reviewScheduled') + ' ' + data.date : text('reviewPublished') + ' ' + (data.date || '')));
    APP.append(state);
    if (data.note) APP.append(el('p', { class: 'note' }, text('reviewAlready')));
  }

  APP.append(el('h2', {}, text('diffTitle')));
  const diff = review.diff;
  if (review.first_publication) APP.append(el('p', { class: 'note' }, text('diffFirst')));
  if (!diff || (diff.fields.length === 0 && diff.body.every((block) => block.kind === 'same'))) APP.append(el('p', { class: 'note', id: 'no-changes' }, text('diffNone')));
  else {
    if (diff.fields.length > 0) {
      APP.append(el('table', { id: 'field-changes' }, el('caption', {}, text('diffFields')),
        el('thead', {}, el('tr', {}, el('th', { scope: 'col' }, ''), el('th', { scope: 'col' }, text('diffBefore')), el('th', { scope: 'col' }, text('diffAfter')))),
        el('tbody', {}, diff.fields.map((field) => el('tr', {}, el('th', { scope: 'row' }, field.name), el('td', {}, field.before === undefined ? '—' : field.before), el('td', {}, field.after === undefined ? '—' : field.after))))));
    }
    APP.append(el('h3', {}, text('diffBody')), bodyDiff(diff.body));
  }

  APP.append(el('h2', {}, text('warningsTitle')));
  const warnings = data.card_warnings || review.card_warnings || [];
  if (warnings.length === 0) APP.append(el('p', { class: 'note' }, text('warningsNone')));
  else APP.append(el('ul', { id: 'card-warnings' }, warnings.map((warning) => el('li', {}, warning.card + ' ' + text('warningsMissing') + ' ' + warning.missing.join(', ')))));
}
`;

export const publishReviewApp = buildAppDocument({ name: 'review', title: 'Publish review', script: SCRIPT });
