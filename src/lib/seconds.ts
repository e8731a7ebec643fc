/** A number of seconds in words, singular when it is one: `1 second`, `30 seconds`. */
export function seconds(count: number): string {
  return count === 1 ? '1 second' : `${count} seconds`;
}
