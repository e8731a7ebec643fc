// CSV (RFC 4180) for downloads that people open in spreadsheets. A cell is quoted when it holds a comma,
// quote or line break; a cell that a spreadsheet would read as a formula (starting with = + - @, a tab or
// a carriage return) gets a leading apostrophe first (OWASP "CSV injection"), so visitor-sent text such as
// a source or an event name can never run as one. Numbers are written as they are.

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Rows to CSV text, lines ended with CRLF as RFC 4180 writes them. */
export function toCsv(rows: readonly (readonly (string | number | null | undefined)[])[]): string {
  return rows.map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}
