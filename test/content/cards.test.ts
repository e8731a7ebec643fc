import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createFixtureSite } from '../helpers/fixture-site.ts';
import { ContentStore } from '../../dist/content/store.js';
import { findCardWarnings, listCards } from '../../dist/content/cards.js';
import { renderMarkdown } from '../../dist/content/markdown.js';

const store = new ContentStore({ root: createFixtureSite(), clock: Date.now, log: () => {} });

test('every card\'s example can be copied as it is: no missing settings, and it renders as the card', () => {
  for (const card of listCards(store, 'en').cards) {
    assert.deepEqual(findCardWarnings(store, card.example, 'en'), [], card.name);
    assert.ok(renderMarkdown(card.example).classes.includes(`card-${card.name}`), card.name);
  }
});

test('card warnings name what is missing the way it is written: value, then field keys', () => {
  assert.deepEqual(findCardWarnings(store, '::: button\n:::', 'en'), [{ card: 'button', missing: ['value', 'href'] }]);
  assert.deepEqual(findCardWarnings(store, '::: button "Go" href="https://example.org/"\n:::', 'en'), []);
});
