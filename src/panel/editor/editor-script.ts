import type { RequestContext } from '../../http/router.js';
import { sendBody } from '../../http/respond.js';
import { SCRIPT_CORE } from './script-core.js';
import { SCRIPT_SAVING } from './script-saving.js';
import { SCRIPT_TOOLBAR } from './script-toolbar.js';
import { SCRIPT_UPLOADS } from './script-uploads.js';
import { scriptWords } from '../script-words.js';
import { SCRIPTED_PANEL_CSP } from '../panel-script.js';

// The entry page's second script, beside panel.js: the editor (toolbar and shortcuts, saving without a
// reload, autosave and the copy kept in the browser, images dropped or pasted into the text). A file of this
// site like panel.js, so the panel's CSP (script-src 'self', nothing inline) allows it; without it every
// form of the page works as a plain form.

export const EDITOR_SCRIPT_PATH = '/svc/panel/editor.js';

/**
 * The entry page's CSP: the scripted panel's, and the editor may send its posts (fetch, XMLHttpRequest) to
 * this site and nowhere else.
 */
export const EDITOR_CSP = SCRIPTED_PANEL_CSP.replace("script-src 'self';", "script-src 'self'; connect-src 'self';");

/** Put at the end of the entry page's body (deferred: it runs after panel.js, once the page is parsed). */
export const EDITOR_SCRIPT_TAG = `\n<script src="${EDITOR_SCRIPT_PATH}" defer></script>`;

export const EDITOR_SCRIPT = `(function () {\n'use strict';\nif (!window.fetch || !window.FormData) return;\n${scriptWords((words) => words.editor)}${SCRIPT_CORE}${SCRIPT_TOOLBAR}${SCRIPT_UPLOADS}${SCRIPT_SAVING}})();\n`;

/** Serves the script; it changes only with a release, so browsers may keep it an hour (as panel.js). */
export function serveEditorScript(ctx: RequestContext): void {
  sendBody(ctx.res, 200, EDITOR_SCRIPT, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'public, max-age=3600', 'x-content-type-options': 'nosniff' });
}
