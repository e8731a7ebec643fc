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
  const fields = yamlText.trim() === '' ? {} : parseSimpleYaml(yamlText) ?? parseYamlFields(yamlText);
  if (fields === null || typeof fields !== 'object' || Array.isArray(fields)) {
    throw new AppError('invalid_params', 'The front matter is not a mapping of fields.');
  }
  return { fields: fields as Record<string, unknown>, body: body.replace(/^\r?\n/, '') };
}

/**
 * The full YAML parser, for what the fast path does not read. Times like 2026-03-01 09:30 stay strings: the
 * core schema does not turn them into dates. A tag outside it (`!foo`, or `!!binary`, which the parser would
 * otherwise turn into bytes no field can hold) is refused like bad YAML, in one sentence: the parser would
 * print its warning, several lines long, on stderr at every read of the file, and take the value as text.
 */
function parseYamlFields(yamlText: string): unknown {
  const document = yamlLibrary().parseDocument(yamlText, { schema: 'core', uniqueKeys: true, resolveKnownTags: false, logLevel: 'silent' });
  if (document.errors.length > 0) throw document.errors[0];
  const unknownTag = document.warnings.find((warning) => warning.code === 'TAG_RESOLVE_FAILED');
  if (unknownTag) {
    const tag = yamlText.slice(unknownTag.pos[0], unknownTag.pos[1]).slice(0, 40);
    throw new AppError('invalid_params', `The front matter uses the YAML tag ${tag} (line ${unknownTag.linePos?.[0].line ?? '?'}), which svc does not read; write the value without it.`);
  }
  return document.toJS({ maxAliasCount: 50 });
}

export function serializeFrontMatter(fields: Record<string, unknown>, body: string): string {
  const yamlText = yamlLibrary().stringify(fields, { lineWidth: 0 }).trimEnd();
  const text = body.endsWith('\n') || body === '' ? body : body + '\n';
  return `---\n${yamlText}\n---\n\n${text}`;
}
