// A writer for the crash test: starts as a process that writes does (lib/site-writes.ts), then goes round every
// kind of write through the real code in an endless loop, with large contents so that a SIGKILL from the
// parent lands mid-write. Each write answered as done is printed as `done <kind> <round> <what>`; the first
// also as `ready`. Worker `w` owns the entry posts/w<w>, its styles, the account w<w>@example.org and the stats day
// 2026-01-<w+1>, so that writers running side by side never wait for each other's locks.
//
// It runs the built code (dist/) and is started by Node itself, its types stripped, as every test file is:
// the test starts it 60 times, and each start through tsx took some 1.05 s of CPU against 0.57 s (Node 24,
// 2 cores).
import { ContentStore } from '../../dist/content/store.js';
import { createEntry } from '../../dist/content/write/create-entry.js';
import { updateEntry } from '../../dist/content/write/update-entry.js';
import { publishEntry } from '../../dist/content/write/publish-entry.js';
import { styleEntry } from '../../dist/content/write/style-entry.js';
import { uploadMedia } from '../../dist/content/write/upload-media.js';
import { AuthService } from '../../dist/auth/auth-service.js';
import { RollupFiles } from '../../dist/stats/store/rollup-files.js';
import type { Rollup } from '../../src/stats/store/rollup.ts';
import type { Principal } from '../../src/auth/principal.ts';
import { prepareSiteWrites } from '../../dist/lib/site-writes.js';
import { crashBody, crashCss, crashImage, crashStats } from './crash-contents.ts';
import { join } from 'node:path';
import nodeModule from 'node:module';
import type { CompileCacheApi } from '../../src/process-tuning/compile-cache.ts';
import { siteFolders } from '../../dist/config.js';

const [root, dataDir, worker, firstRound] = process.argv.slice(2) as [string, string, string, string];
// One value of the site's folders for the process, as the servers make it (wiring/build-deps.ts).
const trustedFolders = siteFolders({ root, dataDir });
prepareSiteWrites(trustedFolders, { root, dataDir });
const store = new ContentStore({ root, clock: Date.now, log: () => {}, trustedFolders });
const auth = new AuthService({ dataDir, clock: Date.now, log: () => {}, trustedFolders });
const rollups = new RollupFiles(trustedFolders, join(dataDir, 'stats'));
const context = { store, dataDir, clock: Date.now };
const principal: Principal = {
  accountId: 'ann', name: 'Ann', email: 'ann@example.org', role: 'admin',
  capabilities: new Set(['content.write', 'content.edit_all', 'content.publish', 'content.publish_all']),
  grantedScopes: ['content:write'], scopes: new Set(['content:write']), tokenName: 'crash writer', tokenId: 'none',
};
const actor = { principal, via: 'mcp' as const };
const entryId = `posts/w${worker}`;
const postType = store.site().types.find((type) => type.key === 'post')!;
const image = crashImage().toString('base64');
const owner = auth.accounts.findByEmail('ann@example.org')!.id;
const account = auth.accounts.findByEmail(`w${worker}@example.org`)!.id;

const KINDS: Array<[string, (round: number) => string]> = [
  ['update', (round) => {
    updateEntry(context, actor, { entry: store.entry(entryId)!, language: 'en', body: crashBody(round), fields: { round } });
    return entryId;
  }],
  ['create', (round) => createEntry(context, actor, { title: `W${worker} round ${round}`, type: postType, language: 'en', body: crashBody(round), fields: { round }, parent: null }).id],
  ['publish', () => {
    publishEntry(context, actor, store.entry(entryId)!, 'en', undefined);
    return entryId;
  }],
  ['style', (round) => {
    styleEntry(context, actor, store.entry(entryId)!, crashCss(round));
    return entryId;
  }],
  ['media', () => uploadMedia(context, actor, store.entry(entryId)!, 'photo.png', image).file],
  ['token', (round) => auth.createToken({ ownerId: owner, name: `w${worker} ${round}`, scopes: ['content:read'], expiresInDays: 30 }).record.id],
  ['account', (round) => auth.accounts.update(account, (current) => ({ ...current, name: `W${worker} round ${round}` })).id],
  ['stats', (round) => {
    rollups.writeDaily(crashStats(`2026-01-0${Number(worker) + 1}`, round) as unknown as Rollup);
    return `2026-01-0${Number(worker) + 1}`;
  }],
];

for (let round = Number(firstRound); ; round++) {
  const [kind, write] = KINDS[round % KINDS.length]!;
  const what = write(round);
  process.stdout.write(`done ${kind} ${round} ${what}\n`);
  if (round === Number(firstRound)) {
    // Every writer is killed, so Node never writes its compile cache (NODE_COMPILE_CACHE, set by make test)
    // at exit: written here, the next writers load the modules compiled. The crash test took 75-84 s of CPU
    // without this and 64-67 s with it (Node 24, 2 cores).
    (nodeModule as CompileCacheApi).flushCompileCache?.();
    process.stdout.write('ready\n');
  }
}
