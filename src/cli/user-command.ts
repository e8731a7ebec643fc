import type { AuthService } from '../auth/auth-service.js';
import type { Account } from '../auth/account-reader.js';
import { generatePassword } from '../auth/password.js';
import { otpauthUri } from '../auth/totp.js';
import { CommandError, UsageError } from './cli-error.js';
import { readStdinLine, requireOption, type Parsed } from './options.js';
import { noAccount } from './token-command.js';
import { siteCommand } from '../lib/install-paths.js';

export const USER_OPTIONS = {
  email: { type: 'string' },
  name: { type: 'string' },
  role: { type: 'string' },
  'password-stdin': { type: 'boolean' },
  off: { type: 'boolean' },
} as const;

function findAccount(auth: AuthService, idOrEmail: string | undefined, parsed: Parsed): Account {
  if (!idOrEmail) throw new UsageError('Name the person by account id or email address.');
  const account = auth.accounts.find(idOrEmail);
  if (!account) throw new CommandError(noAccount(idOrEmail, parsed));
  return account;
}

function checkRole(auth: AuthService, role: string): void {
  if (!auth.roles.exists(role)) throw new CommandError(`There is no role "${role}". Roles: ${auth.roles.names().join(', ')}.`);
}

async function newPassword(values: Parsed['values'], print: (line: string) => void): Promise<string> {
  if (values['password-stdin'] === true) return readStdinLine();
  const password = generatePassword();
  print(`Password (shown once, keep it safe): ${password}`);
  return password;
}

/** `svc user add|list|role|password|2fa|remove`. */
export async function runUserCommand(auth: AuthService, sub: string | undefined, parsed: Parsed, siteTitle: string, print: (line: string) => void): Promise<void> {
  const { values, positionals } = parsed;
  const target = positionals[2];
  switch (sub) {
    case 'add': {
      const email = requireOption(values, 'email');
      const name = requireOption(values, 'name');
      const role = requireOption(values, 'role');
      checkRole(auth, role);
      const password = values['password-stdin'] === true ? await readStdinLine() : generatePassword();
      const account = await auth.accounts.create({ name, email, role, password });
      print(`Added ${account.name} <${account.email}> as ${account.role} (account id ${account.id}).`);
      if (values['password-stdin'] !== true) print(`Password (shown once, keep it safe): ${password}`);
      return;
    }
    case 'list': {
      const accounts = auth.accounts.list();
      if (accounts.length === 0) return print(`No accounts yet. Add one with: ${siteCommand(parsed.config, 'user add', '--email you@example.org --name "Your Name" --role admin')}`);
      for (const a of accounts) {
        const tokens = auth.listTokens(a.id).length;
        print(`${a.id}\t${a.name}\t${a.email}\t${a.role}\t2fa ${a.totp ? 'on' : 'off'}\t${tokens} token${tokens === 1 ? '' : 's'}`);
      }
      return;
    }
    case 'role': {
      const account = findAccount(auth, target, parsed);
      const role = positionals[3];
      if (!role) throw new UsageError(`Name the new role: ${siteCommand(parsed.config, 'user role', '<id|email> <role>')}`);
      checkRole(auth, role);
      auth.accounts.setRole(account.id, role);
      print(`${account.name} is now ${role}. Their tokens follow the new role at once.`);
      return;
    }
    case 'password': {
      const account = findAccount(auth, target, parsed);
      const password = await newPassword(values, print);
      await auth.accounts.setPassword(account.id, password);
      // A reset often follows a lost or leaked password: no panel session opened with the old one survives it.
      auth.sessions.removeAccount(account.id);
      print(`The password of ${account.name} was changed; their panel sessions have ended.`);
      return;
    }
    case '2fa': {
      const account = findAccount(auth, target, parsed);
      if (values.off === true) {
        auth.accounts.disableTotp(account.id);
        return print(`Two-factor sign-in is off for ${account.name}.`);
      }
      const secret = auth.accounts.enableTotp(account.id);
      // As in the panel: a lost phone needs a way back in, and no session opened without the second factor survives.
      const codes = auth.accounts.renewRecoveryCodes(account.id) ?? [];
      auth.sessions.removeAccount(account.id);
      print(`Two-factor sign-in is on for ${account.name}; their panel sessions have ended. Add this to an authenticator app (shown once):`);
      print(otpauthUri(secret, siteTitle, account.email));
      print(`Secret for manual entry: ${secret}`);
      print('Recovery codes, each works once in place of a code (shown once, keep them safe):');
      for (const code of codes) print(`  ${code}`);
      return;
    }
    case 'remove': {
      const account = findAccount(auth, target, parsed);
      auth.removeAccount(account.id);
      print(`Removed ${account.name} <${account.email}>; their tokens and sessions have ended.`);
      return;
    }
    default:
      throw new UsageError(sub ? `Unknown user command "${sub}".` : 'Name a user command: add, list, role, password, 2fa or remove.');
  }
}
