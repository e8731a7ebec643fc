// DESIGN.md section 2 as a test: the floors, who may import whom, the packages each may use, and no cycle
// between files or folders (type-only imports and import() included).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { findCycles, folderOf, readImportGraph, type ImportEdge } from './helpers/import-graph.ts';

const SRC = fileURLToPath(new URL('../src/', import.meta.url));
const PACKAGE = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { dependencies: Record<string, string> };

/** The entries people run (dist/server.js, dist/stdio.js, dist/cli.js): they may import anything. */
const ENTRIES = ['server.ts', 'stdio.ts', 'cli.ts'];
const CORES = ['auth', 'content', 'stats'];

/**
 * Who may import whom: an area (a top folder of src/, or a file at its top) -> the areas it may import
 * besides itself. Areas not named here (the entries, cli/) are the top floor.
 */
const MAY_IMPORT: Record<string, readonly string[]> = {
  'errors.ts': [],
  lib: ['errors.ts'],
  // How a process uses memory, descriptors and its start: leaves on node:* alone, below every core.
  'process-tuning': [],
  'config.ts': ['lib', 'errors.ts'],
  jsonrpc: ['errors.ts'],
  http: ['lib', 'errors.ts'],
  // The change feed (DESIGN.md section 6) knows files and lines, nothing of what they record.
  feed: ['lib', 'errors.ts'],
  // Rule 2: one direction between the cores: content may use auth, statistics may use both.
  auth: ['lib', 'errors.ts'],
  content: ['auth', 'feed', 'lib', 'process-tuning', 'errors.ts'],
  stats: ['content', 'auth', 'feed', 'lib', 'process-tuning', 'errors.ts'],
  // Rule 4: only oauth/routes/ and mcp/transports/ touch http/ (checked below).
  oauth: ['http', 'auth', 'lib', 'errors.ts', 'config.ts'],
  mcp: ['http', 'jsonrpc', 'auth', 'content', 'feed', 'stats', 'lib', 'errors.ts', 'config.ts'],
  // The caches in front and other systems told of changes (DESIGN.md section 6): consumers of the feed.
  edge: ['http', 'auth', 'content', 'feed', 'lib', 'errors.ts', 'config.ts'],
  // Rule 5: the outer areas declare what they need in their own folder; none imports another or the wiring.
  api: ['http', 'auth', 'content', 'feed', 'stats', 'lib', 'process-tuning', 'errors.ts', 'config.ts'],
  site: ['http', 'auth', 'content', 'feed', 'stats', 'lib', 'errors.ts', 'config.ts'],
  panel: ['http', 'auth', 'content', 'feed', 'stats', 'oauth', 'edge', 'lib', 'errors.ts', 'config.ts'],
  // The composition root knows every area, but not the entries or the CLI that start it.
  wiring: ['http', 'jsonrpc', 'auth', 'content', 'feed', 'stats', 'oauth', 'mcp', 'api', 'site', 'panel', 'edge', 'lib', 'process-tuning', 'errors.ts', 'config.ts'],
};

/** Packages by area: lib/ and errors.ts use Node alone, jsonrpc/ zod alone; nobody a package outside dependencies. */
const PACKAGES_OF: Record<string, readonly string[]> = { lib: [], 'process-tuning': [], 'errors.ts': [], jsonrpc: ['zod'] };

/**
 * Wings: the machinery an area keeps in a folder of its own, entered from outside it through one file only
 * (issue 39: the domain in front, performance devices in their own wings). Folder -> its interface.
 */
const WINGS: Record<string, string> = {
  'content/list-engine/': 'content/list-engine/list-engine.ts',
  'api/list-rows/': 'api/list-rows/list-rows.ts',
  'stats/store/': 'stats/store/stats-store.ts',
};

const areaOf = (file: string) => (file.includes('/') ? file.slice(0, file.indexOf('/')) : file);
const describe = (edge: ImportEdge) => `${edge.from} imports ${edge.to}`;

