/** Time comes from here so tests can move it (token expiry, code expiry, clock skew). */
export interface Clock {
  now(): number;
}
export const systemClock: Clock = { now: () => Date.now() };

/** A clock a test can set and advance. */
export class ManualClock implements Clock {
  /** Following real time: `t` is then the offset from it. */
  private live = false;
  constructor(private t = Date.now()) {}
  now(): number {
    return this.live ? Date.now() + this.t : this.t;
  }
  advance(ms: number): void {
    this.t += ms;
  }
  /** Moves it to an instant (a test's "when the package ends"). */
  set(ms: number): void {
    this.t = this.live ? ms - Date.now() : ms;
  }
  /** From now on it runs with real time (a test talking to another server, whose clock is real). */
  followRealTime(): void {
    this.t = this.now() - Date.now();
    this.live = true;
  }
}
