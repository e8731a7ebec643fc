// HTML of the panel's Goals page: the site's goals, each removable, and a form to add one.
import { esc } from '../html.js';
import { csrfField } from '../csrf.js';
import { GOAL_KINDS, goalTarget, type Goal, type GoalKind } from '../../stats/goals.js';
import { escapeHtml } from '../../lib/html-escape.js';
import { fill, words } from '../words/panel-words.js';

export const GOALS_PATH = '/svc/panel/stats/goals';

export function kindLabel(kind: GoalKind): string {
  return words().statsGoals.kinds[kind];
}

export interface GoalsFormValues { name?: string; kind?: string; pattern?: string; event?: string; scroll?: string }

export function renderGoalsPage(csrf: string, goals: readonly Goal[], values: GoalsFormValues = {}): string {
  const w = words().statsGoals;
  const t = escapeHtml;
  const rows = goals.map((goal) => `<tr><td>${esc(goal.name)}</td><td>${esc(kindLabel(goal.kind))}</td><td><code>${esc(goalTarget(goal))}</code></td>`
    + `<td><form method="post" action="${GOALS_PATH}/remove">${csrfField(csrf)}<input type="hidden" name="id" value="${esc(goal.id)}"><button class="danger" type="submit" aria-label="${esc(fill(w.removeGoal, { name: goal.name }))}">${t(w.remove)}</button></form></td></tr>`).join('');
  const list = goals.length === 0
    ? `<p class="muted">${t(w.none)}</p>`
    : `<div class="card flush"><table class="stats"><thead><tr><th scope="col">${t(w.goal)}</th><th scope="col">${t(w.kind)}</th><th scope="col">${t(w.whatCounts)}</th><th scope="col"><span class="offscreen">${t(w.remove)}</span></th></tr></thead><tbody>${rows}</tbody></table></div>`;
  const options = GOAL_KINDS.map((kind) => `<option value="${kind}"${values.kind === kind ? ' selected' : ''}>${esc(kindLabel(kind))}</option>`).join('');
  const field = (name: keyof GoalsFormValues, label: string, hint: string, extra = '') =>
    `<label>${t(label)} <input name="${name}" value="${esc(values[name] ?? '')}" ${extra}><span class="muted">${t(hint)}</span></label>`;
  const form = `<form method="post" action="${GOALS_PATH}" class="stack">${csrfField(csrf)}<fieldset><legend>${t(w.add)}</legend>`
    + `<label>${t(w.kind)} <select name="kind" required>${options}</select></label>`
    + field('pattern', w.page, w.pageHint, 'maxlength="300"')
    + field('event', w.event, w.eventHint, 'maxlength="100"')
    + field('scroll', w.scroll, w.scrollHint, 'inputmode="numeric" maxlength="3"')
    + field('name', w.name, w.nameHint, 'maxlength="100"')
    + `<button type="submit">${t(w.addButton)}</button></fieldset></form>`;
  return `<h1>${t(w.title)}</h1><p><a href="/svc/panel/stats">${t(w.back)}</a></p>`
    + `<p class="muted">${t(w.note)}</p>`
    + list + form;
}