/** Every import that breaks a rule of DESIGN.md section 2, as sentences. */
function ruleBreaks(edges: readonly ImportEdge[]): string[] {
  const breaks: string[] = [];
  const dependencies = Object.keys(PACKAGE.dependencies);
  for (const edge of edges) {
    const from = areaOf(edge.from);
    if (edge.external) {
      if (edge.to.startsWith('node:')) continue;
      const name = edge.to.startsWith('@') ? edge.to.split('/').slice(0, 2).join('/') : edge.to.split('/')[0]!;
      const allowed = PACKAGES_OF[from] ?? dependencies;
      if (!allowed.includes(name)) breaks.push(`${describe(edge)}: ${from} may use ${allowed.length ? allowed.join(', ') : 'no package'}`);
      continue;
    }
    for (const [wing, face] of Object.entries(WINGS)) {
      if (edge.to.startsWith(wing) && !edge.from.startsWith(wing) && edge.to !== face) breaks.push(`${describe(edge)}: ${wing} is entered through ${face} only`);
    }
    const to = areaOf(edge.to);
    if (from === to) continue;
    const allowed = MAY_IMPORT[from];
    if (allowed && !allowed.includes(to)) breaks.push(`${describe(edge)}: ${from} may import ${allowed.join(', ') || 'nothing of src/'}`);
    if (to === 'http' && from === 'mcp' && !edge.from.startsWith('mcp/transports/')) breaks.push(`${describe(edge)}: only mcp/transports/ touches http/`);
    if (to === 'http' && from === 'oauth' && !edge.from.startsWith('oauth/routes/')) breaks.push(`${describe(edge)}: only oauth/routes/ touches http/`);
    if (ENTRIES.includes(to) || (to === 'cli' && from !== 'cli' && !ENTRIES.includes(from))) breaks.push(`${describe(edge)}: the entries and the CLI are imported by nobody`);
  }
  return breaks;
}

/** Cycles between files, and between folders (each file at the top of src/ counts as a folder of its own). */
function cycles(files: readonly string[], edges: readonly ImportEdge[]): string[] {
  const found: string[] = [];
  const graph = (nodeOf: (file: string) => string) => {
    const next = new Map<string, Set<string>>();
    for (const edge of edges) {
      if (edge.external) continue;
      const [a, b] = [nodeOf(edge.from), nodeOf(edge.to)];
      if (a === b && nodeOf !== fileNode) continue;
      if (!next.has(a)) next.set(a, new Set());
      next.get(a)!.add(b);
    }
    return next;
  };
  const fileNode = (file: string) => file;
  const folderNode = (file: string) => (file.includes('/') ? `${folderOf(file)}/` : file);
  const byFile = graph(fileNode);
  for (const cycle of findCycles(files, (file) => byFile.get(file) ?? [])) found.push(`files: ${cycle.join(' <-> ')}`);
  const byFolder = graph(folderNode);
  for (const cycle of findCycles(byFolder.keys(), (folder) => byFolder.get(folder) ?? [])) found.push(`folders: ${cycle.join(' <-> ')}`);
  return found;
}

const { files, edges } = readImportGraph(SRC);

test('every import of src/ keeps the floors of DESIGN.md section 2', () => {
  assert.ok(edges.length > 300, `the graph was read (${edges.length} imports)`);
  assert.deepEqual(ruleBreaks(edges), []);
});

test('no cycle between files or between folders of src/, type-only imports included', () => {
  assert.deepEqual(cycles(files, edges), []);
});

test('the top of src/ holds only the entries, config.ts and errors.ts; the wiring has a folder of its own', () => {
  assert.deepEqual(files.filter((file) => !file.includes('/')), ['cli.ts', 'config.ts', 'errors.ts', 'server.ts', 'stdio.ts']);
  assert.ok(files.some((file) => file.startsWith('wiring/')));
});

test('lib/ and process-tuning/ import nothing but node:* (and, for lib/, errors.ts and each other)', () => {
  const leaves = edges.filter((edge) => ['lib', 'process-tuning'].includes(areaOf(edge.from)));
  const stray = leaves.filter((edge) => (edge.external ? !edge.to.startsWith('node:') : ![areaOf(edge.from), ...(areaOf(edge.from) === 'lib' ? ['errors.ts'] : [])].includes(areaOf(edge.to))));
  assert.ok(leaves.some((edge) => edge.to.startsWith('node:')), 'the leaves\' imports were read');
  assert.deepEqual(stray.map(describe), []);
});

