import fs from 'node:fs';

/*
 * CPU time spent by this process (server, pool and load generator threads) and by the PostgreSQL cluster serving
 * `dataDir` (postmaster and every backend): a figure per request that a busy machine does not distort the way it
 * distorts requests per second. Linux /proc only; null elsewhere and for an external database.
 */
const TICK_MS = 1000 / 100; // USER_HZ is 100 on Linux

function postgresTicks(dataDir: string): number | null {
  if (process.platform !== 'linux') return null;
  const procs = fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d));
  const stat = new Map<number, { ppid: number; ticks: number }>();
  let root: number | null = null;
  for (const pid of procs) {
    try {
      const s = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      const f = s.slice(s.lastIndexOf(')') + 2).split(' ');
      stat.set(Number(pid), { ppid: Number(f[1]), ticks: Number(f[11]) + Number(f[12]) });
      if (root === null && fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(dataDir)) root = Number(pid);
    } catch {
      // the process ended while we looked
    }
  }
  if (root === null) return null;
  let ticks = 0;
  for (const [pid, s] of stat) if (pid === root || s.ppid === root) ticks += s.ticks;
  return ticks;
}

export interface CpuMeter {
  /** CPU milliseconds since the meter started: this process, and the database cluster (null when unknown). */
  read(): { nodeMs: number; postgresMs: number | null };
}

export function cpuMeter(dataDir: string | null): CpuMeter {
  const node0 = process.cpuUsage();
  const pg0 = dataDir ? postgresTicks(dataDir) : null;
  return {
    read() {
      const d = process.cpuUsage(node0);
      const pg1 = dataDir ? postgresTicks(dataDir) : null;
      return { nodeMs: (d.user + d.system) / 1000, postgresMs: pg0 !== null && pg1 !== null ? (pg1 - pg0) * TICK_MS : null };
    },
  };
}
