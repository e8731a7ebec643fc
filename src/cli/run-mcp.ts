import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The stdio entry beside this build: dist/stdio.js, or src/stdio.ts when running from the sources. */
function stdioEntry(): string {
  const built = fileURLToPath(new URL('../stdio.js', import.meta.url));
  if (existsSync(built)) return built;
  return built.replace(/\.js$/, '.ts');
}

/**
 * `svc mcp`: runs the stdio MCP server as a child with the same arguments, stdin/stdout/stderr passed
 * straight through, and resolves with its exit code. Signals are forwarded so the assistant can stop it.
 */
export function runMcp(args: string[]): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [...process.execArgv, stdioEntry(), ...args], { stdio: 'inherit' });
    const forward = (signal: NodeJS.Signals) => child.kill(signal);
    process.on('SIGINT', forward);
    process.on('SIGTERM', forward);
    child.on('error', (error) => {
      process.stderr.write(`svc: cannot start the stdio server: ${error.message}\n`);
      resolve(1);
    });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}
