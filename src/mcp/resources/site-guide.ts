import { listCards } from '../../content/cards.js';
import { DATA_NOTE } from '../data-note.js';
import { defineResource } from '../resource.js';

const FRONT_MATTER = [
  ['title', 'the title (set it with the title argument)'],
  ['tags', 'a list of tag slugs, e.g. [hiking, food]'],
  ['excerpt', 'one or two sentences shown in lists'],
  ['slug', 'the last part of the address; lowercase letters, digits and dashes'],
  ['category', 'a category key (posts only)'],
  ['start', 'for date categories: YYYY-MM-DD HH:MM in the site time zone'],
  ['location', 'for date categories: where it takes place'],
  ['status', 'draft, published or scheduled: set only by content_publish and content_unpublish'],
  ['author', 'the person who created the entry: set by the server'],
  ['via', 'mcp when an assistant created the entry: set by the server'],
  ['published', 'YYYY-MM-DD HH:MM: set by publishing'],
  ['review', 'requested or scheduled <time> while an approval is pending: set by content_publish'],
] as const;

/** svc://site: the site at a glance and how content is written here, in Markdown. */
export const siteGuideResource = defineResource({
  uri: 'svc://site',
  name: 'site',
  title: 'The site and how to write for it',
  description: 'The site at a glance and how content is written: content types, languages, categories and their fields, front matter fields, and the cards a body may use. Read it before writing. Needs no scope.',
  mimeType: 'text/markdown',
  scope: null,
  read: ({ deps }) => {
    const store = deps.content;
    const site = store.site();
    const counts = store.counts();
    const lines: string[] = [`> ${DATA_NOTE}`, '', `# ${site.title}`, ''];
    if (site.description) lines.push(site.description, '');
    lines.push(
      `- Address: ${site.url}`,
      `- Languages: ${Object.entries(site.languages).map(([code, name]) => `${code} (${name})`).join(', ')}; default ${site.defaultLanguage}`,
      `- Time zone: ${site.timezone} (times are written YYYY-MM-DD HH:MM in this zone)`,
      `- Publishing: ${site.approvalMode ? 'approval mode is on: content_publish asks a person to approve' : 'content_publish publishes at once or at the time given'}`,
      '',
      '## Content types',
      '',
      '| type | folder | entries | ids look like |',
      '|---|---|---|---|',
      ...site.types.map((type) => `| ${type.key} | ${type.folder} | ${counts[type.key] ?? 0} | ${type.folder}/<slug>${type.key === 'page' ? ' or pages/<parent>/<child>' : ''} |`),
      '',
      '## Categories',
      '',
    );
    const categories = Object.values(site.categories);
    if (categories.length === 0) lines.push('This site has no categories.', '');
    for (const category of categories) {
      lines.push(`### ${category.key}: ${category.label}${category.kind === 'date' ? ' (dated: entries have a start time)' : ''}`, '');
      const fields = Object.entries(category.fields);
      if (fields.length === 0) lines.push('No extra fields.', '');
      else {
        lines.push('| field | type | label | required | options | same in all languages |', '|---|---|---|---|---|---|');
        for (const [key, field] of fields) {
          lines.push(`| ${key} | ${field.type} | ${field.label} | ${field.required ? 'yes' : 'no'} | ${field.options?.join(', ') ?? ''} | ${field.same_in_all_languages ? 'yes' : 'no'} |`);
        }
        lines.push('');
      }
    }
    lines.push(
      '## Front matter',
      '',
      'Every translation is Markdown with YAML front matter. Pass fields to content_create and content_update in `fields`:',
      '',
      ...FRONT_MATTER.map(([key, meaning]) => `- \`${key}\`: ${meaning}`),
      '',
      'New entries always start as drafts. Publish only when the person asks for it.',
      '',
      '## Cards',
      '',
    );
    const { cards, syntax, image_note } = listCards(store, site.defaultLanguage);
    lines.push(syntax, '', image_note, '', '| card | source | what it is |', '|---|---|---|');
    for (const card of cards) lines.push(`| ${card.name} | ${card.source} | ${card.description.replace(/\|/g, '/')} |`);
    lines.push('', 'content_cards lists every card with its fields and an example.', '');
    return lines.join('\n');
  },
});
