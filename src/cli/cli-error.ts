/** A command line that cannot be understood: printed with a pointer to `svc help`, exit code 2. */
export class UsageError extends Error {}

/** A request that was understood but cannot be done (unknown person, existing site...): exit code 1. */
export class CommandError extends Error {}
