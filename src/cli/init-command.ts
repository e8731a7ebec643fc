// `svc init`: a new empty site in --root, and what to do next. Its values are checked before anything is
// written (init-values.ts), and what it writes is in init-site.ts.
import { shellQuote, siteCommand } from '../lib/install-paths.js';
import { initSite } from './init-site.js';
import { initUrl } from './init-values.js';
import { parseCommand, type CommandShape } from './options.js';

const TEXT = { type: 'string' } as const;
export const INIT_COMMAND: CommandShape = { options: { title: TEXT, language: TEXT, timezone: TEXT, url: TEXT }, arguments: 0 };

export function runInitCommand(args: string[], print: (line: string) => void): void {
  const { values, config } = parseCommand(args, INIT_COMMAND);
  const text = (name: string) => {
    const value = values[name];
    return typeof value === 'string' ? value : undefined;
  };
  initSite({ root: config.root, dataDir: config.dataDir, title: text('title'), language: text('language'), timezone: text('timezone'), url: text('url') });
  const url = initUrl(text('url'));
  print(`Created a new empty site in ${config.root}${url ? ` for ${url}` : ''}.`);
  // Over stdio every address an assistant gets is this url: say so while it is still the local default.
  if (!url) print('Its url in content/site.yaml is http://127.0.0.1:8080 for now; put the public address there (or init with --url) before it goes live.');
  print(`Next, add yourself:  ${siteCommand(config, 'user add', '--email you@example.org --name "Your Name" --role admin')}`);
  print(`then start it:       ${siteCommand(config, 'serve', url ? `--base-url ${shellQuote(url)}` : '')}`);
}
