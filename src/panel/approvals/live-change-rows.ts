// "Changes to published entries" on Waiting for approval: each change an assistant proposed to a live entry
// (approval_live), with its diff against the live text (or CSS), who proposed it and through what, and the
// two answers. HTML beside the data: the rows are short. The answer forms carry the version stamps of the
// proposal and of the live text the diff was made from (live-approval.ts refuses an answer to anything
// else); a proposal outdated by a later change of the live text is said so and offers Send back alone.
import { statNoFollow } from '../../lib/no-follow.js';
import { diffText } from '../../lib/diff/text-diff.js';
import type { Principal } from '../../auth/principal.js';
import type { Entry } from '../../content/entries/types.js';
import { canPublishEntry } from '../../content/content-rights.js';
import { readHistory, type HistoryRecord } from '../../content/history.js';
import { pendingMediaFile, type PendingLiveChange } from '../../content/pending-changes.js';
import { formatBytes } from '../entries/entry-media-view.js';
import { diffRevision } from '../../content/revision-diff.js';
import { isOutdated, liveTextOf, proposalBase, readProposal } from '../../content/write/live-proposals.js';
import { waitingImageVersion } from '../../content/write/live-approval.js';
import { versionOf } from '../../content/write/version-stamp.js';
import type { WriteContext } from '../../content/write/write-context.js';
import { NOTE_MAX } from '../../content/write/send-back.js';
import { csrfField } from '../csrf.js';
import { esc } from '../html.js';
import { siteTimeOf } from '../site-time.js';
import { entryPageHref } from '../entries/entries-list-view.js';
import { renderFieldDiff, renderTextDiff } from '../revisions/diff-view.js';
import { throughOf } from '../revisions/revisions-view.js';
// escapeHtml for words that are element text with an apostrophe: it writes them as they are (esc, made for
// attributes too, writes &#39;).
import { escapeHtml } from '../../lib/html-escape.js';
import { fill, words } from '../words/panel-words.js';

export const LIVE_ROWS_SHOWN = 50;

export interface LiveChangeRow {
  id: string;
  language: string | null;
  /** A waiting image's name, or null. */
  media: string | null;
  title: string;
  proposed: (HistoryRecord & { personName: string }) | null;
  diffHtml: string;
  refusal: string | null;
  /** The version stamps of what is shown: the proposal (or image), and the live text (null for an image). */
  version: string;
  liveVersion: string | null;
  /** The live text changed after the proposal was based on it: publishing would undo that change. */
  outdated: boolean;
}

/** A refused send back: its note is shown again in its row. */
export interface SentLiveNote {
  id: string;
  language: string | null;
  media: string | null;
  note: string;
}

/** The live text, or null when there is none or it cannot be read (its row then shows the whole proposal). */
function liveOrNull(context: WriteContext, entry: Entry, language: string | null): string | null {
  try {
    return liveTextOf(context, entry, language);
  } catch {
    return null;
  }
}

/**
 * The rows of the first LIVE_ROWS_SHOWN changes that can be shown, and how many can be. A change to an entry
 * in the trash is neither listed nor counted: as WordPress leaves a trashed post's comments out of its
 * moderation queue, the change waits with its entry (data/pending/ keeps it) and is listed again once the
 * entry is restored. Counted, it read "0 of 1 are shown" over an empty list, and 50 such changes hid the rest.
 */
