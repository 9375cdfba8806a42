import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../server/infra/clock';

describe('ManualClock', () => {
  it('settled() waits for the work the timers it fired started, and for nothing else', async () => {
    const clock = new ManualClock();
    const done: string[] = [];
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    clock.every(1000, async () => {
      await gate;
      done.push('sweep');
    });
    clock.every(5000, () => done.push('not due'));
    clock.advance(1000);
    let settled = false;
    const waiting = clock.settled().then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    release();
    await waiting;
    expect(done).toEqual(['sweep']);
  });

  it('settled() answers at once when no timer came due, and after a timer whose work failed', async () => {
    const clock = new ManualClock();
    await clock.settled();
    clock.every(1000, () => Promise.reject(new Error('sweep failed')));
    clock.advance(1000);
    await expect(clock.settled()).resolves.toBeUndefined();
  });
});
