// The editor script's uploads: images dropped or pasted into the text (or picked with the toolbar's Image
// button) are sent in the background with a progress bar, and their Markdown replaces a placeholder at
// the cursor, so what is typed meanwhile stays where it is: the page never reloads. The entry's upload
// form is sent the same way. Each uploaded image then asks for its alt text, which goes into the Markdown
// and is kept for the cover. After an upload the entry's media list is fetched again.
export const SCRIPT_UPLOADS = String.raw`
var uploadCount = 0;
/** Uploads on their way: a draft is not autosaved with their placeholders in it. */
var pendingUploads = 0;
function imagesIn(list) {
  return Array.prototype.filter.call(list || [], function (file) { return /^image\//.test(file.type) || /\.(jpe?g|png|gif|webp|avif)$/i.test(file.name); });
}
function csrfOf() { var input = d.querySelector('input[name="csrf"]'); return input ? input.value : ''; }
function entryIdOf() { var input = d.querySelector('form[data-editor] input[name="id"], form[data-dropzone] input[name="id"]'); return input ? input.value : ''; }

/** The list under the text where uploads show their progress and then ask for alt texts. */
function uploadsBox(form) {
  var box = form ? form.querySelector('.uploads') : d.querySelector('#media .uploads');
  if (!box) {
    box = d.createElement('ul');
    box.className = 'uploads';
    box.setAttribute('aria-live', 'polite');
    if (form) statusOf(form).after(box); else d.querySelector('form[data-dropzone]').after(box);
  }
  return box;
}

/** Sends files with XMLHttpRequest (fetch reports no upload progress); resolves to { ok, status, data }. */
function sendFiles(files, progress) {
  return new Promise(function (resolve) {
    var data = new FormData();
    data.append('csrf', csrfOf());
    data.append('id', entryIdOf());
    files.forEach(function (file) { data.append('files', file, file.name); });
    var request = new XMLHttpRequest();
    request.open('POST', '/svc/panel/editor/upload');
    request.setRequestHeader('accept', 'application/json');
    request.upload.addEventListener('progress', function (event) { if (event.lengthComputable) { progress.max = event.total; progress.value = event.loaded; } });
    request.addEventListener('load', function () {
      var answer = null;
      try { answer = JSON.parse(request.responseText); } catch (error) { answer = null; }
      resolve({ ok: request.status === 200, status: request.status, data: answer });
    });
    request.addEventListener('error', function () { resolve({ ok: false, status: 0, data: { error: word('uploadOffline') } }); });
    request.send(data);
  });
}

/** Replaces the first the placeholder in the text (wherever typing moved it) and keeps the cursor in place. */
function replacePlaceholder(area, placeholder, text) {
  var at = area.value.indexOf(placeholder);
  if (at < 0) return;
  var start = area.selectionStart, end = area.selectionEnd, shift = text.length - placeholder.length;
  var keep = d.activeElement === area;
  area.setRangeText(text, at, at + placeholder.length, 'preserve');
  if (keep) area.setSelectionRange(start > at ? start + shift : start, end > at ? end + shift : end);
  area.dispatchEvent(new Event('input', { bubbles: true }));
}

/** Uploads files; with a text area, their Markdown goes in at its cursor. */
function upload(files, area) {
  if (files.length === 0) return;
  var form = area ? formOf(area) : null;
  var box = uploadsBox(form);
  var item = d.createElement('li');
  var label = d.createElement('span');
  label.textContent = word('uploading', { names: files.map(function (f) { return f.name; }).join(', ') });
  var progress = d.createElement('progress');
  progress.setAttribute('aria-label', word('uploadProgress'));
  item.append(label, ' ', progress);
  box.append(item);
  var placeholder = null, inserted = null;
  if (area) {
    placeholder = '![' + word('uploadingPlaceholder', { count: files.length }) + ' #' + (++uploadCount) + '…]()';
    inserted = insertBlockAt(area, placeholder);
  }
  pendingUploads++;
  return sendFiles(files, progress).then(function (answer) {
    pendingUploads--;
    if (!answer.ok) {
      // The text as it was: the placeholder goes with the line breaks it brought.
      if (area) replacePlaceholder(area, area.value.indexOf(inserted) >= 0 ? inserted : placeholder, '');
      item.className = 'error';
      item.textContent = word('notUploaded', { reason: refusal(answer) });
      return;
    }
    var uploaded = answer.data.files;
    if (area) replacePlaceholder(area, placeholder, uploaded.map(function (f) { return f.markdown; }).join('\n\n'));
    item.textContent = '';
    uploaded.forEach(function (file) { item.append(altAsker(file, area)); });
    if (answer.data.notes && answer.data.notes.length) item.append(answer.data.notes.join(' '));
    addImageChoices(uploaded.map(function (f) { return f.file; }));
    refreshMedia();
  });
}

/** After an upload: the image's alt text, saved for the image and put into the text's Markdown. */
function altAsker(file, area) {
  var wrap = d.createElement('div');
  wrap.className = 'alt-asker';
  var id = 'alt-upload-' + (++uploadCount);
  var name = file.file.slice(file.file.lastIndexOf('/') + 1);
  var thumb = d.createElement('img');
  thumb.src = '/' + file.file; thumb.alt = ''; thumb.className = 'thumb small';
  var label = d.createElement('label');
  label.htmlFor = id;
  label.textContent = word('altLabel', { name: name });
  var input = d.createElement('input');
  input.type = 'text'; input.id = id; input.value = file.alt || '';
  var button = d.createElement('button');
  button.type = 'button'; button.className = 'secondary small'; button.textContent = word('altSave');
  var note = d.createElement('span');
  note.className = 'muted';
  wrap.append(thumb, label, input, button, ' ', note);
  button.addEventListener('click', function () {
    var body = new URLSearchParams({ csrf: csrfOf(), id: file.id, file: name, alt: input.value });
    postTo('/svc/panel/media/alt', body).then(function (answer) {
      if (!answer.ok) { note.textContent = refusal(answer); return; }
      note.textContent = word('altSaved');
      if (area) {
        var pattern = new RegExp('!\\[[^\\]\\n]*\\]\\(' + file.file.replace(/[.*+?^$()|[\]\\{}]/g, '\\$&') + '\\)', 'g');
        var value = area.value, replaced = value.replace(pattern, '![' + answer.data.alt + '](' + file.file + ')');
        if (replaced !== value) {
          var start = area.selectionStart, shift = replaced.length - value.length;
          area.value = replaced;
          area.setSelectionRange(start + shift, start + shift);
          area.dispatchEvent(new Event('input', { bubbles: true }));
        }
      }
    }, function () { note.textContent = word('altOffline'); });
  });
  input.addEventListener('keydown', function (event) { if (event.key === 'Enter') { event.preventDefault(); button.click(); } });
  return wrap;
}

/** New images become choices for the cover and the cards' image settings at once. */
function addImageChoices(references) {
  d.querySelectorAll('select[name="cover"], select[data-images]').forEach(function (select) {
    references.forEach(function (reference) {
      if (Array.prototype.some.call(select.options, function (o) { return o.value === reference; })) return;
      select.add(new Option(reference.slice(reference.lastIndexOf('/') + 1), reference));
    });
  });
}

/** The entry's media list as the server shows it now (with its new files and their forms). */
function refreshMedia() {
  var section = d.getElementById('media');
  if (!section) return;
  fetch(location.pathname, { credentials: 'same-origin', cache: 'no-store' }).then(function (response) { return response.ok ? response.text() : null; }).then(function (html) {
    if (!html) return;
    var fresh = new DOMParser().parseFromString(html, 'text/html').getElementById('media');
    if (!fresh) return;
    var kept = section.querySelector('.uploads');
    section.innerHTML = fresh.innerHTML;
    if (kept) section.querySelector('form[data-dropzone]').after(kept);
    section.querySelectorAll('[data-copy],[data-insert],.drop-hint').forEach(function (el) { el.hidden = false; });
  }, function () { /* the list shows the new files after the next reload */ });
}

function holdsFiles(event) { return event.dataTransfer && Array.prototype.indexOf.call(event.dataTransfer.types, 'Files') >= 0; }
// In the capture phase, so the plain form's own handlers (panel.js: send the form, reload) never run.
d.addEventListener('dragover', function (event) {
  var target = event.target.closest && event.target.closest('textarea[data-body], form[data-dropzone]');
  if (!target || !holdsFiles(event)) return;
  event.preventDefault();
  event.stopPropagation();
  target.classList.add('dragging');
}, true);
d.addEventListener('dragleave', function (event) {
  var target = event.target.closest && event.target.closest('textarea[data-body], form[data-dropzone]');
  if (target) target.classList.remove('dragging');
}, true);
d.addEventListener('drop', function (event) {
  var target = event.target.closest && event.target.closest('textarea[data-body], form[data-dropzone]');
  if (!target || !holdsFiles(event)) return;
  event.preventDefault();
  event.stopPropagation();
  target.classList.remove('dragging');
  upload(imagesIn(event.dataTransfer.files), target.matches('textarea') ? target : null);
}, true);
d.addEventListener('paste', function (event) {
  var area = event.target;
  if (!area.matches || !area.matches('textarea[data-body]') || !event.clipboardData) return;
  var files = imagesIn(event.clipboardData.files);
  if (files.length === 0) return;
  event.preventDefault();
  upload(files, area);
});
d.addEventListener('change', function (event) {
  var picker = event.target;
  if (!picker.matches || !picker.matches('[data-image-picker]')) return;
  upload(imagesIn(picker.files), bodyOf(formOf(picker)));
  picker.value = '';
});
d.addEventListener('submit', function (event) {
  var form = event.target;
  if (!form.matches('form[data-dropzone]')) return;
  event.preventDefault();
  event.stopPropagation();
  var input = form.querySelector('input[type=file]');
  var files = Array.prototype.slice.call(input.files);
  input.value = '';
  upload(files, null);
}, true);
// An image's alt text on the entry page is sent without leaving it (the text being typed stays).
d.addEventListener('submit', function (event) {
  var form = event.target;
  if (!form.matches('form.alt-form[data-json]')) return;
  event.preventDefault();
  event.stopPropagation();
  var note = form.querySelector('.alt-note');
  if (!note) { note = d.createElement('span'); note.className = 'alt-note muted'; note.setAttribute('role', 'status'); form.append(note); }
  postTo(form.action, new URLSearchParams(new FormData(form))).then(function (answer) {
    if (!answer.ok) { note.textContent = refusal(answer); return; }
    note.textContent = word('altSaved');
    var reference = 'media/' + form.querySelector('[name="id"]').value + '/' + form.querySelector('[name="file"]').value;
    var item = form.closest('li');
    var snippet = item && item.querySelector('code.snippet');
    if (snippet) snippet.textContent = '![' + (answer.data.alt || reference.slice(reference.lastIndexOf('/') + 1).replace(/\.[^.]*$/, '').replace(/-/g, ' ')) + '](' + reference + ')';
  }, function () { note.textContent = word('altOffline'); });
}, true);
`;
