// The goals of test/helpers/traffic-script.ts counted plainly from the tally (traffic-tally.ts): a pattern
// as a regular expression of its own (`*` = any characters), visitors as sets of "day visitor" names.
import { GOALS } from './traffic-script.ts';
import type { Figures } from './traffic-tally.ts';

const EVENT_OF: Record<string, string> = { outbound: 'Outbound Link: Click', download: 'File Download' };
const regex = (pattern: string) => new RegExp(`^${pattern.split('*').map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('.*')}$`);

/** [visitors who converted, conversions] of each goal, in the script's order. */
export function expectedGoals(f: Figures): [number, number][] {
  return GOALS.map((goal) => {
    const who = new Set<string>();
    let conversions = 0;
    if (goal.kind === 'page' || goal.kind === 'scroll') {
      const match = regex(goal.pattern);
      for (const [path, page] of f.pages) {
        if (!match.test(path)) continue;
        if (goal.kind === 'page') { for (const v of page.visitors) who.add(v); conversions += page.pageviews; continue; }
        // The deepest scroll reported for a visitor's view of the page (each visitor views these pages once a day).
        for (const [v, report] of page.engaged) if (report.scroll >= Number(goal.scroll)) { who.add(v); conversions++; }
      }
      return [who.size, conversions];
    }
    const [visitors, count] = f.events.get(goal.kind === 'event' ? goal.event : EVENT_OF[goal.kind]!);
    return [visitors, count];
  });
}

/** Visitors who reached each step of a funnel in order within one visit (steps: /pattern, event:name). */
export function expectedFunnel(f: Figures, steps: string[]): number[] {
  const matchers = steps.map((step) => (step.startsWith('event:') ? (item: string) => item === step : (item: string) => !item.startsWith('event:') && regex(step).test(item)));
  const reached = steps.map(() => new Set<string>());
  for (const visit of f.visitList) {
    let s = 0;
    for (const item of visit.items) if (s < steps.length && matchers[s]!(item)) s++;
    for (let k = 0; k < s; k++) reached[k]!.add(visit.who);
  }
  return reached.map((who) => who.size);
}
