// The yaml package for the content side (front matter, site.yaml, theme and plugin files), loaded on first
// use (lib/on-demand.ts): most front matter is read by lib/simple-yaml.ts and site.yaml usually comes from
// its cache, so a process that only answers a question or two never loads the full parser (~15 ms of the
// stdio server's first site_info answer on Node 24).
import { requireLater } from '../../lib/on-demand.js';

export const yamlLibrary = requireLater<typeof import('yaml')>('yaml', import.meta.url);
