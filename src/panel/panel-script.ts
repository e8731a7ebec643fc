import type { RequestContext } from '../http/router.js';
import { sendBody, type Headers } from '../http/respond.js';
import { PANEL_CSP, sendPanelPage } from './layout.js';
import { SCREEN_SCRIPT } from './screen-script.js';
import { scriptWords } from './script-words.js';

// The panel's one script: a small first-party file, no framework, loaded only by pages that use it, under a
// CSP that allows scripts from this site alone. Every page works without it (plain forms); it only makes
// them quicker:
// - a guard that asks before leaving a page with unsaved changes (forms marked data-guard);
// - live preview: the edit form's Preview button posts into the frame beside the text as one types;
// - inserting a card example or an image's Markdown at the cursor, and copy buttons;
// - dropping images on the upload form;
// - showing only the chosen category's fields;
// - refreshing the Statistics page's "right now" every half minute while the page is in view;
// - the Statistics page's chart: its figures shown for the bar in focus or under the pointer.
// - what screen-script.ts adds (live list filters, the colour switch, tabs).
// Controls that need it carry `hidden` in the HTML and are shown here.

/** Same origin: scripts (this one), the preview frame, images; nothing inline, nothing from elsewhere. */
export const SCRIPTED_PANEL_CSP = PANEL_CSP.replace("default-src 'none';", "default-src 'none'; script-src 'self'; frame-src 'self';");

