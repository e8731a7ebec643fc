// The parts of the panel's script (panel-script.ts appends this) that make pages quicker on the screen they
// are on; every page works without them:
// - the Content list's filters apply as one types (the title search) or chooses (the selects): the list part
//   of the page is fetched and replaced and the address follows, so a reload or a shared link shows the same;
//   "Choose all on this page" for the bulk actions;
// - the colour switch in the top bar is sent when its select changes;
// - boxes marked data-tabs become ARIA tabs (arrow keys, Home and End): a Statistics card's parts, or
//   sections under a list of links to each; without script they stay as they are.
export const SCREEN_SCRIPT = `(function () {
'use strict';
var d = document;

function wirePickAll(scope) {
  scope.querySelectorAll('[data-pick-all]').forEach(function (label) {
    label.hidden = false;
    var all = label.querySelector('input');
    var form = label.closest('form');
    all.addEventListener('change', function () {
      form.querySelectorAll('input.pick').forEach(function (pick) { pick.checked = all.checked; });
    });
  });
}
wirePickAll(d);

d.querySelectorAll('form[data-live-filter]').forEach(function (form) {
  var apply = form.querySelector('button[type=submit]');
  if (apply) apply.parentNode.hidden = true;
  var said = d.getElementById('entries-status');
  var timer = null;
  var running = null;
  function load() {
    var params = new URLSearchParams();
    new FormData(form).forEach(function (value, key) { if (value !== '') params.append(key, value); });
    var url = form.action + '?' + params.toString();
    if (running) running.abort();
    running = new AbortController();
    fetch(url, { credentials: 'same-origin', signal: running.signal }).then(function (response) { return response.text(); }).then(function (html) {
      var fresh = new DOMParser().parseFromString(html, 'text/html').getElementById('entries-results');
      var results = d.getElementById('entries-results');
      // A sign-in page (the session ended) or anything unexpected: go there as a plain link would.
      if (!fresh || !results) { window.location.href = url; return; }
      results.replaceWith(fresh);
      wirePickAll(fresh);
      history.replaceState(null, '', url);
      var count = d.getElementById('entries-count');
      if (said && count) said.textContent = count.textContent;
    }, function (error) { if (error.name !== 'AbortError') form.submit(); });
  }
  form.addEventListener('input', function (event) {
    if (event.target.name !== 'q') return;
    clearTimeout(timer);
    timer = setTimeout(load, 200);
  });
  form.addEventListener('change', function (event) {
    if (event.target.tagName !== 'SELECT') return;
    // Another type has other New entry choices above the list: the whole page then.
    if (event.target.name === 'type') form.submit(); else load();
  });
  form.addEventListener('submit', function (event) { event.preventDefault(); clearTimeout(timer); load(); });
});

d.querySelectorAll('form[data-scheme-switch]').forEach(function (form) {
  form.querySelector('button').hidden = true;
  form.querySelector('select').addEventListener('change', function () { form.submit(); });
});

// One way to make tabs (WAI-ARIA tabs, automatic activation: arrow keys, Home and End move and show), for
// the two markups that work without script: a Statistics card's list of links to its parts (the links
// become the tabs), or sections marked data-tab under a list of links (buttons are made for them).
var tabsMade = 0;
d.querySelectorAll('[data-tabs]').forEach(function (box) {
  var tabs, panels, list;
  var linkList = box.querySelector('ul.tabs');
  if (linkList) {
    tabs = Array.prototype.slice.call(linkList.querySelectorAll('a'));
    panels = tabs.map(function (link) { return d.getElementById(link.getAttribute('href').slice(1)); });
    if (tabs.length === 0 || panels.some(function (panel) { return !panel; })) return;
    list = linkList;
    list.setAttribute('aria-label', box.getAttribute('aria-label') || '');
    tabs.forEach(function (tab) { tab.parentNode.setAttribute('role', 'presentation'); });
    box.classList.add('tabbed');
  } else {
    panels = Array.prototype.slice.call(box.querySelectorAll(':scope > section[data-tab]'));
    if (panels.length < 2) return;
    var links = box.querySelector(':scope > [data-tab-links]');
    if (links) links.hidden = true;
    list = d.createElement('div');
    list.setAttribute('aria-label', box.getAttribute('data-tabs'));
    tabs = panels.map(function (panel) {
      var tab = d.createElement('button');
      tab.type = 'button';
      tab.textContent = panel.getAttribute('data-tab');
      panel.removeAttribute('aria-label');
      panel.tabIndex = 0;
      list.appendChild(tab);
      return tab;
    });
    box.insertBefore(list, panels[0]);
  }
  tabsMade++;
  list.setAttribute('role', 'tablist');
  tabs.forEach(function (tab, at) {
    tab.id = 'tab-' + tabsMade + '-' + at;
    tab.setAttribute('role', 'tab');
    tab.setAttribute('aria-controls', panels[at].id);
    panels[at].setAttribute('role', 'tabpanel');
    panels[at].setAttribute('aria-labelledby', tab.id);
  });
  function choose(at, focus) {
    tabs.forEach(function (tab, i) {
      var on = i === at;
      tab.setAttribute('aria-selected', String(on));
      tab.tabIndex = on ? 0 : -1;
      panels[i].hidden = !on;
    });
    if (focus) tabs[at].focus();
  }
  list.addEventListener('click', function (event) {
    var at = tabs.indexOf(event.target.closest('[role=tab]'));
    if (at < 0) return;
    event.preventDefault();
    choose(at, false);
  });
  list.addEventListener('keydown', function (event) {
    var at = tabs.indexOf(d.activeElement);
    if (at < 0) return;
    var next = event.key === 'ArrowRight' ? (at + 1) % tabs.length : event.key === 'ArrowLeft' ? (at - 1 + tabs.length) % tabs.length
      : event.key === 'Home' ? 0 : event.key === 'End' ? tabs.length - 1 : -1;
    if (next < 0) return;
    event.preventDefault();
    choose(next, true);
  });
  var wanted = panels.findIndex(function (panel) { return '#' + panel.id === window.location.hash; });
  choose(wanted >= 0 ? wanted : 0, false);
});
})();
`;
