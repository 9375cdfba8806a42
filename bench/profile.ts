import fs from 'node:fs';
import path from 'node:path';
import { Session } from 'node:inspector/promises';

/**
 * BENCH_PROFILE=<folder>: a CPU profile of this process for each timed round of a compared bench, written as
 * `<side>-<n>.cpuprofile` (open it in Chrome's DevTools, or `npx tsx bench/profileSummary.ts <folder>`). Off by default:
 * the profiler slows both sides.
 */
export function roundProfiler(dir = process.env.BENCH_PROFILE) {
  if (!dir) return null;
  fs.mkdirSync(dir, { recursive: true });
  const session = new Session();
  session.connect();
  let rounds = 0;
  let running: Promise<unknown> = session.post('Profiler.enable');
  return {
    start() {
      running = running.then(() => session.post('Profiler.start'));
    },
    stop(side: string) {
      const file = path.join(dir, `${side}-${++rounds}.cpuprofile`);
      running = running.then(() => session.post('Profiler.stop')).then(({ profile }) => fs.writeFileSync(file, JSON.stringify(profile)));
    },
    /** Waits for the last profile to be written. */
    done: () => running,
  };
}
