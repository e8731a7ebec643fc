import { AppError } from '../errors.js';

/** A command line that cannot be understood: printed with a pointer to `svc help`, exit code 2. */
export class UsageError extends Error {}

/** A request that was understood but cannot be done (unknown person, existing site...): exit code 1. */
export class CommandError extends Error {}

/**
 * A value given on the command line that the store refuses (an email address that is none, a name too
 * long, a scope that does not exist) is a usage error, exit code 2, with the store's own sentence.
 */
export async function refusedValueIsUsage<T>(action: () => T | Promise<T>): Promise<T> {
  try {
    return await action();
  } catch (error) {
    if (error instanceof AppError && error.kind === 'invalid_params') throw new UsageError(error.message);
    throw error;
  }
}
