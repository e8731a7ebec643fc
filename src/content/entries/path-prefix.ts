import type { ContentType } from './types.js';

/** URL prefix of a type (D3): posts and pages at the root, tags under /tag, custom types under their folder. */
export function pathPrefixOf(type: ContentType): string {
  if (type.key === 'post' || type.key === 'page') return '';
  if (type.key === 'tag') return '/tag';
  return `/${type.folder}`;
}
