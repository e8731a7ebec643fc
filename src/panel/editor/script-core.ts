// The editor script's shared part: finding a form's parts, editing the text so the browser's Undo still
// works, the status line under the text, and posting to the panel (JSON answers, json-post.ts).
export const SCRIPT_CORE = String.raw`
var d = document;
var isMac = /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);
var editors = Array.prototype.slice.call(d.querySelectorAll('form[data-editor]'));
function field(form, name) { return form.querySelector('[name="' + name + '"]'); }
function bodyOf(form) { return form.querySelector('textarea[data-body]'); }
function formOf(element) { return element && element.closest ? element.closest('form[data-editor]') : null; }
var lastForm = editors[0] || null;
d.addEventListener('focusin', function (event) { var form = formOf(event.target); if (form) lastForm = form; });

/** The status line under a form's text (polite: read out when it changes, never steals focus). */
function statusOf(form) {
  var line = form.querySelector('.editor-status');
  if (!line) {
    line = d.createElement('p');
    line.className = 'editor-status muted';
    line.setAttribute('role', 'status');
    var area = bodyOf(form);
    area.parentNode.insertBefore(line, area.nextSibling);
  }
  return line;
}
function say(form, text, kind) {
  var line = statusOf(form);
  line.textContent = text;
  line.className = 'editor-status ' + (kind === 'error' ? 'error' : 'muted');
}
/** A word of WORDS with its {name} parts filled in. */
function word(key, values) {
  return WORDS[key].replace(/\{(\w+)\}/g, function (all, name) { return values && name in values ? String(values[name]) : all; });
}
// Times as the page's language writes them (the panel's words, not the browser's).
var pageLanguage = d.documentElement.lang || [];
function clock() { return new Date().toLocaleTimeString(pageLanguage, { hour: '2-digit', minute: '2-digit' }); }

/** Replaces start..end with text through the browser's editing (Undo keeps working), then selects a..b. */
function replaceRange(area, start, end, text, selectFrom, selectTo) {
  area.focus();
  area.setSelectionRange(start, end);
  var done = false;
  try { done = text !== '' && d.execCommand('insertText', false, text); } catch (error) { done = false; }
  if (!done) {
    area.setRangeText(text, start, end, 'end');
    area.dispatchEvent(new Event('input', { bubbles: true }));
  }
  if (selectFrom !== undefined) area.setSelectionRange(selectFrom, selectTo === undefined ? selectFrom : selectTo);
}

/** Puts a block (an image, a card) on lines of its own at the cursor; answers all it inserted. */
function insertBlockAt(area, text) {
  var start = area.selectionStart, end = area.selectionEnd, value = area.value;
  var before = value.slice(0, start), after = value.slice(end);
  var prefix = start === 0 || /\n\n$/.test(before) ? '' : /\n$/.test(before) ? '\n' : '\n\n';
  var suffix = after === '' || /^\n/.test(after) ? '\n' : '\n\n';
  var caret = start + prefix.length + text.length + suffix.length;
  replaceRange(area, start, end, prefix + text + suffix, caret);
  return prefix + text + suffix;
}

/** Posts a form body to the panel; resolves to { ok, status, data } (data: the JSON answer, or null). */
function postTo(url, body, options) {
  return fetch(url, Object.assign({ method: 'POST', body: body, credentials: 'same-origin', headers: { accept: 'application/json' } }, options || {}))
    .then(function (response) {
      return response.json().then(function (data) { return { ok: response.ok, status: response.status, data: data }; },
        function () { return { ok: false, status: response.status, data: null }; });
    });
}
function refusal(answer) {
  return answer && answer.data && answer.data.error ? answer.data.error : word('noAnswer', { status: answer ? answer.status : '-' });
}
`;
