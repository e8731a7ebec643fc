import type { PanelDeps } from '../panel-deps.js';
import type { Router } from '../../http/router.js';
import { createEditPlan } from './edit-plan.js';
import type { EntryPage } from './entry-page.js';
import { EDITOR_SCRIPT_PATH, serveEditorScript } from '../editor/editor-script.js';
import { EDITOR_STYLES_PATH, serveEditorStyles } from '../editor/editor-styles.js';
import { EDITOR_SAVE_PATH, createEditorSave } from './editor-save.js';
import { EDITOR_UPLOAD_PATH, createEditorUpload } from './editor-upload.js';

/** The editor's script and stylesheet, and the two posts it sends without leaving the page. */
export function registerEditorRoutes(router: Router, deps: PanelDeps, page: EntryPage): void {
  router.get(EDITOR_SCRIPT_PATH, serveEditorScript);
  router.get(EDITOR_STYLES_PATH, serveEditorStyles);
  router.post(EDITOR_SAVE_PATH, createEditorSave(deps, page, createEditPlan(deps, page)));
  router.post(EDITOR_UPLOAD_PATH, createEditorUpload(deps, page));
}