export const PANEL_SCRIPT = `(function () {
'use strict';
var d = document;
${scriptWords((words) => ({ copied: words.common.copied }))}d.querySelectorAll('[data-copy],[data-insert],[data-live-preview],.drop-hint').forEach(function (el) { el.hidden = false; });

var dirty = new Set();
function markDirty(event) {
  var form = event.target.form;
  if (form && form.hasAttribute('data-guard')) dirty.add(form);
}
d.addEventListener('input', markDirty, true);
d.addEventListener('change', markDirty, true);
d.addEventListener('submit', function (event) {
  var submitter = event.submitter;
  // A preview opens elsewhere and leaves the page (and its changes) as they are.
  if (submitter && submitter.hasAttribute('data-preview')) return;
  dirty.delete(event.target);
});
// The editor's script (editor/editor-script.ts) saved a form without leaving the page.
d.addEventListener('svc:saved', function (event) { dirty.delete(event.target); });
window.addEventListener('beforeunload', function (event) {
  if (dirty.size === 0) return;
  event.preventDefault();
  event.returnValue = '';
});

function copyText(text, button) {
  var label = button.textContent;
  function done() { button.textContent = WORDS.copied; setTimeout(function () { button.textContent = label; }, 1500); }
  function fallback() {
    var area = d.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.className = 'offscreen';
    d.body.appendChild(area);
    area.select();
    try { if (d.execCommand('copy')) done(); } catch (error) { /* the text stays selectable */ }
    area.remove();
  }
  if (navigator.clipboard && window.isSecureContext) navigator.clipboard.writeText(text).then(done, fallback);
  else fallback();
}

var focused = new WeakSet();
var lastBody = null;
d.addEventListener('focusin', function (event) {
  var target = event.target;
  if (target.matches && target.matches('textarea[data-body]')) { focused.add(target); lastBody = target; }
});

/** Inserts a block (a card, an image) on lines of its own at the cursor, or at the end of an untouched text. */
function insertBlock(area, text) {
  var value = area.value;
  var start = focused.has(area) ? area.selectionStart : value.length;
  var end = focused.has(area) ? area.selectionEnd : value.length;
  var before = value.slice(0, start);
  var after = value.slice(end);
  var prefix = start === 0 || /\\n\\n$/.test(before) ? '' : /\\n$/.test(before) ? '\\n' : '\\n\\n';
  var suffix = after === '' || /^\\n/.test(after) ? '\\n' : '\\n\\n';
  area.setRangeText(prefix + text + suffix, start, end, 'end');
  area.focus();
  area.dispatchEvent(new Event('input', { bubbles: true }));
}

function toggleLivePreview(button) {
  var form = button.form;
  var pane = form.querySelector('.preview-pane');
  var frame = pane.querySelector('iframe');
  var preview = form.querySelector('[data-preview]');
  var on = button.getAttribute('aria-pressed') !== 'true';
  button.setAttribute('aria-pressed', String(on));
  pane.hidden = !on;
  form.classList.toggle('live', on);
  preview.setAttribute('formtarget', on ? frame.name : '_blank');
  if (on) refreshPreview(form);
}

var timers = new WeakMap();
function refreshPreview(form) {
  var frame = form.querySelector('.preview-pane iframe');
  var button = form.querySelector('[data-preview]');
  try { frame.dataset.scroll = String(frame.contentWindow.scrollY || 0); } catch (error) { /* not loaded yet */ }
  if (form.requestSubmit) form.requestSubmit(button); else button.click();
}
d.querySelectorAll('.preview-pane iframe').forEach(function (frame) {
  frame.addEventListener('load', function () {
    try { frame.contentWindow.scrollTo(0, Number(frame.dataset.scroll || 0)); } catch (error) { /* another page */ }
  });
});
d.addEventListener('input', function (event) {
  var form = event.target.form;
  if (!form || !form.classList.contains('live')) return;
  clearTimeout(timers.get(form));
  timers.set(form, setTimeout(function () { refreshPreview(form); }, 400));
});

d.addEventListener('click', function (event) {
  var button = event.target.closest && event.target.closest('button');
  if (!button) return;
  if (button.hasAttribute('data-copy')) {
    var source = d.getElementById(button.getAttribute('data-copy'));
    if (source) copyText(source.textContent, button);
  } else if (button.hasAttribute('data-insert')) {
    var snippet = d.getElementById(button.getAttribute('data-insert'));
    var named = button.getAttribute('data-target');
    var area = named ? d.getElementById(named) : lastBody || d.querySelector('textarea[data-body]');
    if (snippet && area) insertBlock(area, snippet.textContent);
  } else if (button.hasAttribute('data-live-preview')) {
    toggleLivePreview(button);
  }
});

function showChosenCategory(select) {
  select.form.querySelectorAll('fieldset[data-category]').forEach(function (set) {
    var chosen = set.getAttribute('data-category') === select.value;
    set.hidden = !chosen;
    set.disabled = !chosen;
  });
}
d.querySelectorAll('select[data-category-select]').forEach(function (select) {
  showChosenCategory(select);
  select.addEventListener('change', function () { showChosenCategory(select); });
});

d.querySelectorAll('form[data-dropzone]').forEach(function (form) {
  var input = form.querySelector('input[type=file]');
  form.addEventListener('dragover', function (event) { event.preventDefault(); form.classList.add('dragging'); });
  form.addEventListener('dragleave', function () { form.classList.remove('dragging'); });
  form.addEventListener('drop', function (event) {
    event.preventDefault();
    form.classList.remove('dragging');
    if (!event.dataTransfer || event.dataTransfer.files.length === 0) return;
    input.files = event.dataTransfer.files;
    if (form.requestSubmit) form.requestSubmit(); else form.submit();
  });
});

// The Statistics page's chart: the figures of the bar in focus or under the pointer shown above it; the
// arrow keys, Home and End move along the bars (one tab stop for the chart).
d.querySelectorAll('figure.chart').forEach(function (chart) {
  var plot = chart.querySelector('.chart-plot');
  var tip = chart.querySelector('.chart-tip');
  var bars = Array.prototype.slice.call(chart.querySelectorAll('g.bar'));
  if (!plot || !tip || bars.length === 0) return;
  function point(bar) {
    var box = bar.getBoundingClientRect(), area = plot.getBoundingClientRect();
    tip.textContent = bar.getAttribute('aria-label');
    tip.hidden = false;
    var half = tip.offsetWidth / 2;
    var x = Math.min(Math.max(box.left + box.width / 2 - area.left, half), area.width - half);
    tip.style.left = x + 'px';
  }
  function hide() { tip.hidden = true; }
  bars.forEach(function (bar, i) {
    bar.addEventListener('mouseenter', function () { point(bar); });
    bar.addEventListener('mouseleave', function () { if (d.activeElement !== bar) hide(); });
    bar.addEventListener('focus', function () { point(bar); });
    bar.addEventListener('blur', hide);
    bar.addEventListener('keydown', function (event) {
      var to = event.key === 'ArrowRight' ? Math.min(i + 1, bars.length - 1) : event.key === 'ArrowLeft' ? Math.max(i - 1, 0)
        : event.key === 'Home' ? 0 : event.key === 'End' ? bars.length - 1 : -1;
      if (to < 0) return;
      event.preventDefault();
      bar.tabIndex = -1;
      bars[to].tabIndex = 0;
      bars[to].focus();
    });
  });
});

// Only an answer marked as the part replaces it: a sign-in page after a session ended never lands here.
d.querySelectorAll('[data-refresh]').forEach(function (part) {
  setInterval(function () {
    if (d.hidden) return;
    fetch(part.getAttribute('data-refresh'), { credentials: 'same-origin', cache: 'no-store' }).then(function (response) {
      if (!response.ok || response.headers.get('x-svc-part') !== part.id) return null;
      return response.text();
    }).then(function (html) { if (html !== null) part.innerHTML = html; }, function () { /* try again next time */ });
  }, 30000);
});
})();
` + SCREEN_SCRIPT;

/** Serves the script; like the stylesheet it changes only with a release, so browsers may keep it an hour. */
export function serveScript(ctx: RequestContext): void {
  sendBody(ctx.res, 200, PANEL_SCRIPT, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'public, max-age=3600', 'x-content-type-options': 'nosniff' });
}

/** Sends a page that loads the script (renderPage with `script: true`). */
export function sendScriptedPanelPage(ctx: RequestContext, status: number, html: string, headers: Headers = {}): void {
  sendPanelPage(ctx, status, html, { 'content-security-policy': SCRIPTED_PANEL_CSP, ...headers });
}
