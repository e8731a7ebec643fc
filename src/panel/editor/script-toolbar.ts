// The editor script's toolbar: Markdown for the selection (bold, italic, code toggle off when pressed
// again), prefixes for the selected lines (heading, list, quote), a link, images through the uploads part,
// the cards' small forms (dialogs), and the same actions on their keyboard shortcuts (⌘ on a Mac).
export const SCRIPT_TOOLBAR = String.raw`
/** Wraps the selection in before/after, or unwraps it when it is wrapped already. */
function wrap(area, before, after, placeholder) {
  var start = area.selectionStart, end = area.selectionEnd, value = area.value;
  var selected = value.slice(start, end);
  if (value.slice(start - before.length, start) === before && value.slice(end, end + after.length) === after) {
    replaceRange(area, start - before.length, end + after.length, selected, start - before.length, end - before.length);
    return;
  }
  var inner = selected || placeholder;
  replaceRange(area, start, end, before + inner + after, start + before.length, start + before.length + inner.length);
}

/** Gives every selected line the prefix, or takes it away when all have it. */
function prefixLines(area, prefix) {
  var value = area.value;
  var start = value.lastIndexOf('\n', area.selectionStart - 1) + 1;
  var endBreak = value.indexOf('\n', area.selectionEnd);
  var end = endBreak < 0 ? value.length : endBreak;
  var lines = value.slice(start, end).split('\n');
  var all = lines.every(function (line) { return line.indexOf(prefix) === 0; });
  var changed = lines.map(function (line) {
    if (all) return line.slice(prefix.length);
    return prefix + line.replace(/^(#{1,6} |- |> )/, '');
  }).join('\n');
  replaceRange(area, start, end, changed, start, start + changed.length);
}

function linkAt(area) {
  var start = area.selectionStart, end = area.selectionEnd;
  var text = area.value.slice(start, end) || word('linkText');
  var markdown = '[' + text + '](https://)';
  replaceRange(area, start, end, markdown, start + text.length + 3, start + markdown.length - 1);
}

function codeAt(area) {
  var selected = area.value.slice(area.selectionStart, area.selectionEnd);
  if (selected.indexOf('\n') >= 0) insertBlockAt(area, '~~~\n' + selected.replace(/\n$/, '') + '\n~~~');
  else wrap(area, '\u0060', '\u0060', word('codeText'));
}

function runTool(action, area) {
  if (action === 'bold') wrap(area, '**', '**', word('boldText'));
  else if (action === 'italic') wrap(area, '_', '_', word('italicText'));
  else if (action === 'heading') prefixLines(area, '## ');
  else if (action === 'list') prefixLines(area, '- ');
  else if (action === 'quote') prefixLines(area, '> ');
  else if (action === 'link') linkAt(area);
  else if (action === 'code') codeAt(area);
  else if (action === 'image') { var picker = formOf(area).querySelector('[data-image-picker]'); if (picker) picker.click(); }
}

/** A card's Markdown from its dialog's inputs: the value, then key="value" settings, then the inner text. */
function cardMarkdown(dialog) {
  var words = [':::', dialog.getAttribute('data-card')];
  var quote = function (text) { text = text.replace(/[\r\n]+/g, ' ').trim(); return text.indexOf('"') >= 0 ? "'" + text.replace(/'/g, '\u2019') + "'" : '"' + text + '"'; };
  dialog.querySelectorAll('[data-key]').forEach(function (input) {
    var value = input.multiple ? Array.prototype.map.call(input.selectedOptions, function (o) { return o.value; }).join(',') : input.value;
    if (value.trim() === '') return;
    var key = input.getAttribute('data-key');
    words.push(key === '' ? (/\s/.test(value.trim()) ? quote(value) : value.trim()) : key + '=' + quote(value));
  });
  var content = dialog.querySelector('[data-content]');
  return words.join(' ') + '\n' + (content && content.value.trim() !== '' ? content.value.replace(/\s+$/, '') + '\n' : '') + ':::';
}

var selections = new WeakMap();
d.addEventListener('click', function (event) {
  var button = event.target.closest && event.target.closest('button');
  if (!button) return;
  var bar = button.closest('[data-toolbar]');
  if (bar && button.hasAttribute('data-md')) runTool(button.getAttribute('data-md'), d.getElementById(bar.getAttribute('data-toolbar')));
  if (button.hasAttribute('data-card-open')) {
    var dialog = d.getElementById(button.getAttribute('data-card-open'));
    var area = d.getElementById(dialog.getAttribute('data-target'));
    selections.set(dialog, [area.selectionStart, area.selectionEnd]);
    dialog.querySelector('form').reset();
    dialog.showModal();
  }
  if (button.hasAttribute('data-dialog-cancel')) button.closest('dialog').close('cancel');
});
d.querySelectorAll('dialog[data-card]').forEach(function (dialog) {
  dialog.addEventListener('close', function () {
    var area = d.getElementById(dialog.getAttribute('data-target'));
    if (dialog.returnValue === 'insert') {
      var at = selections.get(dialog) || [area.value.length, area.value.length];
      area.focus();
      area.setSelectionRange(at[0], at[1]);
      insertBlockAt(area, cardMarkdown(dialog));
    } else area.focus();
    dialog.returnValue = '';
  });
});

/** Does a keydown match a shortcut such as Control+Shift+8 (Meta on a Mac)? */
function matches(event, keys) {
  var parts = keys.split('+');
  var key = parts[parts.length - 1];
  var code = /^[0-9]$/.test(key) ? 'Digit' + key : 'Key' + key.toUpperCase();
  return (isMac ? event.metaKey && !event.ctrlKey : event.ctrlKey && !event.metaKey)
    && event.shiftKey === parts.indexOf('Shift') >= 0 && event.altKey === parts.indexOf('Alt') >= 0 && event.code === code;
}
var tools = [];
d.querySelectorAll('[data-toolbar]').forEach(function (bar) {
  bar.hidden = false;
  bar.querySelectorAll('button[data-md]').forEach(function (button) {
    var keys = button.getAttribute('aria-keyshortcuts');
    if (isMac) {
      keys = keys.replace('Control', 'Meta');
      button.setAttribute('aria-keyshortcuts', keys);
      button.title = button.title.replace(WORDS.ctrl + '+', '\u2318').replace('Shift+', '\u21e7').replace('Alt+', '\u2325');
    }
    tools.push({ bar: bar, keys: keys.replace('Meta', 'Control'), action: button.getAttribute('data-md') });
  });
});
d.addEventListener('keydown', function (event) {
  var area = event.target;
  if (!area.matches || !area.matches('textarea[data-body]')) return;
  for (var i = 0; i < tools.length; i++) {
    if (tools[i].bar.getAttribute('data-toolbar') === area.id && matches(event, tools[i].keys)) {
      event.preventDefault();
      runTool(tools[i].action, area);
      return;
    }
  }
});
// Arrow keys move between the toolbar's buttons, as in any toolbar (Tab still reaches each one).
d.addEventListener('keydown', function (event) {
  var bar = event.target.closest && event.target.closest('[data-toolbar]');
  if (!bar || (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft' && event.key !== 'Home' && event.key !== 'End')) return;
  var buttons = Array.prototype.slice.call(bar.querySelectorAll('button'));
  var at = buttons.indexOf(event.target);
  if (at < 0) return;
  event.preventDefault();
  var next = event.key === 'Home' ? 0 : event.key === 'End' ? buttons.length - 1 : (at + (event.key === 'ArrowRight' ? 1 : -1) + buttons.length) % buttons.length;
  buttons[next].focus();
});
`;
