import type { StreamOwner } from './streamAccess';

/**
 * How many streams one user may hold open on one process. The next one is refused (429 with Retry-After) rather than
 * closing the oldest: an old stream is most likely a board in use on another tablet, and a client stuck reconnecting
 * should not take it away.
 */
export const MAX_STREAMS_PER_USER = 10;

export interface OpenStream extends StreamOwner {
  /** Ends the response; its client reconnects, and the guard checks its access again then. */
  end(): void;
}

interface CheckState {
  running: boolean;
  again: boolean;
}

/**
 * The event streams this process serves, by user: the per-user cap, and which streams to check again when a user's
 * access changes. A check asked for while one of the same stream is in flight runs again after it, since the one in
 * flight may have read the database from before the change.
 */
export class OpenStreams {
  private byUser = new Map<string, Set<OpenStream>>();
  private checks = new WeakMap<OpenStream, CheckState>();

  constructor(
    private allowed: (s: OpenStream) => Promise<boolean>,
    private log: (msg: string) => void,
    /** How many streams one owner may hold open here (the customers' order streams count per IP, as their owner). */
    private max: number = MAX_STREAMS_PER_USER,
  ) {}

  /** Registers a stream, unless its user already has `max` open here (then false). */
  tryAdd(s: OpenStream): boolean {
    let mine = this.byUser.get(s.userId);
    if (!mine) this.byUser.set(s.userId, (mine = new Set()));
    if (mine.size >= this.max) return false;
    mine.add(s);
    return true;
  }

  remove(s: OpenStream): void {
    const mine = this.byUser.get(s.userId);
    mine?.delete(s);
    if (mine && !mine.size) this.byUser.delete(s.userId);
  }

  all(): OpenStream[] {
    return [...this.byUser.values()].flatMap((set) => [...set]);
  }

  /** Checks each stream of the user (of everyone: null) again and ends those whose access has ended. */
  recheck(userId: string | null): void {
    const streams = userId === null ? this.all() : [...(this.byUser.get(userId) ?? [])];
    for (const s of streams) void this.check(s);
  }

  async check(s: OpenStream): Promise<void> {
    let state = this.checks.get(s);
    if (!state) this.checks.set(s, (state = { running: false, again: false }));
    if (state.running) {
      state.again = true;
      return;
    }
    state.running = true;
    try {
      do {
        state.again = false;
        if (!(await this.allowed(s))) {
          s.end();
          return;
        }
      } while (state.again && this.byUser.get(s.userId)?.has(s));
    } catch (e) {
      // A database hiccup keeps the stream: the next heartbeat checks again.
      this.log(`events: checking a stream's access failed: ${(e as Error).message}`);
    } finally {
      state.running = false;
    }
  }
}
