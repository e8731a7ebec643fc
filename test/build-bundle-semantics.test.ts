// The bundler (src/build) against a small program written for it: run unbundled and bundled, the program
// must print the same observations — evaluation order, live bindings, a cycle, default exports and their
// names, export * with an ambiguous name, namespaces, packages and builtins (CommonJS and ES module),
// import() evaluated later, require() of a path sharing the one instance, import.meta per module, a module
// that throws. And every form the bundler does not understand stops it with a sentence.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, writeFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildBundle } from '../src/build/build-bundle.js';
import { BundleError } from '../src/build/bundle-error.js';

const NODE_MODULES = fileURLToPath(new URL('../node_modules', import.meta.url));

const PROGRAM: Record<string, string> = {
  'package.json': '{ "type": "module" }',
  'log.js': `export const entries = [];
export function log(entry) { entries.push(entry); }`,
  'order-a.js': `import { log } from './log.js';
import './order-b.js';
log('a');`,
  'order-b.js': `import { log } from './log.js';
log('b');`,
  'live.js': `export let count = 0;
export function bump() { count += 1; }`,
  'defaults-fn.js': `export default function () { return 'fn'; }
export function named() { return 'named'; }`,
  'defaults-class.js': `export default class { kind = 'class'; }`,
  'defaults-arrow.js': `export default () => 'arrow';`,
  'defaults-value.js': `const value = 42;
export default value;
export { value as other };`,
  'star-a.js': `export const fromA = 'a';
export const shared = 'a-shared';
export const ambiguous = 1;`,
  'star-b.js': `export const ambiguous = 2;
export default 'b-default';`,
  'stars.js': `export * from './star-a.js';
export * from './star-b.js';
export * as inner from './star-a.js';
export { other as reexported } from './defaults-value.js';
export const shared = 'own';`,
  'cycle-a.js': `import { fromB, readLate } from './cycle-b.js';
export function hoisted() { return 'hoisted in a'; }
export let late = 'set by a';
export const cycleResult = [fromB, readLate()];`,
  'cycle-b.js': `import { hoisted, late } from './cycle-a.js';
export const fromB = hoisted();
export function readLate() { return late; }`,
  'this.js': `export function whoAmI() { return this === undefined; }
export function tag(strings) { return this === undefined && strings[0]; }
export const topThis = this === undefined;`,
  'nested/where.js': `import { createRequire } from 'node:module';
export function where() {
  const state = createRequire(import.meta.url)('../shared-state.js');
  return { url: import.meta.url, filename: import.meta.filename, dirname: import.meta.dirname, counter: state.increment() };
}`,
  'lazy.js': `import { log } from './log.js';
log('lazy evaluated');
export const value = 'lazy';
export function loadDeep() { return import('./deep.js'); }`,
  // Not loaded by the entry itself: kept as text in the bundle, compiled when first loaded.
  'deep.js': `import { log } from './log.js';
import { parse } from 'yaml';
import { createRequire } from 'node:module';
log('deep evaluated');
export const strict = (function () { return this === undefined; })();
export const meta = import.meta.url;
export function stackLine() {
  return new Error('here').stack.split('\\n')[1];
}
export default async function () {
  const zod = await import('zod');
  const state = createRequire(import.meta.url)('./shared-state.js');
  return [typeof zod.z.string, parse('b: 2').b, state.increment()];
}`,
  'shared-state.js': `export let counter = 0;
export function increment() { return ++counter; }`,
  'throws.js': `throw new Error('boom');`,
  // Written in ASCII in the bundle where that means the same; elsewhere left as it is.
  'text.js': `// Grüße — a comment
/* § 4.3 */
const raw = String.raw\`Grü\\u00dfe \${1} — \`;
export const texts = ['Grüße', \`Schaltfläche \${'—'} …\`, raw, 'a\\\\é', 'b\\é', /é+/.test('éé'), \`\\\\ü\`];`,
  'main.js': `#!/usr/bin/env node
import { log, entries } from './log.js';
import './order-a.js';
import { count, bump } from './live.js';
import * as liveNs from './live.js';
import fnDefault, { named as renamed } from './defaults-fn.js';
import classDefault from './defaults-class.js';
import arrowDefault from './defaults-arrow.js';
import valueDefault from './defaults-value.js';
import * as stars from './stars.js';
import { fromA, shared } from './stars.js';
import { cycleResult } from './cycle-a.js';
import { whoAmI, tag, topThis } from './this.js';
import { where } from './nested/where.js';
import { texts } from './text.js';
import { increment, counter } from './shared-state.js';
import { join } from 'node:path';
import fs, { readFileSync } from 'node:fs';
import YAML, { parse } from 'yaml';
import zDefault, { z } from 'zod';
import { createRequire } from 'node:module';

log('main body');
const require = createRequire(import.meta.url);
const out = {};
out.live = [count, liveNs.count];
bump();
out.live.push(count, liveNs.count, { count });
out.namespace = [Object.keys(liveNs), Object.prototype.toString.call(liveNs), Object.isExtensible(liveNs)];
out.defaults = [fnDefault.name, fnDefault(), renamed(), classDefault.name, new classDefault().kind, arrowDefault.name, arrowDefault(), valueDefault];
out.stars = [Object.keys(stars), fromA, shared, stars.reexported, 'ambiguous' in stars, Object.keys(stars.inner)];
out.cycle = cycleResult;
out.this = [whoAmI(), tag\`x\`, topThis, this === undefined];
out.texts = texts;
out.builtins = [join('a', 'b'), fs.readFileSync === readFileSync];
out.yaml = [YAML === require('yaml'), parse === require('yaml').parse, parse('a: 1').a];

async function run() {
  const zod = await import('zod');
  out.zod = [z === zod.z, zDefault === zod.default, z.string().parse('x')];
  log('before import()');
  const pending = import('./lazy.js');
  log('after import()');
  const lazy = await pending;
  out.lazy = lazy.value;
  const deep = await lazy.loadDeep();
  out.deep = [deep.strict, deep.meta.endsWith('/deep.js'), deep.stackLine(), await deep.default(), deep.default.name];
  const required = require('./shared-state.js');
  out.oneInstance = [required === (await import('./shared-state.js')), increment(), required.counter, counter, where().counter, counter];
  out.where = where();
  const first = await import('./throws.js').catch((error) => error);
  const second = await import('./throws.js').catch((error) => error);
  out.throws = [first.message, first === second];
  out.order = entries;
  process.stdout.write(JSON.stringify(out));
}
run();
`,
};