export function buildLiveChangeRows(context: WriteContext, names: Map<string, string>, principal: Principal, pending: readonly PendingLiveChange[]): { rows: LiveChangeRow[]; total: number } {
  const w = words().approvals;
  const rows: LiveChangeRow[] = [];
  const site = context.store.site();
  // Each entry read once, however many of its changes wait.
  const entries = new Map<string, Entry | undefined>();
  const entryOf = (id: string) => {
    if (!entries.has(id)) entries.set(id, context.store.entry(id));
    return entries.get(id);
  };
  const showable = pending.filter((change) => entryOf(change.entry) !== undefined);
  let total = showable.length;
  for (const change of showable) {
    if (rows.length === LIVE_ROWS_SHOWN) break;
    const entry = entryOf(change.entry)!;
    const text = change.media === null ? readProposal(context, change.entry, change.language) : '';
    // Published or sent back a moment ago by someone else: gone from the count too.
    if (text === null) { total--; continue; }
    const translation = change.language === null ? undefined : entry.translations.get(change.language);
    const titled = translation ?? entry.translations.get(site.defaultLanguage) ?? entry.translations.values().next().value;
    const [record] = readHistory(context.store.trustedFolders, context.dataDir, { entry: change.entry, limit: 1, scan: 20_000, keep: (r) => r.action === 'propose_change' && r.language === change.language && (change.media === null || r.detail?.startsWith(`${change.media} `) === true) });
    let diffHtml: string;
    const live = change.media === null ? liveOrNull(context, entry, change.language) : null;
    if (change.media !== null) {
      // The sentence's values are markup (code, a muted size), filled into the escaped words.
      const size = formatBytes(statNoFollow(context.store.trustedFolders, pendingMediaFile(context.dataDir, change.entry, change.media))?.size ?? 0);
      diffHtml = `<p>${fill(escapeHtml(w.newImage), { name: `<code>${esc(change.media)}</code>`, size: `<span class="muted">(${esc(size)})</span>`, path: `<code>${esc(`media/${change.entry}/${change.media}`)}</code>` })}</p>`;
    } else if (change.language === null) {
      diffHtml = renderTextDiff(diffText(live ?? '', text));
    } else {
      const diff = diffRevision(live ?? '', text);
      diffHtml = (diff.unreadable ? '' : renderFieldDiff(diff.fields, [w.liveNow, w.waiting])) + renderTextDiff(diff.body);
    }
    const right = canPublishEntry(principal, entry, translation);
    rows.push({
      id: entry.id, language: change.language, media: change.media, title: titled?.title ?? entry.id, diffHtml,
      proposed: record ? { ...record, personName: names.get(record.person) ?? record.person } : null,
      refusal: right.allowed ? null : right.reason,
      version: change.media === null ? versionOf(text) : waitingImageVersion(context, change.entry, change.media),
      liveVersion: change.media === null ? versionOf(live) : null,
      outdated: change.media === null && isOutdated(proposalBase(context, change.entry, change.language), live, change.language),
    });
  }
  return { rows, total };
}

function renderRow(path: string, csrf: string, timeZone: string, row: LiveChangeRow, n: number, sent: SentLiveNote | null): string {
  const w = words().approvals;
  const what = esc(row.media !== null ? fill(w.theImage, { name: row.media }) : row.language === null ? w.theCss : fill(w.theText, { language: row.language }));
  const proposed = row.proposed
    ? fill(esc(w.proposedBy), { name: esc(row.proposed.personName), through: throughOf(row.proposed), time: esc(siteTimeOf(row.proposed.time, timeZone)) })
    : esc(w.proposedByAssistant);
  const hidden = (name: string, value: string) => `<input type="hidden" name="${name}" value="${esc(value)}">`;
  const keys = csrfField(csrf) + hidden('id', row.id) + hidden('language', row.language ?? '') + (row.media === null ? '' : hidden('media', row.media))
    + hidden('version', row.version) + (row.liveVersion === null ? '' : hidden('live_version', row.liveVersion));
  const note = sent && sent.id === row.id && sent.language === row.language && sent.media === row.media ? sent.note : '';
  // An outdated change is not offered for publishing (it would undo a later change of the live text).
  const publish = row.outdated ? `<p class="notice warn">${esc(w.liveOutdated)}</p>`
    : `<form method="post" action="${path}/publish-change">${keys}<button type="submit">${esc(w.publishChange)}</button></form>`;
  const actions = row.refusal ? `<p class="muted">${esc(row.refusal)}</p>`
    : publish
      + `<form method="post" action="${path}/send-back-change">${keys}<label for="live-note-${n}">${esc(w.noteLabel)} <span class="muted">${esc(fill(w.liveNoteHint, { max: String(NOTE_MAX) }))}</span></label><textarea id="live-note-${n}" name="note" rows="3" maxlength="${NOTE_MAX}" required>${esc(note)}</textarea><button type="submit" class="secondary">${esc(w.sendBack)}</button></form>`;
  return `<section class="card" aria-labelledby="live-${n}"><h3 id="live-${n}"><a href="${esc(entryPageHref(row.id))}">${esc(row.title)}</a></h3>`
    + `<p class="muted">${esc(row.id)} · ${what} · ${proposed}</p><details open><summary>${esc(w.changeAgainstLive)}</summary><p class="muted">${esc(w.liveStruck)}</p>${row.diffHtml}</details>${actions}</section>`;
}

export function renderLiveChanges(path: string, csrf: string, timeZone: string, rows: LiveChangeRow[], total: number, sent: SentLiveNote | null = null): string {
  if (total === 0) return '';
  const w = words().approvals;
  const more = total > rows.length ? `<p class="muted">${esc(fill(w.liveShown, { shown: rows.length, total }))}</p>` : '';
  return `<h2>${esc(w.liveHeading)}</h2><p>${esc(w.liveIntro)}</p>${rows.map((row, n) => renderRow(path, csrf, timeZone, row, n, sent)).join('')}${more}`;
}
