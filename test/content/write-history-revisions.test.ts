import { test } from 'node:test';
import assert from 'node:assert/strict';
import { appendFileSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { appendHistory, readHistory } from '../../dist/content/history.js';
import type { HistoryRecord } from '../../src/content/history.ts';
import { listRevisions, listStyleVersions, readRevision, readStyleVersion, revisedLanguages, saveRevision, saveStyleVersion } from '../../dist/content/revisions.js';
import { AppError } from '../../dist/errors.js';
import { makeTempFolder } from '../helpers/temp-folder.ts';
import { fileStorage } from '../../dist/content/storage/file-storage.js';
import { TrustedFolders } from '../../dist/lib/trusted-folders.js';

const record = (time: string, entry: string, action: HistoryRecord['action']): HistoryRecord =>
  ({ time, person: 'admin', action, entry, language: 'en', via: 'mcp', token: 'Claude' });

test('history lines are appended to one file per month and read newest first', () => {
  const dataDir = makeTempFolder('svc-history-');
  appendHistory(dataDir, record('2026-01-31T23:59:00.000Z', 'posts/a', 'create'), fileStorage(new TrustedFolders([dataDir])));
  appendHistory(dataDir, record('2026-02-01T00:01:00.000Z', 'posts/b', 'create'), fileStorage(new TrustedFolders([dataDir])));
  appendHistory(dataDir, record('2026-02-02T10:00:00.000Z', 'posts/a', 'update'), fileStorage(new TrustedFolders([dataDir])));
  assert.deepEqual(readdirSync(join(dataDir, 'history')).sort(), ['2026-01.ndjson', '2026-02.ndjson']);
  assert.equal(readFileSync(join(dataDir, 'history', '2026-02.ndjson'), 'utf8').split('\n').length, 3);
  assert.deepEqual(readHistory(new TrustedFolders([dataDir]), dataDir).map((r) => `${r.entry} ${r.action}`), ['posts/a update', 'posts/b create', 'posts/a create']);
  assert.deepEqual(readHistory(new TrustedFolders([dataDir]), dataDir, { entry: 'posts/a' }).map((r) => r.time), ['2026-02-02T10:00:00.000Z', '2026-01-31T23:59:00.000Z']);
  assert.deepEqual(readHistory(new TrustedFolders([dataDir]), dataDir, { limit: 1 }).map((r) => r.action), ['update']);
  assert.deepEqual(readHistory(new TrustedFolders([dataDir]), dataDir)[0], record('2026-02-02T10:00:00.000Z', 'posts/a', 'update'));
});

test('a broken last line (a writer killed mid-line) is skipped and later lines still read', () => {
  const dataDir = makeTempFolder('svc-history-');
  appendHistory(dataDir, record('2026-03-01T10:00:00.000Z', 'posts/a', 'create'), fileStorage(new TrustedFolders([dataDir])));
  appendFileSync(join(dataDir, 'history', '2026-03.ndjson'), '{"time":"2026-03-01T10:01');
  appendHistory(dataDir, record('2026-03-01T10:02:00.000Z', 'posts/a', 'update'), fileStorage(new TrustedFolders([dataDir])));
  assert.deepEqual(readHistory(new TrustedFolders([dataDir]), dataDir).map((r) => r.action), ['create']);
});

test('an empty data folder has no history', () => {
  assert.deepEqual(readHistory(new TrustedFolders([makeTempFolder('svc-history-')]), makeTempFolder('svc-history-')), []);
});

test('revisions are kept per entry and language, newest first, numbered within one millisecond', () => {
  const dataDir = makeTempFolder('svc-rev-');
  const t = Date.UTC(2026, 2, 1, 10, 0, 0, 5);
  assert.equal(saveRevision(dataDir, 'pages/about', 'en', t, 'one', fileStorage(new TrustedFolders([dataDir]))), '2026-03-01T10-00-00-005Z');
  assert.equal(saveRevision(dataDir, 'pages/about', 'en', t, 'two', fileStorage(new TrustedFolders([dataDir]))), '2026-03-01T10-00-00-005Z-2');
  for (let i = 3; i <= 10; i++) saveRevision(dataDir, 'pages/about', 'en', t, `v${i}`, fileStorage(new TrustedFolders([dataDir])));
  saveRevision(dataDir, 'pages/about', 'en', t + 1000, 'later', fileStorage(new TrustedFolders([dataDir])));
  saveRevision(dataDir, 'pages/about/team', 'en', t, 'child', fileStorage(new TrustedFolders([dataDir])));
  saveRevision(dataDir, 'pages/about', 'de', t, 'german', fileStorage(new TrustedFolders([dataDir])));
  const list = listRevisions(new TrustedFolders([dataDir]), dataDir, 'pages/about', 'en');
  assert.equal(list.length, 11);
  assert.deepEqual(list.slice(0, 3), [
    { id: '2026-03-01T10-00-01-005Z', time: '2026-03-01T10:00:01.005Z' },
    { id: '2026-03-01T10-00-00-005Z-10', time: '2026-03-01T10:00:00.005Z' },
    { id: '2026-03-01T10-00-00-005Z-9', time: '2026-03-01T10:00:00.005Z' },
  ]);
  assert.equal(readRevision(new TrustedFolders([dataDir]), dataDir, 'pages/about', 'en', '2026-03-01T10-00-00-005Z-2'), 'two');
  assert.deepEqual(listRevisions(new TrustedFolders([dataDir]), dataDir, 'pages/about/team', 'en').map((v) => v.id), ['2026-03-01T10-00-00-005Z']);
  assert.equal(readRevision(new TrustedFolders([dataDir]), dataDir, 'pages/about/team', 'en', '2026-03-01T10-00-00-005Z'), 'child');
  assert.deepEqual(revisedLanguages(new TrustedFolders([dataDir]), dataDir, 'pages/about'), ['de', 'en']);
  assert.deepEqual(listRevisions(new TrustedFolders([dataDir]), dataDir, 'posts/none', 'en'), []);
});

test('style versions are kept per entry', () => {
  const dataDir = makeTempFolder('svc-rev-');
  const id = saveStyleVersion(dataDir, 'posts/hello', Date.UTC(2026, 0, 2), 'main p { color: red; }\n', fileStorage(new TrustedFolders([dataDir])));
  assert.deepEqual(listStyleVersions(new TrustedFolders([dataDir]), dataDir, 'posts/hello'), [{ id, time: '2026-01-02T00:00:00.000Z' }]);
  assert.equal(readStyleVersion(new TrustedFolders([dataDir]), dataDir, 'posts/hello', id), 'main p { color: red; }\n');
});

test('version ids, entry ids and languages that could climb out of data/ are refused', () => {
  const dataDir = makeTempFolder('svc-rev-');
  const refuse = (action: () => unknown, kind: string) => assert.throws(action, (e: unknown) => e instanceof AppError && e.kind === kind);
  refuse(() => readRevision(new TrustedFolders([dataDir]), dataDir, 'posts/hello', 'en', '../../accounts/admin'), 'invalid_params');
  refuse(() => readRevision(new TrustedFolders([dataDir]), dataDir, '../x', 'en', '2026-03-01T10-00-00-005Z'), 'invalid_params');
  refuse(() => readRevision(new TrustedFolders([dataDir]), dataDir, 'posts/hello', '../..', '2026-03-01T10-00-00-005Z'), 'invalid_params');
  refuse(() => readRevision(new TrustedFolders([dataDir]), dataDir, 'posts/hello', 'en', '2026-03-01T10-00-00-005Z'), 'not_found');
  refuse(() => readStyleVersion(new TrustedFolders([dataDir]), dataDir, 'posts/hello', 'x.css'), 'invalid_params');
});
