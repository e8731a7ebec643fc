import type { AuthService } from '../auth/auth-service.js';
import type { Account } from '../auth/account-reader.js';
import { generatePassword } from '../auth/password.js';
import { otpauthUri } from '../auth/totp.js';
import { checkNewPassword } from '../auth/account-store.js';
import { CommandError, UsageError, refusedValueIsUsage } from './cli-error.js';
import { readStdinLine, requireOption, type CommandShape, type Parsed } from './options.js';
import { noAccount } from './token-command.js';
import { siteCommand } from '../lib/install-paths.js';

const TEXT = { type: 'string' } as const;
const FLAG = { type: 'boolean' } as const;

/** Each user command's own options and arguments: anything else is refused (cli/options.ts). */
export const USER_COMMANDS: Record<string, CommandShape> = {
  add: { options: { email: TEXT, name: TEXT, role: TEXT, 'password-stdin': FLAG }, arguments: 0 },
  list: { options: {}, arguments: 0, reads: 'accounts' },
  role: { options: {}, arguments: 2 },
  password: { options: { 'password-stdin': FLAG }, arguments: 1 },
  '2fa': { options: { off: FLAG }, arguments: 1 },
  remove: { options: {}, arguments: 1 },
};

function findAccount(auth: AuthService, idOrEmail: string | undefined, parsed: Parsed): Account {
  if (!idOrEmail) throw new UsageError('Name the person by account id or email address.');
  const account = auth.accounts.find(idOrEmail);
  if (!account) throw new CommandError(noAccount(idOrEmail, parsed));
  return account;
}

function checkRole(auth: AuthService, role: string): void {
  if (!auth.roles.exists(role)) throw new UsageError(`There is no role "${role}". Roles: ${auth.roles.names().join(', ')}.`);
}

/** `svc user add|list|role|password|2fa|remove`. */
export async function runUserCommand(auth: AuthService, sub: string | undefined, parsed: Parsed, siteTitle: string, print: (line: string) => void): Promise<void> {
  const { values, positionals } = parsed;
  const target = positionals[0];
  switch (sub) {
    case 'add': {
      const email = requireOption(values, 'email');
      const name = requireOption(values, 'name');
      const role = requireOption(values, 'role');
      checkRole(auth, role);
      const password = values['password-stdin'] === true ? await readStdinLine() : generatePassword();
      // Checked on its own: a piped password that will not do is no value of the command line (exit code 1).
      checkNewPassword(password);
      const account = await refusedValueIsUsage(() => auth.accounts.create({ name, email, role, password }));
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
      const role = positionals[1];
      if (!role) throw new UsageError(`Name the new role: ${siteCommand(parsed.config, 'user role', '<id|email> <role>')}`);
      checkRole(auth, role);
      auth.changeRole(account.id, role);
      print(`${account.name} is now ${role}. Their tokens follow the new role at once.`);
      return;
    }
    case 'password': {
      const account = findAccount(auth, target, parsed);
      const generated = values['password-stdin'] !== true;
      const password = generated ? generatePassword() : await readStdinLine();
      await auth.accounts.setPassword(account.id, password);
      // Shown only once it is saved (a password shown and then not saved never worked), and at once: should
      // ending the sessions fail, the saved password must have been seen.
      if (generated) print(`Password (shown once, keep it safe): ${password}`);
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
      // run-cli.ts has checked the command against USER_COMMANDS.
      throw new UsageError(`Unknown user command "${sub}".`);
  }
}
