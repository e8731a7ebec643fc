import { diffText, type LineBlock } from '../lib/diff/text-diff.js';
import { parseFrontMatter } from './entries/front-matter.js';

// What changed between a kept revision of a translation and its current text, as a person reads it: the
// front matter field by field, the body by lines and by words within the changed lines.

export interface FieldChange {
  name: string;
  /** The value in the revision, as text; undefined when the field was not there. */
  before: string | undefined;
  /** The value now; undefined when the field is gone. */
  after: string | undefined;
}

export interface RevisionDiff {
  fields: FieldChange[];
  body: LineBlock[];
  /** Set when a side's front matter cannot be read: the whole texts are compared instead. */
  unreadable: boolean;
}

function show(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value === 'string') return value;
  // A list of words (tags) reads best as the panel's own fields write it.
  if (Array.isArray(value) && value.every((item) => typeof item === 'string')) return value.join(', ');
  return JSON.stringify(value);
}

/** The diff from `before` (a revision) to `after` (the current file text). */
export function diffRevision(before: string, after: string): RevisionDiff {
  let old;
  let now;
  try {
    old = parseFrontMatter(before);
    now = parseFrontMatter(after);
  } catch {
    return { fields: [], body: diffText(before, after), unreadable: true };
  }
  const names = [...new Set([...Object.keys(old.fields), ...Object.keys(now.fields)])];
  const fields = names
    .filter((name) => JSON.stringify(old.fields[name]) !== JSON.stringify(now.fields[name]))
    .map((name) => ({ name, before: show(old.fields[name]), after: show(now.fields[name]) }));
  return { fields, body: diffText(old.body, now.body), unreadable: false };
}
