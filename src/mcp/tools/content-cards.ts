import { z } from 'zod';
import { listCards } from '../../content/cards.js';
import { defineTool } from '../tool.js';
import { resolveLanguage } from './lookup.js';

const input = z.strictObject({
  language: z.string().min(1).max(20).optional().describe("language of titles and labels; default the site's default language"),
});

export const contentCardsTool = defineTool({
  name: 'content_cards',
  title: 'List cards',
  description:
    'Lists the cards a body may use (core cards, cards of running plugins and of the theme), each with name, title, description, hint, source, value, content, fields and a written-out example, plus the card syntax and a note on image fields.',
  scope: 'content:read',
  input,
  output: 'contentCardsOutput',
  readOnly: true,
  handler: (args, { deps }) => {
    const language = resolveLanguage(deps.content, args.language);
    const { cards, syntax, image_note } = listCards(deps.content, language);
    return { language, cards, syntax, image_note };
  },
});
