// What the demo's first start adds so every panel page has something on it: a second person, an assistant's
// draft waiting for approval, an assistant's change to a live post waiting too, and an entry in the trash.
// Made through the same write actions as the panel and MCP (so the history and the change feed hold them),
// on the demo's own copy of the site (make run serves .tmp/demo, never the tracked content/).
import type { Account } from '../auth/account-reader.js';
import { generatePassword } from '../auth/password.js';
import type { Principal } from '../auth/principal.js';
import type { AuthService } from '../auth/auth-service.js';
import type { ContentStore } from '../content/store.js';
import { setApprovalMode } from '../content/write/approval-mode.js';
import { createEntry } from '../content/write/create-entry.js';
import { deleteEntry } from '../content/write/delete-entry.js';
import { publishEntry } from '../content/write/publish-entry.js';
import { updateEntry } from '../content/write/update-entry.js';
import type { Actor, WriteContext } from '../content/write/write-context.js';
import type { Clock } from '../lib/clock.js';

export const SECOND_EMAIL = 'editor@example.org';
/** A published post the assistant proposes a change to, and one that is in the trash. */
const LIVE_POST = 'posts/hut-packing-list';
const TRASHED_POST = 'posts/midsummer-fires-walk';

function actorOf(auth: AuthService, account: Account, via: 'mcp' | 'panel'): Actor {
  const capabilities = auth.capabilitiesOf(account);
  const principal: Principal = {
    accountId: account.id, name: account.name, email: account.email, role: account.role, capabilities,
    grantedScopes: [], scopes: new Set(), tokenName: via === 'mcp' ? 'Demo token' : '', tokenId: '',
  };
  return { principal, via };
}

/** Seeds the demo (once, with its first admin); returns lines to print (the second person's password). */
export async function seedDemo(deps: { auth: AuthService; content: ContentStore; dataDir: string; clock: Clock }, admin: Account): Promise<string[]> {
  const { auth, content } = deps;
  const context: WriteContext = { store: content, dataDir: deps.dataDir, clock: deps.clock };
  const password = generatePassword();
  await auth.accounts.create({ name: 'Eve Editor', email: SECOND_EMAIL, role: 'editor', password });
  const person = actorOf(auth, admin, 'panel');
  const assistant = actorOf(auth, admin, 'mcp');
  const lines = [`A second person: ${SECOND_EMAIL} (editor), password ${password} (shown this once).`];
  try {
    setApprovalMode(context, person, true);
    setApprovalMode(context, person, true, 'approval_live');
    const post = content.typeByKey('post');
    if (post) {
      const draft = createEntry(context, assistant, {
        title: 'Ten huts worth the climb', type: post, language: 'en', parent: null, fields: { excerpt: 'An assistant\'s draft, waiting for approval.' },
        body: 'A list an assistant drafted: a person reviews it under Waiting for approval.',
      });
      const created = content.entry(draft.id);
      if (created) publishEntry(context, assistant, created, 'en', undefined);
    }
    const live = content.entry(LIVE_POST);
    if (live) updateEntry(context, assistant, { entry: live, language: 'en', fields: { excerpt: 'Pack light, pack warm: an assistant proposes this excerpt.' } });
    if (content.entry(TRASHED_POST)) deleteEntry(context, person, TRASHED_POST);
    lines.push('The demo holds an assistant\'s draft and a change to a live post waiting for approval, and a post in the trash.');
  } catch (error) {
    lines.push(`Some demo items could not be made: ${(error as Error).message}`);
  }
  return lines;
}
