/** Time comes from here so tests can move it (token expiry, code expiry, clock skew). */
export interface Clock {
  now(): number;
}
export const systemClock: Clock = { now: () => Date.now() };

/** A clock a test can set and advance. */
export class ManualClock implements Clock {
  constructor(private t = Date.now()) {}
  now(): number {
    return this.t;
  }
  advance(ms: number): void {
    this.t += ms;
  }
  /** Moves it to an instant (a test's "when the package ends"). */
  set(ms: number): void {
    this.t = ms;
  }
}
