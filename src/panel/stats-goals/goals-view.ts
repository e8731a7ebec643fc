// HTML of the panel's Goals page: the site's goals, each removable, and a form to add one.
import { esc } from '../html.js';
import { csrfField } from '../csrf.js';
import { GOAL_KINDS, goalTarget, type Goal, type GoalKind } from '../../stats/goals.js';

export const GOALS_PATH = '/svc/panel/stats/goals';

const KIND_LABELS: Record<GoalKind, string> = {
  page: 'Page visit', event: 'Custom event', scroll: 'Scroll depth', outbound: 'Outbound link click', download: 'File download',
};

export function kindLabel(kind: GoalKind): string {
  return KIND_LABELS[kind];
}

export interface GoalsFormValues { name?: string; kind?: string; pattern?: string; event?: string; scroll?: string }

export function renderGoalsPage(csrf: string, goals: readonly Goal[], values: GoalsFormValues = {}): string {
  const rows = goals.map((goal) => `<tr><td>${esc(goal.name)}</td><td>${esc(kindLabel(goal.kind))}</td><td><code>${esc(goalTarget(goal))}</code></td>`
    + `<td><form method="post" action="${GOALS_PATH}/remove">${csrfField(csrf)}<input type="hidden" name="id" value="${esc(goal.id)}"><button class="danger" type="submit" aria-label="${esc(`Remove the goal ${goal.name}`)}">Remove</button></form></td></tr>`).join('');
  const list = goals.length === 0
    ? '<p class="muted">No goals yet. A goal counts the visitors who did something you care about: visited a page, sent an event, scrolled far enough, followed a link out or downloaded a file.</p>'
    : `<div class="card flush"><table class="stats"><thead><tr><th scope="col">Goal</th><th scope="col">Kind</th><th scope="col">What counts</th><th scope="col"><span class="offscreen">Remove</span></th></tr></thead><tbody>${rows}</tbody></table></div>`;
  const options = GOAL_KINDS.map((kind) => `<option value="${kind}"${values.kind === kind ? ' selected' : ''}>${esc(KIND_LABELS[kind])}</option>`).join('');
  const field = (name: keyof GoalsFormValues, label: string, hint: string, extra = '') =>
    `<label>${label} <input name="${name}" value="${esc(values[name] ?? '')}" ${extra}><span class="muted">${hint}</span></label>`;
  const form = `<form method="post" action="${GOALS_PATH}" class="stack">${csrfField(csrf)}<fieldset><legend>Add a goal</legend>`
    + `<label>Kind <select name="kind" required>${options}</select></label>`
    + field('pattern', 'Page', 'For a page visit or a scroll depth: a path, * for any characters (/blog/*).', 'maxlength="300"')
    + field('event', 'Event name', 'For a custom event: the name the site sends (svc.track or data-svc-event).', 'maxlength="100"')
    + field('scroll', 'Scroll depth (%)', 'For a scroll depth: 1 to 100.', 'inputmode="numeric" maxlength="3"')
    + field('name', 'Name', 'Optional: how the goal is called in the statistics.', 'maxlength="100"')
    + '<button type="submit">Add the goal</button></fieldset></form>';
  return `<h1>Goals</h1><p><a href="/svc/panel/stats">Back to the statistics</a></p>`
    + '<p class="muted">Goals count the data already collected as well: a new goal shows its conversions for past days at once.</p>'
    + list + form;
}
