/** A rule's answer (content-rights.ts): allowed, or not with the sentence saying why. */
export type Decision = { allowed: true } | { allowed: false; reason: string };
