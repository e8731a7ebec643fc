import { AppError } from '../errors.js';

/** One query parameter as a string, or undefined; given twice or as a list (`name[]`), 422 naming it. */
export function param(url: URL, name: string): string | undefined {
  const values = url.searchParams.getAll(name);
  if (values.length > 1 || url.searchParams.has(`${name}[]`)) {
    throw new AppError('invalid_params', `The parameter ${name} takes one value; give it once.`);
  }
  return values[0];
}

/** A whole number in [min, max]; 422 naming the parameter otherwise. */
export function intParam(url: URL, name: string, fallback: number, min: number, max: number): number {
  const raw = param(url, name);
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d{1,9}$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    throw new AppError('invalid_params', `The parameter ${name} must be a whole number from ${min} to ${max}.`);
  }
  return Number(raw);
}

/** One of a fixed set of values; 422 listing them otherwise. */
export function oneOf<T extends string>(url: URL, name: string, values: readonly T[], fallback: T, listedBy?: string): T {
  const raw = param(url, name);
  if (raw === undefined || raw === '') return fallback;
  if (!(values as readonly string[]).includes(raw)) {
    const where = listedBy ? `; ${listedBy} lists them` : '';
    throw new AppError('invalid_params', `The parameter ${name} must be one of ${values.join(', ')}${where}.`);
  }
  return raw as T;
}
