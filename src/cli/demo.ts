import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { AuthService } from '../auth/auth-service.js';
import type { Account } from '../auth/account-reader.js';
import { SCOPES } from '../auth/principal.js';
import { generatePassword } from '../auth/password.js';
import { initSite } from './init-site.js';
import { siteCommand } from '../lib/install-paths.js';

export const DEMO_EMAIL = 'admin@example.org';

/** Makes sure the root has a site (an empty one from `init` when there is none). */
export function ensureSite(root: string, dataDir: string, print: (line: string) => void): void {
  if (existsSync(join(root, 'content', 'site.yaml'))) return;
  initSite({ root, dataDir, title: 'Demo Site' });
  print(`Created an empty site in ${root}.`);
}

/**
 * On the first start (no accounts at all) creates an admin account and a token with every scope, and
 * returns the lines that show them: once, on the terminal only. Only their hashes are written. On later
 * starts returns a line saying the demo account exists.
 */
export async function prepareDemo(auth: AuthService, panelUrl: string, site: { root: string; dataDir: string }, seed?: (admin: Account) => Promise<string[]>): Promise<string[]> {
  const existing = auth.accounts.list();
  if (existing.length > 0) {
    const demo = existing.find((account) => account.email === DEMO_EMAIL);
    return demo
      ? [`The demo account ${DEMO_EMAIL} exists; its password and token were shown at its first start.`,
         `  New password: ${siteCommand(site, 'user password', DEMO_EMAIL)}`,
         `  New token:    ${siteCommand(site, 'token create', `--user ${DEMO_EMAIL} --name Demo`)}`]
      : [`${existing.length} account${existing.length === 1 ? '' : 's'} exist${existing.length === 1 ? 's' : ''}; no demo account was created.`];
  }
  const password = generatePassword();
  const account = await auth.accounts.create({ name: 'Demo Admin', email: DEMO_EMAIL, role: 'admin', password });
  const { token } = auth.createToken({ ownerId: account.id, name: 'Demo token', scopes: [...SCOPES], expiresInDays: 90 });
  const seeded = seed ? await seed(account) : [];
  return [
    ...seeded,
    'Demo sign-in (shown this once; only hashes are kept):',
    `  panel     ${panelUrl}`,
    `  email     ${DEMO_EMAIL}`,
    `  password  ${password}`,
    `Demo token with all scopes (${SCOPES.join(' ')}), valid 90 days, shown this once:`,
    `  ${token}`,
  ];
}
