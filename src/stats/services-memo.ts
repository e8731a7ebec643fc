// Which embedded services (consent-banner.ts) each translation holds, remembered from one pass over the
// site to the next, so only translations that changed are read again. A changed file gives a new
// translation object, and the entries come in the same order each pass (new ones last), so the last pass's
// translations are kept in order beside a bit mask of their services and each is matched by walking along:
// some 10 bytes a translation, where a WeakMap of result arrays cost 75 (15 MB at 200,000 translations).

/** How far ahead a translation is looked for among the last pass's before it counts as new (entries removed). */
const LOOK_AHEAD = 64;

export class ServicesMemo {
  private seen: readonly object[] = [];
  private masks = new Uint16Array(0);
  private cursor = 0;
  private nextSeen: object[] = [];
  private nextMasks: number[] = [];

  /** `patterns` in a fixed order (at most 16): bit n of a mask is pattern n. */
  constructor(private readonly patterns: readonly RegExp[]) {}

  /** Starts a pass; each translation met is then handed to maskOf, in the order of the pass. */
  begin(): void {
    this.cursor = 0;
    this.nextSeen = [];
    this.nextMasks = [];
  }

  /** The mask of the patterns found in the translation's body: remembered when it is the same object. */
  maskOf(translation: { body: string }): number {
    const mask = this.remembered(translation) ?? this.find(translation.body);
    this.nextSeen.push(translation);
    this.nextMasks.push(mask);
    return mask;
  }

  /** Ends the pass: what it met is remembered for the next (a pass left unfinished changes nothing). */
  end(): void {
    this.seen = this.nextSeen;
    this.masks = Uint16Array.from(this.nextMasks);
    this.nextSeen = [];
    this.nextMasks = [];
  }

  private remembered(translation: object): number | undefined {
    const last = Math.min(this.seen.length, this.cursor + LOOK_AHEAD);
    for (let at = this.cursor; at < last; at++) {
      if (this.seen[at] !== translation) continue;
      this.cursor = at + 1;
      return this.masks[at]!;
    }
    return undefined;
  }

  private find(body: string): number {
    let mask = 0;
    this.patterns.forEach((pattern, bit) => { if (pattern.test(body)) mask |= 1 << bit; });
    return mask;
  }
}
