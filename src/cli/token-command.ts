import type { AuthService } from '../auth/auth-service.js';
import { EXPIRY_CHOICES, isExpiryChoice, DEFAULT_EXPIRY, type TokenRecord } from '../auth/token-store.js';
import { CommandError, UsageError, refusedValueIsUsage } from './cli-error.js';
import { requireOption, type CommandShape, type Parsed } from './options.js';
import { siteCommand } from '../lib/install-paths.js';

/** The sentence for a person who is not there, with the command that lists who is. */
export function noAccount(who: string, parsed: Parsed): string {
  return `There is no account "${who}"; ${siteCommand(parsed.config, 'user list')} lists them.`;
}

/** Each token command's own options and arguments: anything else is refused (cli/options.ts). */
export const TOKEN_COMMANDS: Record<string, CommandShape> = {
  create: { options: { user: { type: 'string' }, name: { type: 'string' }, scope: { type: 'string', multiple: true }, expires: { type: 'string' } }, arguments: 0 },
  list: { options: { user: { type: 'string' } }, arguments: 0, reads: 'tokens' },
  revoke: { options: {}, arguments: 1 },
};

function day(iso: string | null, empty: string): string {
  return iso ? `${iso.slice(0, 10)} ${iso.slice(11, 16)}` : empty;
}

function findToken(auth: AuthService, prefix: string, parsed: Parsed): TokenRecord {
  if (!/^[0-9a-f]{12,64}$/.test(prefix)) throw new UsageError(`Give the token id as ${siteCommand(parsed.config, 'token list')} shows it (12 or more of its characters)`);
  const matches = auth.listTokens().filter((record) => record.id.startsWith(prefix));
  if (matches.length === 0) throw new CommandError(`There is no token with the id ${prefix}.`);
  if (matches.length > 1) throw new CommandError(`More than one token starts with ${prefix}; give more characters.`);
  return matches[0]!;
}

/** `svc token create|list|revoke`. */
export async function runTokenCommand(auth: AuthService, sub: string | undefined, parsed: Parsed, print: (line: string) => void): Promise<void> {
  const { values, positionals } = parsed;
  switch (sub) {
    case 'create': {
      const who = requireOption(values, 'user');
      const owner = auth.accounts.find(who);
      if (!owner) throw new CommandError(noAccount(who, parsed));
      const expires = typeof values.expires === 'string' ? values.expires : DEFAULT_EXPIRY;
      if (!isExpiryChoice(expires)) throw new UsageError('--expires takes 30d, 90d, 1y or none.');
      const scopes = Array.isArray(values.scope) && values.scope.length > 0 ? values.scope : auth.scopesOfferedTo(owner);
      const name = requireOption(values, 'name');
      const { token, record } = await refusedValueIsUsage(() => auth.createToken({ ownerId: owner.id, name, scopes, expiresInDays: EXPIRY_CHOICES[expires] }));
      print(`Created the token "${record.name}" for ${owner.name} (id ${record.id.slice(0, 12)}), scopes ${record.scopes.join(' ')}, expires ${day(record.expires, 'never')}.`);
      print('The token (shown once, only its hash is kept):');
      print(token);
      return;
    }
    case 'list': {
      let owner: string | undefined;
      if (typeof values.user === 'string') {
        const account = auth.accounts.find(values.user);
        if (!account) throw new CommandError(noAccount(values.user, parsed));
        owner = account.id;
      }
      const records = auth.listTokens(owner);
      if (records.length === 0) return print('No tokens.');
      for (const r of records) {
        print(`${r.id.slice(0, 12)}\t${r.name}\t${r.owner}\t${r.scopes.join(' ')}\tcreated ${day(r.created, '')}\texpires ${day(r.expires, 'never')}\tlast used ${day(r.last_used, 'never')}`);
      }
      return;
    }
    case 'revoke': {
      const id = positionals[0];
      if (!id) throw new UsageError(`Name the token to revoke: ${siteCommand(parsed.config, 'token revoke', '<token id>')}`);
      const record = findToken(auth, id.toLowerCase(), parsed);
      auth.revokeToken(record.id);
      print(`Revoked the token "${record.name}" of ${record.owner}.`);
      return;
    }
    default:
      // run-cli.ts has checked the command against TOKEN_COMMANDS.
      throw new UsageError(`Unknown token command "${sub}".`);
  }
}
