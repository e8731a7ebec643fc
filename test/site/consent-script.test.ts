// The consent banner's script run in a small stand-in for a browser (node:vm): a saved choice is shown again
// when the choices are reopened, so saving again without looking keeps it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runInNewContext } from 'node:vm';
import { consentBannerHtml } from '../../dist/site/consent-banner-html.js';

const FACTS = {
  banner_needed: true, banner_version: 'v1', categories_offered: ['necessary', 'statistics', 'marketing', 'external_media'],
  embedded_services: [{ service: 'YouTube', category: 'external_media', entries: 1, example_ids: ['posts/hello'] }],
};
const SCRIPT = /<script>([\s\S]*)<\/script>/.exec(consentBannerHtml(FACTS))![1]!;

/** One page load with this browser's storage; returns the page's banner, its boxes and what was posted. */
function load(storage: Map<string, string>, quiet = false) {
  const inputs = ['statistics', 'marketing', 'external_media'].map((name) => ({ name, checked: false }));
  const buttons = ['accept_all', 'reject_all', 'save'].map((action) => ({ getAttribute: () => action, onclick: null as null | (() => void) }));
  const box = {
    hidden: true,
    getAttribute: (name: string) => (name === 'data-version' ? 'v1' : name === 'data-quiet' && quiet ? '' : null),
    querySelectorAll: (selector: string) => (selector === 'input[type=checkbox]' ? inputs : selector === 'button[data-action]' ? buttons : []),
  };
  const link = { onclick: null as null | ((event: { preventDefault(): void }) => void) };
  const posted: unknown[] = [];
  const document = {
    getElementById: (id: string) => (id === 'svc-consent' ? box : id === 'svc-consent-open' ? link : null),
    querySelectorAll: () => [],
  };
  const localStorage = { getItem: (key: string) => storage.get(key) ?? null, setItem: (key: string, value: string) => { storage.set(key, value); } };
  const fetch = (_url: string, init: { body: string }) => { posted.push(JSON.parse(init.body)); };
  runInNewContext(SCRIPT, { document, localStorage, fetch, JSON });
  const click = (action: string) => buttons.find((button) => button.getAttribute() === action)!.onclick!.call(buttons.find((button) => button.getAttribute() === action));
  const reopen = () => link.onclick!({ preventDefault() {} });
  return { box, inputs, posted, click, reopen };
}

const ticked = (inputs: { name: string; checked: boolean }[]) => inputs.filter((input) => input.checked).map((input) => input.name);

test('reopening the choices on a later page shows what was saved, and saving again keeps it', () => {
  const storage = new Map<string, string>();
  const first = load(storage);
  assert.equal(first.box.hidden, false, 'asked on the first visit');
  first.inputs.find((input) => input.name === 'external_media')!.checked = true;
  first.click('save');
  assert.equal(first.box.hidden, true);

  const later = load(storage);
  assert.equal(later.box.hidden, true, 'not asked again');
  later.reopen();
  assert.equal(later.box.hidden, false);
  assert.deepEqual(ticked(later.inputs), ['external_media']);
  later.click('save');
  assert.deepEqual(later.posted, [{ v: 'v1', a: 'save', c: { statistics: false, marketing: false, external_media: true } }]);
});

test('reopening on the same page after "Allow all" shows every box ticked', () => {
  const page = load(new Map());
  page.click('accept_all');
  page.inputs.forEach((input) => { input.checked = false; });
  page.reopen();
  assert.deepEqual(ticked(page.inputs), ['statistics', 'marketing', 'external_media']);
});

test('a page that embeds nothing (data-quiet) asks nothing, and its footer link still opens the choices', () => {
  const storage = new Map<string, string>();
  const quiet = load(storage, true);
  assert.equal(quiet.box.hidden, true, 'not asked where nothing is embedded');
  quiet.reopen();
  assert.equal(quiet.box.hidden, false);
  quiet.click('reject_all');
  assert.deepEqual(quiet.posted, [{ v: 'v1', a: 'reject_all', c: { statistics: false, marketing: false, external_media: false } }]);
  assert.equal(load(storage).box.hidden, true, 'a page with a video then respects the choice made');
});