/** The places in `text` that load code other than by a static import: import(), createRequire, process.getBuiltinModule. */
function loadsOnDemand(file: string, text: string): string[] {
  const found: string[] = [];
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node)) {
      const callee = node.expression;
      const line = source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
      if (callee.kind === ts.SyntaxKind.ImportKeyword) found.push(`${file}:${line} import()`);
      else if (ts.isIdentifier(callee) && callee.text === 'createRequire') found.push(`${file}:${line} createRequire`);
      else if (ts.isPropertyAccessExpression(callee) && callee.name.text === 'getBuiltinModule') found.push(`${file}:${line} getBuiltinModule`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/**
 * The one loader (lib/on-demand.ts) and the entries, which load their start with one import() after the
 * Node version check (so an older Node can parse them and say which Node they need); code-fingerprint.ts
 * reads the yaml package's version from its package.json, which is data, not code; lib/node-builtins.ts
 * takes the built-ins whose ES namespace would load code svc does not use (node:http, node:util, node:crypto).
 */
const MAY_LOAD_ON_DEMAND = ['lib/on-demand.ts', 'server.ts', 'stdio.ts', 'cli.ts', 'content/list-engine/code-fingerprint.ts', 'lib/node-builtins.ts'];

test('code is loaded on demand only through the one loader: no import(), createRequire or getBuiltinModule elsewhere', () => {
  const found = files.flatMap((file) => loadsOnDemand(file, readFileSync(join(SRC, file), 'utf8')));
  assert.ok(found.some((place) => place.startsWith('lib/on-demand.ts:')), 'the loader itself is found');
  assert.deepEqual(found.filter((place) => !MAY_LOAD_ON_DEMAND.includes(place.slice(0, place.indexOf(':')))), []);
  // The check sees each form, and not a type written as typeof import().
  const probe = "type T = typeof import('./x.js');\nconst a = await import('./a.js');\nconst r = createRequire(import.meta.url);\nconst f = process.getBuiltinModule('node:fs');\n";
  assert.deepEqual(loadsOnDemand('probe.ts', probe), ['probe.ts:2 import()', 'probe.ts:3 createRequire', 'probe.ts:4 getBuiltinModule']);
});

/** The built-ins lib/node-builtins.ts takes without an ES import: elsewhere they are named for their types only. */
const TAKEN_WITHOUT_ES_IMPORT = ['node:http', 'node:util', 'node:crypto'];

/** The places in `text` that import one of TAKEN_WITHOUT_ES_IMPORT for a value (an import or an export from it). */
function valueImportsOfTakenBuiltins(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  for (const statement of source.statements) {
    const specifier = (ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) ? statement.moduleSpecifier : undefined;
    if (!specifier || !ts.isStringLiteral(specifier) || !TAKEN_WITHOUT_ES_IMPORT.includes(specifier.text)) continue;
    // Only `import type` leaves nothing behind: with verbatimModuleSyntax, `import { type X }` stays an import.
    const typeOnly = ts.isImportDeclaration(statement) ? statement.importClause?.isTypeOnly === true : statement.isTypeOnly;
    if (!typeOnly) found.push(`${file}:${source.getLineAndCharacterOfPosition(statement.getStart()).line + 1} ${specifier.text}`);
  }
  return found;
}

test('node:http, node:util and node:crypto are taken through lib/node-builtins.ts, elsewhere imported for their types only', () => {
  assert.deepEqual(files.flatMap((file) => valueImportsOfTakenBuiltins(file, readFileSync(join(SRC, file), 'utf8'))), []);
  const probe = "import type { Server } from 'node:http';\nimport { type ParseArgsConfig } from 'node:util';\nimport { createHash } from 'node:crypto';\nimport * as util from 'node:util';\nimport 'node:http';\nexport { debuglog } from 'node:util';\n";
  assert.deepEqual(valueImportsOfTakenBuiltins('probe.ts', probe), ['probe.ts:2 node:util', 'probe.ts:3 node:crypto', 'probe.ts:4 node:util', 'probe.ts:5 node:http', 'probe.ts:6 node:util']);
});

/**
 * What a lib/ module keeps at its top that changes while the process runs: a `let` or `var`, an empty Map,
 * Set or array filled later, or processWide() state. A leaf that holds a registry others fill (where notes
 * go, which folders are trusted) is wiring in disguise: such state belongs in a value made where it is known.
 */
function moduleState(file: string, text: string): string[] {
  const found: string[] = [];
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const isFilledLater = (value: ts.Expression | undefined): boolean => value !== undefined && (
    (ts.isNewExpression(value) && ts.isIdentifier(value.expression) && ['Map', 'Set', 'WeakMap', 'WeakSet', 'Array'].includes(value.expression.text) && (value.arguments?.length ?? 0) === 0)
    || (ts.isArrayLiteralExpression(value) && value.elements.length === 0)
    || (ts.isCallExpression(value) && ts.isIdentifier(value.expression) && value.expression.text === 'processWide'));
  for (const statement of source.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    const constant = (statement.declarationList.flags & ts.NodeFlags.Const) !== 0;
    for (const declaration of statement.declarationList.declarations) {
      if (constant && !isFilledLater(declaration.initializer)) continue;
      const names = ts.isIdentifier(declaration.name) ? [declaration.name.text] : declaration.name.elements.map((element) => element.name.getText(source));
      for (const name of names) found.push(`${file} ${name}`);
    }
  }
  return found;
}

/**
 * The module-level state lib/ keeps, each with why it may stay; anything new fails the test below until it
 * is made a value or written here with its reason.
 */
const KEPT_STATE: Record<string, string> = {
  // Memos of pure answers: the same for every caller, only sooner.
  'lib/install-paths.ts known': 'memo', 'lib/qr/reed-solomon.ts generators': 'memo', 'lib/time-zone.ts formatters': 'memo',
  'lib/time-zone.ts offsetCaches': 'memo', 'lib/site-secret.ts known': 'memo of a file that never changes once made',
  // Facts of the process itself, not of a site: its event-loop turn and the temp files it is writing.
  'lib/event-loop-turn.ts turn': 'process fact', 'lib/event-loop-turn.ts advancing': 'process fact',
  'lib/temp-file-journal.ts state': 'process fact', 'lib/save-failure.ts state': 'process fact',
  // The one loader's list of the modules its code declared to load on demand (what is loaded, not a site).
  'lib/on-demand.ts declared': 'process fact',
  // A fault a test puts at the one place every read opens (root reads files chmod cannot hide).
  'lib/regular-file.ts refusedOpen': 'test fault',
};

test('lib/ keeps no module-level registry: its mutable state is a memo or a fact of the process, each named', () => {
  const found = files.filter((file) => areaOf(file) === 'lib').flatMap((file) => moduleState(file, readFileSync(join(SRC, file), 'utf8')));
  assert.deepEqual(found.filter((place) => !(place in KEPT_STATE)), []);
  assert.deepEqual(Object.keys(KEPT_STATE).filter((place) => !found.includes(place)), [], 'an entry for state that is gone is removed');
  // The check sees each form, and leaves constants alone (a Set of fixed names, a frozen table).
  const probe = "let a = 1;\nconst b = new Map<string, number>();\nconst c: string[] = [];\nconst d = processWide('x', () => ({}));\nconst e = new Set(['fixed']);\nconst f = 3;\nfunction g() { let h = 0; return h; }\n";
  assert.deepEqual(moduleState('probe.ts', probe), ['probe.ts a', 'probe.ts b', 'probe.ts c', 'probe.ts d']);
});

test('the cores never touch http/, and no area has a barrel index.ts', () => {
  const cores = edges.filter((edge) => CORES.includes(areaOf(edge.from)) && !edge.external && areaOf(edge.to) === 'http');
  assert.deepEqual(cores.map(describe), []);
  assert.deepEqual(files.filter((file) => file.endsWith('/index.ts') || file === 'index.ts'), []);
});

test('the checks find what they look for: a lower floor importing a higher one, a cycle, a stray package', () => {
  const made: ImportEdge[] = [
    { from: 'content/store.ts', to: 'wiring/app-deps.ts', external: false },
    { from: 'auth/roles.ts', to: 'content/entries/types.ts', external: false },
    { from: 'oauth/oauth-error.ts', to: 'http/respond.ts', external: false },
    { from: 'lib/clock.ts', to: 'zod', external: true },
    { from: 'mcp/tool.ts', to: 'typescript', external: true },
    { from: 'content/query.ts', to: 'content/list-engine/list-index.ts', external: false },
    { from: 'stats/goal-count.ts', to: 'stats/store/visit-table.ts', external: false },
  ];
  assert.equal(ruleBreaks(made).length, 7);
  assert.deepEqual(ruleBreaks([{ from: 'content/query.ts', to: 'content/list-engine/list-engine.ts', external: false }]), []);
  const loop: ImportEdge[] = [
    { from: 'content/a.ts', to: 'content/write/b.ts', external: false },
    { from: 'content/write/b.ts', to: 'content/c.ts', external: false },
  ];
  assert.deepEqual(cycles(['content/a.ts', 'content/write/b.ts', 'content/c.ts'], loop), ['folders: content/ <-> content/write/']);
  // A wing that reached up into the reports above it (the store counting with a report's code) is a circle too.
  const upward: ImportEdge[] = [
    { from: 'stats/goal-report.ts', to: 'stats/store/stats-store.ts', external: false },
    { from: 'stats/store/table-count-thread.ts', to: 'stats/filtered-figures.ts', external: false },
  ];
  assert.deepEqual(cycles(['stats/goal-report.ts', 'stats/store/stats-store.ts', 'stats/store/table-count-thread.ts', 'stats/filtered-figures.ts'], upward), ['folders: stats/ <-> stats/store/']);
});
