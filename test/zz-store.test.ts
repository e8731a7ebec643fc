import { test } from 'node:test';
import { ContentStore } from '../src/content/store.js';
import { buildDeps } from '../src/wiring/build-deps.js';
test('nothing', () => { if (!ContentStore || !buildDeps) throw new Error('x'); });
