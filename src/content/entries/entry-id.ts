import { AppError } from '../../errors.js';

export const MAX_ENTRY_ID_LENGTH = 200;
const SEGMENT = /^[a-z0-9](?:[a-z0-9-]{0,78}[a-z0-9])?$/;

/**
 * Validates an entry id segment by segment before any path is built from it (D1). Anything that is not
 * `folder/slug[/child]` of `[a-z0-9-]` segments is refused: `..`, `.`, separators, backslashes, NUL,
 * percent-encoding, absolute paths, over-long ids.
 */
export function parseEntryId(id: unknown): string[] {
  if (typeof id !== 'string' || id.length === 0) throw invalid('The id must be a non-empty string like posts/hello.');
  if (id.length > MAX_ENTRY_ID_LENGTH) throw invalid(`The id is longer than ${MAX_ENTRY_ID_LENGTH} characters.`);
  const segments = id.split('/');
  if (segments.length < 2 || segments.length > 4) throw invalid(`"${printable(id)}" is not an entry id; ids look like posts/hello or pages/about/team.`);
  for (const segment of segments) {
    if (!SEGMENT.test(segment)) throw invalid(`"${printable(id)}" is not an entry id; ids are lowercase letters, digits and dashes separated by /, like posts/hello.`);
  }
  return segments;
}

export function isEntryId(id: unknown): boolean {
  try {
    parseEntryId(id);
    return true;
  } catch {
    return false;
  }
}

export const isSlug = (value: string): boolean => SEGMENT.test(value);

function invalid(message: string): AppError {
  return new AppError('invalid_params', message);
}

/** Keeps error sentences readable and free of control characters. */
function printable(text: string): string {
  const cleaned = [...text].map((c) => (c < ' ' || c === '\u007f' ? '?' : c)).join('');
  return cleaned.length > 60 ? cleaned.slice(0, 60) + '…' : cleaned;
}
