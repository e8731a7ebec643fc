// The built `svc` (dist/cli.js) as a real process, for the tests of its command line: a run with its exit
// code and output, a new site with one admin, and what a folder holds (to show a command changed nothing).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { makeTempFolder } from '../helpers/temp-folder.ts';
import { svcCommand } from '../../dist/lib/install-paths.js';

export const CLI = fileURLToPath(new URL('../../dist/cli.js', import.meta.url));
/** The pointer a usage error ends with. */
export const HELP = `${svcCommand()} help lists the commands.`;

export interface Run { code: number | null; out: string; err: string }

/**
 * Runs `svc args` with no SVC_* setting but `env` (the cheap password hash cost of a test suite), stdin
 * `input` (closed after it), as `as` (a uid and gid) when given.
 */
export function svc(args: string[], options: { input?: string; env?: NodeJS.ProcessEnv; as?: { uid: number; gid: number } } = {}): Run {
  const env = { PATH: process.env.PATH, SVC_SCRYPT_N: '1024', ...options.env };
  const result = spawnSync(process.execPath, [CLI, ...args], { ...options.as, cwd: '/', env, input: options.input ?? '', encoding: 'utf8', timeout: 60_000 });
  return { code: result.status, out: result.stdout, err: result.stderr };
}

/** Runs `svc args` and fails the test unless it exits 0; returns its stdout. */
export function svcOk(args: string[], input?: string): string {
  const result = svc(args, { input });
  assert.equal(result.code, 0, `svc ${args.join(' ')}: ${result.err}`);
  return result.out;
}

/** A new site in a temp folder (removed when the test file ends) with Ada, an admin: its root. */
export function siteWithAdmin(prefix: string): string {
  const root = join(makeTempFolder(prefix), 'site');
  svcOk(['init', '--root', root, '--title', 'Test Site']);
  svcOk(['user', 'add', '--root', root, '--email', 'ada@example.org', '--name', 'Ada', '--role', 'admin', '--password-stdin'], 'correct horse battery\n');
  return root;
}

/** Every path below `dir` (folders and files), sorted: what a command that must change nothing leaves alike. */
export function contents(dir: string): string[] {
  try {
    return readdirSync(dir, { recursive: true, encoding: 'utf8' }).sort();
  } catch {
    return [];
  }
}
