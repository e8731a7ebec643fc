// The counting thread's module: the store's thread (store/table-count-thread.ts) answering table questions
// (table-questions.ts) while the main thread answers the others (filtered-range.ts).
import { serveTableCounts } from './store/stats-store.js';
import { answerQuestion } from './table-questions.js';

serveTableCounts(answerQuestion);
