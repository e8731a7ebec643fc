// A refusal by a rule of writing that a person meets in the panel as well as an assistant in MCP. Its
// sentence is the one MCP and the Content API give (English, naming their parameters and tools, such as
// `at` and site_info); its code and values let the panel say the same in its own words and language
// (panel/rule-refusal-words.ts), as decisions.md keeps the domain's messages English and the panel's words
// the panel's.
import { AppError, type ErrorKind } from '../../errors.js';

export type RuleCode =
  | 'title_too_long'
  | 'title_not_one_line'
  | 'unknown_category'
  | 'field_of_other_category'
  | 'category_needs_fields'
  | 'fields_of_old_category'
  | 'time_unreadable'
  | 'time_unreal'
  | 'time_skipped'
  | 'publish_time_past';

/**
 * Values a rule names. `field` is set when a time is a category field's; without it the time is the one to
 * publish at.
 */
export type RuleValues = Readonly<Record<string, string | number>>;

export class RuleRefusal extends AppError {
  constructor(kind: ErrorKind, message: string, readonly code: RuleCode, readonly values: RuleValues = {}) {
    super(kind, message);
  }
}
