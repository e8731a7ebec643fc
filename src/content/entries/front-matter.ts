import { AppError } from '../../errors.js';
import { parseSimpleYaml } from '../../lib/simple-yaml.js';
import { yamlLibrary } from './yaml.js';

export interface FrontMatterDocument {
  fields: Record<string, unknown>;
  body: string;
}

/**
 * Splits `---\n<yaml>\n---\n<markdown>`. A file without front matter is all body. Bad YAML or front matter
 * that is not a mapping throws, so the caller can skip the file with a warning.
 */
export function parseFrontMatter(text: string): FrontMatterDocument {
  const source = text.startsWith('\uFEFF') ? text.slice(1) : text;
  if (!source.startsWith('---\n') && !source.startsWith('---\r\n')) return { fields: {}, body: source };
  const start = source.indexOf('\n') + 1;
  let end = -1;
  let cursor = start;
  while (cursor <= source.length) {
    const next = source.indexOf('\n', cursor);
    const line = source.slice(cursor, next < 0 ? source.length : next).replace(/\r$/, '');
    if (line === '---' || line === '...') { end = cursor; break; }
    if (next < 0) break;
    cursor = next + 1;
  }
  if (end < 0) throw new AppError('invalid_params', 'The front matter is not closed with a --- line.');
  const yamlText = source.slice(start, end);
  const afterClose = source.indexOf('\n', end);
  const body = afterClose < 0 ? '' : source.slice(afterClose + 1);
  // Times like 2026-03-01 09:30 stay strings: the core schema does not turn them into dates.
  const fields = yamlText.trim() === '' ? {} : parseSimpleYaml(yamlText) ?? yamlLibrary().parse(yamlText, { schema: 'core', uniqueKeys: true, maxAliasCount: 50 });
  if (fields === null || typeof fields !== 'object' || Array.isArray(fields)) {
    throw new AppError('invalid_params', 'The front matter is not a mapping of fields.');
  }
  return { fields: fields as Record<string, unknown>, body: body.replace(/^\r?\n/, '') };
}

export function serializeFrontMatter(fields: Record<string, unknown>, body: string): string {
  const yamlText = yamlLibrary().stringify(fields, { lineWidth: 0 }).trimEnd();
  const text = body.endsWith('\n') || body === '' ? body : body + '\n';
  return `---\n${yamlText}\n---\n\n${text}`;
}
