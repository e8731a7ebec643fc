import type { RequestContext } from '../../http/router.js';
import { sendBody } from '../../http/respond.js';

// The editor's rules (toolbar, card forms, status line, uploads, the kept copy) and the media library's
// items: a stylesheet of their own, linked by the two pages that use them, so the one every panel page
// loads stays small. Colours are the panel's own.
export const EDITOR_STYLES_PATH = '/svc/panel/editor.css';

/** In the body of the entry page and the media library (a stylesheet link is allowed there). */
export const EDITOR_STYLES_TAG = `<link rel="stylesheet" href="${EDITOR_STYLES_PATH}">`;

export const EDITOR_STYLES = `
.toolbar{display:flex;flex-wrap:wrap;gap:.3rem;align-items:center;padding:.35rem;border:1px solid var(--field,#b8c0cc);border-bottom:0;border-radius:.35rem .35rem 0 0;background:var(--code-bg,#f0f2f6)}
.toolbar+textarea{border-top-left-radius:0;border-top-right-radius:0}
.toolbar button.tool{margin:0;padding:.25rem .6rem;font-size:.9rem;background:var(--surface,#fff);color:var(--text,#1d2330);border-color:var(--field,#b8c0cc)}
.toolbar button.tool:hover{border-color:var(--link,#2456c7);color:var(--link,#2456c7)}
.toolbar .tool-bold{font-weight:800}
.toolbar .tool-italic{font-style:italic;font-family:Georgia,serif}
.toolbar .tool-code{font-family:ui-monospace,Menlo,Consolas,monospace}
.toolbar .tool-group{display:flex;flex-wrap:wrap;gap:.3rem;align-items:center;margin-left:.4rem;padding-left:.6rem;border-left:1px solid var(--field,#b8c0cc)}
textarea[data-body].dragging,form.upload.dragging{outline:3px dashed #2456c7;outline-offset:2px;background:#eef2fb}
dialog.card-form{background:var(--surface,#fff);color:var(--text,#1d2330);border:1px solid var(--field,#b8c0cc);border-radius:.5rem;padding:1rem 1.2rem;max-width:min(32rem,92vw);width:100%}
dialog.card-form::backdrop{background:rgba(29,35,48,.45)}
dialog.card-form h3{margin:0 0 .4rem}
dialog.card-form select[multiple]{min-height:6rem}
.editor-status{margin:.3rem 0 0;min-height:1.5em;font-size:.9rem}
.editor-status.error{color:var(--error-text,#8a1c12);font-weight:600}
ul.uploads{list-style:none;margin:.3rem 0;padding:0;display:grid;gap:.4rem}
ul.uploads li{border:1px solid var(--line,#dde1e8);border-radius:.4rem;padding:.4rem .6rem;background:var(--surface-2,#fafbfc)}
ul.uploads li.error{color:var(--error-text,#8a1c12);border-color:var(--error-line,#e3b3ad)}
ul.uploads progress{width:10rem;vertical-align:middle}
.alt-asker{display:grid;grid-template-columns:3rem minmax(0,1fr) auto;gap:.2rem .6rem;align-items:center}
.alt-asker label{grid-column:2 / 4;margin:0;font-weight:400}
.alt-asker input{grid-column:2}
.alt-asker button{margin:0}
.alt-asker span{grid-column:2 / 4}
.thumb.small{width:3rem;height:3rem;grid-row:span 3}
.recover{display:flex;flex-wrap:wrap;gap:.4rem .6rem;align-items:center}
.recover p{margin:0;width:100%}
.recover button{margin-top:0}
.alt-form input[type=text]{flex:1 1 14rem;width:auto}
.alt-form label{margin:0}
.media-list .variants,.media-list .uses{margin:.2rem 0;font-size:.9rem}
.media-list details{margin-top:.3rem}
.media-list details summary{cursor:pointer;color:var(--link,#2456c7)}
`;

/** Served like the panel's stylesheet: it changes only with a release. */
export function serveEditorStyles(ctx: RequestContext): void {
  sendBody(ctx.res, 200, EDITOR_STYLES, { 'content-type': 'text/css; charset=utf-8', 'cache-control': 'public, max-age=3600', 'x-content-type-options': 'nosniff' });
}
