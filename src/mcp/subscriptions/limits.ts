// What one person may hold open to be told of changes, stated in README ("Being told of changes") and
// docs/decisions.md. Each is a refusal with a sentence, never a silent cut.

/** Listeners (subscriptions/listen streams, and a stdio process's 2025 subscriptions) per person, per server process. */
export const LISTENERS_PER_PERSON = 10;
/** Resource URIs one listener may follow (one listen's resourceSubscriptions, one stdio process's resources/subscribe). */
export const SUBSCRIPTIONS_PER_LISTENER = 100;
/**
 * A listen stream over which nothing was sent for this long is ended with its result (the revision's graceful
 * close); the client listens again. Nothing is sent to keep it alive in between, so idle listeners cost no CPU.
 */
export const IDLE_TIMEOUT_MS = 10 * 60_000;
/** A listener whose peer has left this much unread is dropped: memory never grows for one who does not read. */
export const MAX_UNSENT_BYTES = 256 * 1024;
