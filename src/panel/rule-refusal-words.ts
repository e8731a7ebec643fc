// A refusal as the panel answers it. A rule of writing (content/write/rule-refusal.ts) is said in the panel's
// words and the person's language, never in MCP's (its parameters, its tools), and answered 422: it is a
// form's input that was wrong, even where MCP answers not_found (a category the site lacks). Any other
// AppError keeps its status and sentence.
import type { AppError } from '../errors.js';
import { RuleRefusal, type RuleCode } from '../content/write/rule-refusal.js';
import { fill, plural, words, type PanelWords } from './words/panel-words.js';

type Sentences = PanelWords['entries']['refusals'];

/** Each rule's sentence, from the values its refusal carries. */
const SENTENCES: Record<RuleCode, (w: Sentences, values: RuleRefusal['values']) => string> = {
  title_too_long: (w, values) => fill(w.titleTooLong, values),
  title_not_one_line: (w) => w.titleNotOneLine,
  unknown_category: (w, values) => fill(w.unknownCategory, values),
  field_of_other_category: (w, values) => fill(w.fieldOfOtherCategory, values),
  category_needs_fields: (w, values) => plural(w.categoryNeedsFields, Number(values.count), values),
  fields_of_old_category: (w, values) => plural(w.fieldsOfOldCategory, Number(values.count), values),
  time_unreadable: (w, values) => fill(w.timeUnreadable, { ...values, subject: subjectOf(w, values) }),
  time_unreal: (w, values) => fill(w.timeUnreal, { ...values, subject: subjectOf(w, values) }),
  time_skipped: (w, values) => fill(w.timeSkipped, { ...values, subject: subjectOf(w, values) }),
  publish_time_past: (w, values) => fill(w.publishTimePast, values),
};

/** A time is a category field's when the refusal names one; else it is the time to publish at. */
function subjectOf(w: Sentences, values: RuleRefusal['values']): string {
  return values.field === undefined ? w.publishTime : fill(w.theField, { field: values.field });
}

/** The status and sentence the panel answers a refusal with. */
export function panelRefusalOf(error: AppError): { status: number; text: string } {
  if (!(error instanceof RuleRefusal)) return { status: error.status, text: error.message };
  return { status: 422, text: SENTENCES[error.code](words().entries.refusals, error.values) };
}
