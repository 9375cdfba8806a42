/** The time source, and the timers that follow it. Tests swap in a controllable clock to exercise expiry. */
export interface Clock {
  now(): Date;
  /**
   * Calls `fn` every `ms` until the returned function is called; a test clock fires it as it advances. `fn` may
   * return the promise of the work it started, so a test clock can tell when that work is done.
   */
  every(ms: number, fn: () => unknown): () => void;
}

export const systemClock: Clock = {
  now: () => new Date(),
  every(ms, fn) {
    const timer = setInterval(fn, ms);
    return () => clearInterval(timer);
  },
};

interface Repeating {
  ms: number;
  due: number;
  fn: () => unknown;
}

export class ManualClock implements Clock {
  private offsetMs = 0;
  /** While frozen, the real time it stopped at: only advance() moves the clock then. */
  private frozenAt: number | null = null;
  private timers = new Set<Repeating>();
  private started = new Set<Promise<unknown>>();
  now() {
    return new Date((this.frozenAt ?? Date.now()) + this.offsetMs);
  }
  /**
   * Stops the clock following real time, so requests in flight together all see one instant (a figure computed from
   * two of them does not depend on how busy the machine was between them). thaw() lets it run on from there.
   */
  freeze() {
    this.frozenAt ??= Date.now();
  }
  thaw() {
    if (this.frozenAt === null) return;
    this.offsetMs += this.frozenAt - Date.now();
    this.frozenAt = null;
  }
  every(ms: number, fn: () => unknown) {
    const timer = { ms, due: this.now().getTime() + ms, fn };
    this.timers.add(timer);
    return () => void this.timers.delete(timer);
  }
  /**
   * Moves time on, firing each repeating timer that came due once (as a real interval does after the machine slept,
   * and so a jump of days does not fire a 15-second timer thousands of times).
   */
  advance(ms: number) {
    this.offsetMs += ms;
    const until = this.now().getTime();
    for (const t of [...this.timers].sort((a, b) => a.due - b.due)) {
      if (t.due > until) continue;
      t.due += Math.ceil((until - t.due + 1) / t.ms) * t.ms;
      const work = t.fn();
      if (work instanceof Promise) {
        const tracked: Promise<unknown> = work.catch(() => undefined).finally(() => this.started.delete(tracked));
        this.started.add(tracked);
      }
    }
  }
  /**
   * Waits for the work the timers started as the clock advanced (a sweep's run), so a test can look for what that
   * work would have done (or not done) without waiting a guessed time.
   */
  async settled() {
    while (this.started.size) await Promise.all([...this.started]);
  }
  reset() {
    this.offsetMs = 0;
    this.frozenAt = null;
  }
}
