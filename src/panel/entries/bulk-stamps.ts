// The version stamps a bulk publish or unpublish acts by. The person chooses rows from the Content list as it
// was drawn, so each row carries the version stamp (content/write/version-stamp.ts) of its listed
// translation's file, and the action passes it to the write action, which refuses inside the entry's lock
// when the file is no longer that text: a row gets exactly what was listed, or nothing and a sentence saying
// why (as an approval carries the stamp of the row it answers). The stamps are kept with the rows' thumbnails (listed-files.ts).
// Trash needs none here: its question page carries stamps of its own.

/** The name of the list form's input carrying one row's stamp. */
export const SEEN_INPUT = 'seen';

/** One row's stamp as the form carries it: `<id> <language> <stamp>` (none of them holds a space). */
export function seenValue(id: string, language: string, version: string): string {
  return `${id} ${language} ${version}`;
}

/** The stamps a posted list form carries for `language`, by entry id. */
export function seenVersions(form: URLSearchParams, language: string): Map<string, string> {
  const seen = new Map<string, string>();
  for (const line of form.getAll(SEEN_INPUT)) {
    const [id = '', lang = '', version = ''] = line.split(' ');
    if (lang === language && id !== '' && version !== '') seen.set(id, version);
  }
  return seen;
}