let dir: string;

before(() => {
  dir = mkdtempSync(join(tmpdir(), 'svc-bundle-'));
  for (const [name, text] of Object.entries(PROGRAM)) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  // Packages resolve from the program's folder as from dist/.
  symlinkSync(NODE_MODULES, join(dir, 'node_modules'), 'dir');
});
after(() => rmSync(dir, { recursive: true, force: true }));

function runNode(file: string): unknown {
  const result = spawnSync(process.execPath, [file], { encoding: 'utf8', env: { PATH: process.env.PATH } });
  assert.equal(result.stderr, '');
  assert.equal(result.status, 0);
  return JSON.parse(result.stdout);
}

test('a bundled program observes what the unbundled one does', () => {
  const bundle = buildBundle(join(dir, 'main.js'), join(dir, 'main.bundle.js'));
  writeFileSync(join(dir, 'main.bundle.js'), bundle.text);
  writeFileSync(join(dir, bundle.modules.name), bundle.modules.text);
  const unbundled = runNode(join(dir, 'main.js')) as any;
  assert.deepEqual(runNode(join(dir, 'main.bundle.js')), unbundled);
  // The observations themselves, so the comparison cannot pass on two equally wrong runs.
  assert.deepEqual(unbundled.order, ['b', 'a', 'main body', 'before import()', 'after import()', 'lazy evaluated', 'deep evaluated']);
  assert.deepEqual(unbundled.deep, [true, true, `    at Module.stackLine (${new URL('deep.js', `file://${dir}/`).href}:8:10)`, ['function', 2, 1], 'default']);
  // deep.js is kept as text after the code; the registry says where it starts and ends.
  const [, from, to] = /^"\.\/deep\.js": \[(\d+), (\d+)\],$/m.exec(bundle.modules.text)!;
  const { codeLength } = JSON.parse(/__svc_start\((\{.*\})\);/.exec(bundle.text)![1]!) as { codeLength: number };
  const deepText = bundle.modules.text.slice(codeLength + Number(from), codeLength + Number(to));
  assert.ok(deepText.startsWith("'use strict'; ") && /\(0, __svc_1\.parse\)\('b: 2'\)\.b, state\.increment\(\)\];\n\}\n?$/.test(deepText), deepText);
  assert.ok(bundle.modules.text.includes('"./lazy.js": function'), 'what the entry loads itself is a function');
  assert.deepEqual(unbundled.live, [0, 0, 1, 1, { count: 1 }]);
  assert.deepEqual(unbundled.defaults, ['default', 'fn', 'named', 'default', 'class', 'default', 'arrow', 42]);
  assert.deepEqual(unbundled.stars, [['fromA', 'inner', 'reexported', 'shared'], 'a', 'own', 42, false, ['ambiguous', 'fromA', 'shared']]);
  assert.deepEqual(unbundled.cycle, ['hoisted in a', 'set by a']);
  assert.deepEqual(unbundled.oneInstance, [true, 2, 2, 2, 3, 3]);
  assert.equal(unbundled.where.url, new URL('nested/where.js', `file://${dir}/`).href);
  assert.deepEqual(unbundled.throws, ['boom', true]);
  assert.deepEqual(unbundled.texts, ['Grüße', 'Schaltfläche — …', 'Grü\\u00dfe 1 — ', 'a\\é', 'bé', true, '\\ü']);
  const text = bundle.modules.text.slice(bundle.modules.text.indexOf('"./text.js"'));
  assert.ok(text.includes("['Gr\\u00fc\\u00dfe', `Schaltfl\\u00e4che ${'\\u2014'} \\u2026`, raw") && text.includes('// Gr\\u00fc\\u00dfe'));
  assert.ok(text.includes('String.raw`Grü') && text.includes('/é+/'), 'raw templates and regular expressions are left as they are');
  assert.equal(bundle.files.length, Object.keys(PROGRAM).length - 1);
  assert.ok(bundle.text.startsWith('#!/usr/bin/env node\n'));
});

