/** The time source, and the timers that follow it. Tests swap in a controllable clock to exercise expiry. */
export interface Clock {
  now(): Date;
  /** Calls `fn` every `ms` until the returned function is called; a test clock fires it as it advances. */
  every(ms: number, fn: () => void): () => void;
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
  fn: () => void;
}

export class ManualClock implements Clock {
  private offsetMs = 0;
  private timers = new Set<Repeating>();
  now() {
    return new Date(Date.now() + this.offsetMs);
  }
  every(ms: number, fn: () => void) {
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
      t.fn();
    }
  }
  reset() {
    this.offsetMs = 0;
  }
}
