// A plugin's `enabled` as people write it: YAML 1.2 reads `no` and `off` as text, and a plugin so turned off
// stayed on without a word. The words YAML 1.1 read as booleans count as them; anything else leaves the
// plugin off, said in the log and to `svc check`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeTempFolder } from '../helpers/temp-folder.ts';
import { loadCardDefinitions } from '../../dist/content/cards.js';

test('enabled: no, off and "false" turn a plugin off; yes and an absent one leave it on; a number leaves it off and is said', () => {
  const root = makeTempFolder('svc-plugin-switch-');
  const plugin = (folder: string, enabled: string | null) => {
    mkdirSync(join(root, 'plugins', folder), { recursive: true });
    writeFileSync(join(root, 'plugins', folder, 'plugin.yaml'), `${enabled === null ? '' : `enabled: ${enabled}\n`}cards:\n  - name: card-${folder}\n    title: ${folder}\n`);
  };
  plugin('said-no', 'no');
  plugin('said-off', 'Off');
  plugin('said-false', '"false"');
  plugin('said-yes', 'yes');
  plugin('unsaid', null);
  plugin('said-two', '2');
  const logged: string[] = [];
  const problems: string[] = [];
  const names = loadCardDefinitions(root, (line) => logged.push(line), (file, sentence) => problems.push(`${file}: ${sentence}`))
    .filter((card) => card.source.startsWith('plugin:')).map((card) => card.name).sort();
  assert.deepEqual(names, ['card-said-yes', 'card-unsaid']);
  assert.deepEqual(logged, ['svc: skipping plugins/said-two: its enabled is neither true nor false']);
  assert.equal(problems.length, 1);
  assert.match(problems[0]!, /said-two\/plugin\.yaml: enabled must be true or false \(it is 2\); the plugin is left off until it is\./);
});
