// Time is injected everywhere so tests can run on a fixed clock.
export type Clock = () => number;

export const systemClock: Clock = () => Date.now();
