// The statistics view, linked from stats_overview, stats_query and stats_post: the figures, a bar chart and
// the top tables, all drawn from the tool's own answer (structuredContent); it asks the server nothing.
import { buildAppDocument } from './app-document.js';

const SCRIPT = String.raw`
const numberFormat = () => new Intl.NumberFormat(language());
const number = (value) => value === null || value === undefined ? '—' : numberFormat().format(value);
const percent = (value) => value === null || value === undefined ? '—' : new Intl.NumberFormat(language(), { style: 'percent', maximumFractionDigits: 1 }).format(value);
const seconds = (value) => value === null || value === undefined ? '—' : Math.round(value) + ' ' + text('seconds');

function figures(list) {
  return el('ul', { class: 'figures' }, list.map(([label, value]) => el('li', {}, el('b', {}, value), label)));
}

/** A table of rows; columns are [heading, value of a row, numeric?]. */
function table(id, caption, columns, rows) {
  if (rows.length === 0) return el('p', { class: 'note' }, caption + ': ' + text('nothing'));
  return el('table', { id },
    el('caption', {}, caption),
    el('thead', {}, el('tr', {}, columns.map(([heading, , numeric]) => el('th', { scope: 'col', class: numeric ? 'n' : undefined }, heading)))),
    el('tbody', {}, rows.map((row) => el('tr', {}, columns.map(([, value, numeric]) => el('td', { class: numeric ? 'n' : undefined }, value(row)))))));
}

/** Vertical bars with a title per bar (read out by screen readers and shown on hover). */
function chart(caption, points, id) {
  if (points.length === 0) return el('p', { class: 'note' }, caption + ': ' + text('nothing'));
  const width = 600, height = 160, gap = 2;
  const top = Math.max(1, ...points.map((point) => point.value));
  const barWidth = Math.max(1, width / points.length - gap);
  const svg = svgEl('svg', { class: 'chart', viewBox: '0 0 ' + width + ' ' + (height + 16), role: 'img', 'aria-label': caption });
  svg.append(svgEl('title', {}, caption));
  points.forEach((point, index) => {
    const barHeight = Math.round((point.value / top) * height);
    const x = index * (barWidth + gap);
    svg.append(svgEl('rect', { x, y: height - barHeight, width: barWidth, height: Math.max(barHeight, 1), 'data-value': point.value },
      svgEl('title', {}, point.label + ': ' + number(point.value))));
  });
  svg.append(svgEl('text', { x: 0, y: height + 12 }, points[0].label));
  if (points.length > 1) svg.append(svgEl('text', { x: width, y: height + 12, 'text-anchor': 'end' }, points[points.length - 1].label));
  return el('figure', { id: id || 'chart', class: 'chart' }, el('figcaption', {}, caption), svg);
}

const pageLabel = (row) => row.title || row.path;

function renderOverview(data) {
  APP.append(el('h1', {}, text('statsTitle')), el('p', { class: 'muted' }, text('period') + ': ' + data.from + ' – ' + data.to));
  const change = data.change_percent && data.change_percent.visitors;
  APP.append(figures([
    [text('visitors'), number(data.visitors)], [text('pageviews'), number(data.pageviews)], [text('visits'), number(data.visits)],
    [text('bounceRate'), percent(data.bounce_rate)], [text('readingTime'), seconds(data.average_reading_seconds)],
    [text('consentShare'), percent(data.consent_share)], [text('change'), change === null || change === undefined ? '—' : (change > 0 ? '+' : '') + number(change) + ' %'],
  ]));
  const pages = data.top_pages || [];
  APP.append(chart(text('chartTop'), pages.slice(0, 10).map((row) => ({ label: pageLabel(row), value: row.visitors }))));
  APP.append(table('top-pages', text('topPages'), [[text('page'), pageLabel], [text('visitors'), (row) => number(row.visitors), true], [text('pageviews'), (row) => number(row.pageviews), true], [text('readRate'), (row) => percent(row.read_rate), true]], pages));
  APP.append(table('top-sources', text('topSources'), [[text('source'), (row) => row.source], [text('visitors'), (row) => number(row.visitors), true], [text('pageviews'), (row) => number(row.pageviews), true]], data.top_sources || []));
}

function renderQuery(data) {
  const rows = data[data.dimension] || [];
  APP.append(el('h1', {}, text('statsTitle') + ': ' + data.dimension), el('p', { class: 'muted' }, text('period') + ': ' + data.from + ' – ' + data.to));
  APP.append(figures([[text('visitors'), number(data.visitors)], [text('pageviews'), number(data.pageviews)], [text('rows'), number(data.rows_total)]]));
  const measure = (row) => typeof row.visitors === 'number' ? row.visitors : typeof row.count === 'number' ? row.count : 0;
  const keys = rows.length > 0 ? Object.keys(rows[0]) : [];
  const labelKey = keys.find((key) => typeof rows[0][key] === 'string' && key !== 'id') || keys[0];
  const label = (row) => data.dimension === 'pages' ? pageLabel(row) : String(row[labelKey]);
  if (data.dimension === 'days') APP.append(chart(text('chartDays'), rows.map((row) => ({ label: row.day, value: row.visitors }))));
  else if (data.dimension === 'hours') APP.append(chart(text('chartHours'), rows.map((row) => ({ label: String(row.hour), value: row.visitors }))));
  else APP.append(chart(text('chartTop'), rows.slice(0, 10).map((row) => ({ label: label(row), value: measure(row) }))));
  const columns = keys.filter((key) => key !== 'id' && !(data.dimension === 'pages' && key === 'title'))
    .map((key) => [key === 'path' && data.dimension === 'pages' ? text('page') : key, (row) => key === 'path' && data.dimension === 'pages' ? pageLabel(row) : typeof row[key] === 'number' ? (/rate|share/.test(key) ? percent(row[key]) : number(row[key])) : String(row[key] === null || row[key] === undefined ? '—' : row[key]), typeof rows[0][key] === 'number']);
  APP.append(table('rows', text('rows'), columns, rows));
}

function renderPost(data) {
  APP.append(el('h1', {}, text('statsPost') + ' ' + (data.title || data.id || '')), el('p', { class: 'muted' }, text('period') + ': ' + data.from + ' – ' + data.to));
  data.languages.forEach((part, index) => {
    APP.append(el('h2', {}, (part.language || '') + ' ' + part.path));
    APP.append(figures([[text('visitors'), number(part.visitors)], [text('pageviews'), number(part.pageviews)], [text('readingTime'), seconds(part.average_reading_seconds)], [text('readRate'), percent(part.read_rate)]]));
    APP.append(chart(text('chartDays'), (part.per_day || []).map((row) => ({ label: row.day, value: row.visitors })), 'chart-' + index));
    APP.append(table('came-from-' + index, text('cameFrom'), [[text('source'), (row) => row.from], [text('count'), (row) => number(row.count), true]], part.came_from || []));
    APP.append(table('went-on-to-' + index, text('wentOnTo'), [[text('page'), (row) => row.path], [text('count'), (row) => number(row.count), true]], part.went_on_to || []));
  });
}

function render(result) {
  const data = result.structuredContent || {};
  if (Array.isArray(data.languages)) renderPost(data);
  else if (typeof data.dimension === 'string') renderQuery(data);
  else renderOverview(data);
}
`;

export const statisticsApp = buildAppDocument({ name: 'stats', title: 'Statistics', script: SCRIPT });
