// /svc/panel/stats/import: people whose role has stats.view bring over a Plausible CSV export (the ZIP as
// Plausible gives it, or its CSV files) into the days not counted here yet (stats/plausible-import.ts). An
// upload over 20 MB, a damaged archive or a file that cannot be read is refused with a sentence, and nothing
// is changed.
import type { PanelDeps } from '../panel-deps.js';
import type { Router, RequestContext } from '../../http/router.js';
import { AppError, isAppError } from '../../errors.js';
import { readMultipartForm } from '../../http/multipart.js';
import { refuseRestOfBody } from '../../http/body-refusal.js';
import { renderPage, sendPanelMessage, sendPanelPage } from '../layout.js';
import { csrfMatches, currentPanelSession, requirePanelSession, type PanelSession } from '../panel-session.js';
import { csrfField } from '../csrf.js';
import { esc } from '../html.js';
import { readZipFiles, startsLikeZip, ZipProblem } from '../../lib/zip-read.js';
import { importPlausibleExport, type ImportResult } from '../../stats/plausible-import.js';
import { escapeHtml } from '../../lib/html-escape.js';
import { fill, plural, words } from '../words/panel-words.js';
import { dayText } from '../stats/stats-dates.js';

export const IMPORT_PATH = '/svc/panel/stats/import';
export const MAX_IMPORT_BYTES = 20 * 1024 * 1024;
const MAX_UNPACKED_BYTES = 200 * 1024 * 1024;

function render(csrf: string, result: ImportResult | null): string {
  const w = words().statsImport;
  const t = escapeHtml;
  const first = result?.imported[0] ?? '';
  const last = result?.imported[result.imported.length - 1] ?? '';
  const done = result === null ? '' : `<section class="card"><h2>${t(w.imported)}</h2><p>${esc(result.imported.length === 0
    ? w.noneImported
    : plural(w.daysImported, result.imported.length, { first: dayText(first), last: dayText(last) }))}`
    + `${result.skipped.length > 0 ? esc(` ${plural(w.skipped, result.skipped.length)}`) : ''}</p>`
    + `<p class="muted">${esc(`${fill(w.read, { files: result.files.join(', ') })}${result.ignored.length > 0 ? ` ${fill(w.passedOver, { files: result.ignored.join(', ') })}` : ''}`)}</p></section>`;
  return `<h1>${t(w.title)}</h1><p><a href="/svc/panel/stats">${t(w.back)}</a></p>${done}`
    + `<p>${t(w.intro)} ${t(w.intro2)}</p>`
    + `<form method="post" action="${IMPORT_PATH}" enctype="multipart/form-data" class="stack">${csrfField(csrf)}`
    + `<label>${t(fill(w.file, { megabytes: MAX_IMPORT_BYTES / 1024 / 1024 }))} <input type="file" name="files" accept=".zip,.csv" multiple required></label>`
    + `<button type="submit">${t(w.import)}</button></form>`;
}

function send(ctx: RequestContext, session: PanelSession, status: number, notice: { kind: 'ok' | 'error'; text: string } | null, result: ImportResult | null = null): void {
  sendPanelPage(ctx, status, renderPage({ title: words().statsImport.title, viewer: session, active: 'stats', body: render(session.csrf, result), notice }));
}

async function importUpload(ctx: RequestContext, deps: PanelDeps): Promise<void> {
  const session = currentPanelSession(ctx, deps);
  const common = words().common;
  if (!session) { refuseRestOfBody(ctx.req); return sendPanelMessage(ctx, 403, common.signedOut, common.signedOutText); }
  if (!session.capabilities.has('stats.view')) { refuseRestOfBody(ctx.req); return sendPanelMessage(ctx, 403, common.notAllowed, common.actionNotAllowed, session); }
  let form: FormData;
  try {
    form = await readMultipartForm(ctx.req, MAX_IMPORT_BYTES);
  } catch (error) {
    if (!isAppError(error)) throw error;
    return send(ctx, session, error.status, { kind: 'error', text: error.kind === 'too_large' ? fill(words().statsImport.tooLarge, { megabytes: MAX_IMPORT_BYTES / 1024 / 1024 }) : error.message });
  }
  const csrf = form.get('csrf');
  if (!csrfMatches(ctx, new URLSearchParams(typeof csrf === 'string' ? { csrf } : {}), session.csrf, session)) return;
  const uploads = form.getAll('files').flatMap((part) => (typeof part !== 'string' && part.size > 0 ? [part] : []));
  try {
    if (uploads.length === 0) throw new AppError('invalid_params', words().statsImport.choose);
    const files = new Map<string, string>();
    for (const upload of uploads) {
      const bytes = Buffer.from(await upload.arrayBuffer());
      if (upload.name.toLowerCase().endsWith('.zip') || startsLikeZip(bytes)) {
        let inside: Map<string, Buffer>;
        try { inside = readZipFiles(bytes, { maxFiles: 100, maxTotalBytes: MAX_UNPACKED_BYTES }); } catch (error) {
          if (error instanceof ZipProblem) throw new AppError('invalid_params', fill(words().statsImport.refused, { file: upload.name.slice(0, 80), reason: error.message }));
          throw error;
        }
        for (const [name, content] of inside) files.set(name, content.toString('utf8'));
      } else files.set(upload.name, bytes.toString('utf8'));
    }
    const result = importPlausibleExport(deps.stats, files);
    send(ctx, session, 200, { kind: 'ok', text: plural(words().statsImport.done, result.imported.length) }, result);
  } catch (error) {
    if (!isAppError(error) || error.status !== 422) throw error;
    send(ctx, session, 422, { kind: 'error', text: error.message });
  }
}

export function registerImportPage(router: Router, deps: PanelDeps): void {
  router.get(IMPORT_PATH, (ctx) => {
    const session = requirePanelSession(ctx, deps, 'stats.view');
    if (session) send(ctx, session, 200, null);
  });
  router.post(IMPORT_PATH, (ctx) => importUpload(ctx, deps));
}