function refusal(source: string): string {
  const file = join(dir, 'refused.js');
  writeFileSync(file, source);
  try {
    buildBundle(file, join(dir, 'refused.bundle.js'));
  } catch (error) {
    assert.ok(error instanceof BundleError, String(error));
    return error.message;
  }
  assert.fail('the bundler accepted it');
}

test('forms the bundler does not understand stop it with a sentence naming the place', () => {
  assert.match(refusal('await Promise.resolve(1);'), /refused\.js:1:1: uses top-level await/);
  assert.match(refusal("const name = './lazy.js';\nimport(name);"), /refused\.js:2:1: calls import\(\) with something other than a string/);
  assert.match(refusal("import.meta.resolve('./lazy.js');"), /uses import\.meta\.resolve/);
  assert.match(refusal('const meta = import.meta;'), /uses import\.meta other than to read/);
  assert.match(refusal("import { createRequire } from 'node:module';\ncreateRequire('/tmp/x.js')('./lazy.js');"), /uses createRequire other than as createRequire\(import\.meta\.url\)/);
  assert.match(refusal("import { createRequire } from 'node:module';\nconst load = createRequire(import.meta.url);\nconst name = './lazy.js';\nload(name);"), /calls require\(\) with something other than one string/);
  assert.match(refusal("import { createRequire } from 'node:module';\nconst load = createRequire(import.meta.url);\nexport { load };"), /exports load \(from createRequire\)/);
  assert.match(refusal("import { createRequire } from 'node:module';\nconst load = createRequire(import.meta.url);\n[].map(load);"), /uses load \(from createRequire\) other than by calling it/);
  assert.match(refusal("import module from 'node:module';\nmodule.createRequire(import.meta.url)('./lazy.js');"), /imports node:module as a whole/);
  assert.match(refusal("import * as YAML from 'yaml';"), /imports the namespace of 'yaml'/);
  assert.match(refusal("export * from 'zod';"), /re-exports everything of the package 'zod'/);
  assert.match(refusal("import { nope } from './log.js';"), /refused\.js:1:10: log\.js does not provide an export named nope|does not provide an export named nope/);
  assert.match(refusal("import { ambiguous } from './stars.js';"), /gives ambiguous from two export \* sources/);
  assert.match(refusal("import data from './package.json' with { type: 'json' };"), /has import attributes/);
  assert.match(refusal("import './missing.js';"), /'\.\/missing\.js' is not a file/);
  assert.match(refusal("import './lazy.js?again';"), /has a query or fragment/);
  assert.match(refusal("import { log } from './log.js';\nlog = null;"), /assigns to the imported binding log/);
  assert.match(refusal('const __svc_eval = 1;'), /names starting with __svc_ are the bundle's own/);
});
