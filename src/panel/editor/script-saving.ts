// The editor script's saving: Ctrl/Cmd+S saves without leaving the page; a draft is saved to the server a
// few seconds after the typing stops (autosave; a published text never is: saving it changes the public
// page, which only Save or Ctrl+S do); every text is also kept in this browser (localStorage) as it is
// typed, and offered back when the page opens again after a crash or a closed tab. The live preview is on
// unless the person turned it off.
export const SCRIPT_SAVING = String.raw`
var AUTOSAVE_AFTER = 2500, AUTOSAVE_GAP = 10000;
function copyKey(form) { return 'svc-editor:' + field(form, 'id').value + ':' + field(form, 'language').value; }
function textOf(form) {
  var excerpt = field(form, 'excerpt');
  return { title: field(form, 'title').value, body: bodyOf(form).value, excerpt: excerpt ? excerpt.value : '' };
}
function keepCopy(form) {
  try {
    var copy = textOf(form);
    copy.time = Date.now();
    copy.version = field(form, 'version').value;
    localStorage.setItem(copyKey(form), JSON.stringify(copy));
  } catch (error) { /* storage full or off: the server copy remains */ }
}
function dropCopy(form) { try { localStorage.removeItem(copyKey(form)); } catch (error) { /* nothing kept */ } }

var state = new WeakMap();
function stateOf(form) {
  if (!state.has(form)) state.set(form, { changed: false, saving: null, again: false, timer: 0, copyTimer: 0, last: 0 });
  return state.get(form);
}

/** Saves what is on the screen; autosave refuses anything but a draft on the server too. */
function saveNow(form, auto) {
  var s = stateOf(form);
  if (s.saving) { s.again = true; return s.saving; }
  clearTimeout(s.timer);
  var body = new URLSearchParams(new FormData(form));
  if (auto) body.set('autosave', '1');
  s.changed = false;
  s.last = Date.now();
  say(form, word(auto ? 'savingDraft' : 'saving'));
  s.saving = postTo('/svc/panel/editor/save', body).then(function (answer) {
    if (answer.ok) {
      field(form, 'version').value = answer.data.version;
      if (!s.changed) {
        clearTimeout(s.copyTimer);
        dropCopy(form);
        form.dispatchEvent(new CustomEvent('svc:saved', { bubbles: true }));
      }
      say(form, answer.data.saved ? word(auto ? 'draftSaved' : 'saved', { time: clock() }) : word('nothingToSave'));
    } else {
      s.changed = true;
      // A refused save stops autosave: the person reads why before anything else is tried.
      s.stopped = answer.status === 409 || answer.status === 403 || answer.status === 404;
      say(form, word('notSaved', { reason: refusal(answer) }), 'error');
    }
  }, function () {
    s.changed = true;
    say(form, word('offline'), 'error');
  }).then(function () {
    s.saving = null;
    if (s.again) { s.again = false; schedule(form); }
  });
  return s.saving;
}

function schedule(form) {
  var s = stateOf(form);
  if (form.getAttribute('data-status') !== 'draft' || s.stopped || s.leaving) return;
  clearTimeout(s.timer);
  var wait = Math.max(AUTOSAVE_AFTER, s.last + AUTOSAVE_GAP - Date.now());
  s.timer = setTimeout(function () {
    if (pendingUploads > 0) schedule(form);
    else if (s.changed) saveNow(form, true);
  }, wait);
}

d.addEventListener('input', function (event) {
  var form = formOf(event.target);
  if (!form || event.target.closest('dialog')) return;
  var s = stateOf(form);
  s.changed = true;
  clearTimeout(s.copyTimer);
  s.copyTimer = setTimeout(function () { keepCopy(form); }, 300);
  schedule(form);
});
// A form sent the ordinary way (Save, Publish) leaves the page: no autosave may change the version under
// it, so one on its way is waited for (the form then goes with the new version) and none starts after.
// Its kept copy stays until the page shows the text.
d.addEventListener('submit', function (event) {
  var form = event.target;
  if (!form.matches || !form.matches('form[data-editor]')) return;
  var submitter = event.submitter;
  if (submitter && submitter.hasAttribute('data-preview')) return;
  var s = stateOf(form);
  clearTimeout(s.timer);
  if (s.saving) {
    event.preventDefault();
    event.stopImmediatePropagation();
    s.leaving = true;
    s.saving.then(function () { clearTimeout(s.timer); if (form.requestSubmit) form.requestSubmit(submitter || undefined); else form.submit(); });
    return;
  }
  s.leaving = true;
}, true);
d.addEventListener('keydown', function (event) {
  if (!(isMac ? event.metaKey : event.ctrlKey) || event.altKey || event.shiftKey || event.code !== 'KeyS') return;
  var form = formOf(event.target) || (editors.length === 1 ? editors[0] : lastForm);
  if (!form) return;
  event.preventDefault();
  saveNow(form, false);
});
// Leaving with unsaved changes: the copy is written at once, and a draft is sent while the page closes.
window.addEventListener('pagehide', function () {
  editors.forEach(function (form) {
    var s = stateOf(form);
    if (!s.changed) return;
    keepCopy(form);
    if (form.getAttribute('data-status') === 'draft' && !s.stopped && !s.leaving) {
      var body = new URLSearchParams(new FormData(form));
      body.set('autosave', '1');
      try { fetch('/svc/panel/editor/save', { method: 'POST', body: body, credentials: 'same-origin', keepalive: true }); } catch (error) { /* the copy remains */ }
    }
  });
});

/** A copy that differs from what the page shows is offered back; one that matches is done with. */
function offerCopy(form) {
  var copy = null;
  try { copy = JSON.parse(localStorage.getItem(copyKey(form)) || 'null'); } catch (error) { copy = null; }
  if (!copy || typeof copy.body !== 'string') return;
  var now = textOf(form);
  // A saved text comes back with a line break at its end: that is no difference.
  var same = function (a, b) { return String(a).replace(/\s+$/, '') === String(b).replace(/\s+$/, ''); };
  if (same(copy.title, now.title) && same(copy.body, now.body) && same(copy.excerpt, now.excerpt)) { dropCopy(form); return; }
  var box = d.createElement('div');
  box.className = 'notice warn recover';
  box.setAttribute('role', 'status');
  var text = d.createElement('p');
  text.textContent = word('keptCopy', { time: new Date(copy.time).toLocaleString(pageLanguage) });
  var restore = d.createElement('button');
  restore.type = 'button';
  restore.textContent = word('restore');
  var discard = d.createElement('button');
  discard.type = 'button';
  discard.className = 'secondary';
  discard.textContent = word('discard');
  box.append(text, restore, ' ', discard);
  form.parentNode.insertBefore(box, form);
  restore.addEventListener('click', function () {
    field(form, 'title').value = copy.title;
    var excerpt = field(form, 'excerpt');
    if (excerpt) excerpt.value = copy.excerpt;
    var area = bodyOf(form);
    area.value = copy.body;
    box.remove();
    area.focus();
    area.dispatchEvent(new Event('input', { bubbles: true }));
    say(form, word(form.getAttribute('data-status') === 'draft' ? 'restoredDraft' : 'restoredPublic'));
  });
  discard.addEventListener('click', function () { dropCopy(form); box.remove(); bodyOf(form).focus(); });
}
editors.forEach(offerCopy);

// The live preview beside the text (below it on a narrow screen) unless the person switched it off.
var LIVE_KEY = 'svc-editor:live';
d.addEventListener('click', function (event) {
  var button = event.target.closest && event.target.closest('button[data-live-preview]');
  if (button) setTimeout(function () { try { localStorage.setItem(LIVE_KEY, button.getAttribute('aria-pressed') === 'true' ? 'on' : 'off'); } catch (error) { /* not kept */ } });
});
var live = 'on';
try { live = localStorage.getItem(LIVE_KEY) || 'on'; } catch (error) { live = 'on'; }
if (live === 'on') editors.forEach(function (form) {
  var button = form.querySelector('button[data-live-preview]');
  if (button && button.getAttribute('aria-pressed') !== 'true') button.click();
});
`;
