// What the crash writer (crash-writer.ts) writes, and how the crash test knows it whole: every content carries
// its round and a long filler, so a file cut short or mixed from two writes is told from a whole one.
// Named as a .ts file: the crash writer runs under Node's own type stripping (crash-writer.ts).
import { makePng } from './images.ts';

const FILLER_LINES = 3_000;
const filler = Array.from({ length: FILLER_LINES }, (_, line) => `line ${line} of the body, long enough to make the write take a while.`).join('\n');

export function crashBody(round: number): string {
  return `round ${round}\n${filler}\n`;
}

/** The round of a whole body; throws for one cut short. */
export function roundOfBody(body: string): number {
  const round = Number(body.slice('round '.length, body.indexOf('\n')));
  if (body !== crashBody(round)) throw new Error(`a partial body (round ${round}, ${body.length} characters)`);
  return round;
}

/** As many rules as keep the cleaned style (each selector scoped, one declaration a line) under its 64 KB. */
const CSS_RULES = 1_600;

export function crashCss(round: number): string {
  return `.round-${round} { color: red; }\n` + Array.from({ length: CSS_RULES }, (_, rule) => `.rule-${rule} { margin: ${rule}px; }`).join('\n') + '\n';
}

/** The round of whole CSS as the style code kept it (cleaned); throws for CSS cut short. */
export function roundOfCss(css: string): number {
  const match = /\.round-(\d+)/.exec(css);
  if (!match || !css.includes(`.rule-${CSS_RULES - 1}`) || (css.match(/\.rule-\d+/g) ?? []).length !== CSS_RULES) throw new Error('partial CSS');
  return Number(match[1]);
}

let image: Buffer | undefined;
/** One real image of some 100 KB, the same every time. */
export function crashImage(): Buffer {
  return (image ??= makePng(400, 300));
}

export function crashStats(day: string, round: number): Record<string, unknown> {
  return { from: day, to: day, round, pages: Array.from({ length: 3_000 }, (_, page) => ({ path: `/page-${page}/`, views: page })) };
}

/** The round of a whole stats file (it parses, and holds every page). */
export function roundOfStats(text: string): number {
  const parsed = JSON.parse(text) as { round: number; pages: unknown[] };
  if (parsed.pages.length !== 3_000) throw new Error('partial stats');
  return parsed.round;
}
