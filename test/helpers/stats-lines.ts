// Every line the statistics wrote so far: the raw logs of each process under the site's data/stats.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

export function statsLines(siteRoot: string): string[] {
  const lines: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else lines.push(...readFileSync(path, 'utf8').split('\n'));
    }
  };
  walk(join(siteRoot, 'data', 'stats'));
  return lines;
}
