// A writer for the crash test: updates one entry through the real write action in an endless loop with a
// large body, so a SIGKILL from the parent lands mid-write. Prints "ready" after its first update.
import { ContentStore } from '../../src/content/store.js';
import { updateEntry } from '../../src/content/write/update-entry.js';
import type { Principal } from '../../src/auth/principal.js';

const [root, dataDir, entryId] = process.argv.slice(2) as [string, string, string];
const store = new ContentStore({ root, clock: Date.now, log: () => {} });
const principal: Principal = {
  accountId: 'ann', name: 'Ann', email: 'ann@example.org', role: 'admin',
  capabilities: new Set(['content.write', 'content.edit_all', 'content.publish', 'content.publish_all']),
  grantedScopes: ['content:write'], scopes: new Set(['content:write']), tokenName: 'crash writer', tokenId: 'none',
};
const filler = 'x'.repeat(Number(process.env.BODY_BYTES ?? 2_000_000));
for (let round = 0; ; round++) {
  const entry = store.entry(entryId)!;
  updateEntry({ store, dataDir, clock: Date.now }, { principal, via: 'mcp' }, { entry, language: 'en', body: `round ${round}\n${filler}\n`, fields: { round } });
  if (round === 0) process.stdout.write('ready\n');
}
