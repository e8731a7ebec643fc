// Reads CSV (RFC 4180: quoted cells, doubled quotes, CRLF or LF) into rows of cells. A byte-order mark is
// skipped; a quote left open at the end (a truncated file) is an error naming the line, never a guess.

export class CsvProblem extends Error {}

export function readCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [], cell = '', quoted = false, line = 1, at = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const end = text.length;
  let started = false, quoteLine = 0;
  while (at < end) {
    const c = text[at]!;
    if (quoted) {
      if (c === '"') {
        if (text[at + 1] === '"') { cell += '"'; at += 2; continue; }
        quoted = false; at++; continue;
      }
      if (c === '\n') line++;
      cell += c; at++; continue;
    }
    if (c === '"' && cell === '') { quoted = true; quoteLine = line; started = true; at++; continue; }
    if (c === ',') { row.push(cell); cell = ''; started = true; at++; continue; }
    if (c === '\r' && text[at + 1] === '\n') { at++; continue; }
    if (c === '\n') { row.push(cell); rows.push(row); row = []; cell = ''; started = false; line++; at++; continue; }
    cell += c; started = true; at++;
  }
  if (quoted) throw new CsvProblem(`line ${quoteLine} opens a quote that never closes (is the file cut short?)`);
  if (started || cell !== '') { row.push(cell); rows.push(row); }
  return rows;
}
