// Answers of tools that declare a cacheKey, kept per content store while its generation is unchanged (the
// generation moves with every change on disk and when a scheduled time passes). Like the Content API's
// answer cache: a repeated call costs a map lookup.
import type { CallToolResult } from './tool-call.js';

const MAX_ANSWERS = 1000;

interface Kept {
  generation: number;
  answers: Map<string, CallToolResult>;
}

export class ToolAnswerCache {
  // By store, because one process (the tests) may serve several sites through the same dispatcher.
  private readonly byStore = new WeakMap<object, Kept>();

  get(store: object, generation: number, key: string): CallToolResult | undefined {
    const kept = this.byStore.get(store);
    return kept && kept.generation === generation ? kept.answers.get(key) : undefined;
  }

  set(store: object, generation: number, key: string, answer: CallToolResult): void {
    let kept = this.byStore.get(store);
    if (!kept || kept.generation !== generation) {
      // An answer built under an older generation than the one kept is already out of date.
      if (kept && kept.generation > generation) return;
      kept = { generation, answers: new Map() };
      this.byStore.set(store, kept);
    }
    if (kept.answers.size >= MAX_ANSWERS) kept.answers.delete(kept.answers.keys().next().value!);
    kept.answers.set(key, answer);
  }
}
