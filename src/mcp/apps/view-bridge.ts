// The view's side of the MCP Apps protocol (SEP-1865, 2026-01-26), as a script every app document carries:
// JSON-RPC over postMessage with the host (the ui/initialize handshake, then ui/notifications/initialized),
// the tool's result from ui/notifications/tool-result, the theme and locale from the host context and
// its changes, size-changed notes so the host can fit the frame, and resources/read through the host. It
// talks to `window.parent` only and takes messages only from there. The spec's own words: a view needs no
// SDK to talk to its host; this one has none, so the document stays self-contained.
//
// The view's script (one per app) defines `render(result)` and calls `text(key)` for its words; nothing it
// shows is put in as HTML, every value goes in as text.

export const VIEW_BRIDGE_SCRIPT = String.raw`
const APP = document.getElementById('app');
let nextId = 1;
const pending = new Map();
let hostContext = {};
let lastResult = null;
const send = (message) => window.parent.postMessage(message, '*');
const request = (method, params) => new Promise((resolve, reject) => {
  const id = nextId++;
  pending.set(id, { resolve, reject });
  send({ jsonrpc: '2.0', id, method, params });
});
const notify = (method, params) => send({ jsonrpc: '2.0', method, params });

function language() {
  const locale = String(hostContext.locale || navigator.language || 'en').toLowerCase();
  const code = locale.split(/[-_]/)[0];
  return Object.prototype.hasOwnProperty.call(WORDS, code) ? code : 'en';
}
function text(key) { return WORDS[language()][key] || WORDS.en[key] || key; }

/** An element with attributes and children (strings become text nodes). */
function el(tag, attributes, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes || {})) if (value !== undefined && value !== null && value !== false) node.setAttribute(name, String(value));
  for (const child of children.flat()) if (child !== null && child !== undefined && child !== false) node.append(typeof child === 'string' || typeof child === 'number' ? String(child) : child);
  return node;
}
function svgEl(tag, attributes, ...children) {
  const node = document.createElementNS('http://www.w3.org/2000/svg', tag);
  for (const [name, value] of Object.entries(attributes || {})) node.setAttribute(name, String(value));
  for (const child of children.flat()) if (child !== null && child !== undefined) node.append(typeof child === 'string' || typeof child === 'number' ? String(child) : child);
  return node;
}

function applyContext(context) {
  hostContext = Object.assign({}, hostContext, context || {});
  const root = document.documentElement;
  if (hostContext.theme === 'light' || hostContext.theme === 'dark') root.dataset.theme = hostContext.theme;
  const variables = hostContext.styles && hostContext.styles.variables;
  if (variables && typeof variables === 'object') {
    for (const [name, value] of Object.entries(variables)) if (/^--[a-z0-9-]+$/.test(name) && typeof value === 'string') root.style.setProperty(name, value);
  }
  root.lang = language();
  document.title = text(APP.dataset.app + 'Title') || document.title;
}

function show(result) {
  lastResult = result;
  APP.replaceChildren();
  if (!result) { APP.append(el('p', { class: 'muted', id: 'status' }, text('loading'))); return; }
  if (result.isError) {
    const said = (result.content || []).map((part) => part && part.type === 'text' ? part.text : '').join(' ');
    APP.append(el('p', { class: 'problem', role: 'alert' }, text('failed') + ' ' + said));
    return;
  }
  Promise.resolve(render(result)).catch((error) => APP.append(el('p', { class: 'problem', role: 'alert' }, String(error && error.message || error))));
}

window.addEventListener('message', (event) => {
  if (event.source !== window.parent) return;
  const message = event.data;
  if (!message || message.jsonrpc !== '2.0') return;
  if (message.method === undefined) {
    const waiting = pending.get(message.id);
    if (!waiting) return;
    pending.delete(message.id);
    if (message.error) waiting.reject(new Error(message.error.message || 'error ' + message.error.code));
    else waiting.resolve(message.result);
    return;
  }
  const params = message.params || {};
  if (message.method === 'ui/notifications/tool-result') show(params);
  else if (message.method === 'ui/notifications/tool-cancelled') APP.replaceChildren(el('p', { class: 'problem', role: 'alert' }, text('failed') + ' ' + (params.reason || '')));
  else if (message.method === 'ui/notifications/host-context-changed') { applyContext(params); if (lastResult) show(lastResult); }
  if (message.id === undefined) return;
  if (message.method === 'ui/resource-teardown' || message.method === 'ping') send({ jsonrpc: '2.0', id: message.id, result: {} });
  else send({ jsonrpc: '2.0', id: message.id, error: { code: -32601, message: 'Method not found: ' + message.method } });
});

/** resources/read through the host: the text of the first content. */
async function readResource(uri) {
  const answer = await request('resources/read', { uri });
  const first = answer && answer.contents && answer.contents[0];
  if (!first || typeof first.text !== 'string') throw new Error('no text in ' + uri);
  return first.text;
}

// The size goes to the host once the handshake is done (nothing before ui/notifications/initialized).
let lastSize = '';
let initialized = false;
function reportSize() {
  if (!initialized) return;
  const size = { width: Math.ceil(document.documentElement.scrollWidth), height: Math.ceil(document.documentElement.scrollHeight) };
  const key = size.width + 'x' + size.height;
  if (key !== lastSize) { lastSize = key; notify('ui/notifications/size-changed', size); }
}
new ResizeObserver(reportSize).observe(document.documentElement);

request('ui/initialize', { protocolVersion: '2026-01-26', appInfo: { name: 'svc ' + APP.dataset.app, version: '1.0.0' }, appCapabilities: { availableDisplayModes: ['inline'] } })
  .then((answer) => {
    applyContext(answer && answer.hostContext);
    const status = document.getElementById('status');
    if (status) status.textContent = text('loading');
    notify('ui/notifications/initialized', {});
    initialized = true;
    reportSize();
  })
  .catch((error) => APP.replaceChildren(el('p', { class: 'problem', role: 'alert' }, String(error && error.message || error))));
`;
