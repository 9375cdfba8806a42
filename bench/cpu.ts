import fs from 'node:fs';
import path from 'node:path';

/*
 * CPU time spent by this process (server, pool and load generator threads) and by the PostgreSQL cluster serving
 * `dataDir` (postmaster and every backend): a figure per request that a busy machine does not distort the way it
 * distorts requests per second. Linux /proc only; null elsewhere and for an external database.
 */
/** The postmaster's pid, from the first line of postmaster.pid in the cluster's folder (or its `pg` folder). */
function postmasterPid(dataDir: string): number | null {
  for (const file of [path.join(dataDir, 'postmaster.pid'), path.join(dataDir, 'pg', 'postmaster.pid')]) {
    try {
      return Number(fs.readFileSync(file, 'utf8').split('\n')[0]);
    } catch {
      // not this one
    }
  }
  return null;
}

const TICK_NS = 1e9 / 100; // USER_HZ is 100 on Linux

/**
 * Nanoseconds on a CPU of the postmaster and all its children: the live ones' own count (schedstat), and the ones that
 * ended (a pool closing idle connections, an autovacuum worker), which the postmaster's cutime/cstime have taken in.
 */
function postgresNs(dataDir: string): number | null {
  if (process.platform !== 'linux') return null;
  const root = postmasterPid(dataDir);
  if (root === null) return null;
  let ns = 0;
  for (const pid of fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(pid) === root) ns += (Number(fields[13]) + Number(fields[14])) * TICK_NS;
      if (Number(pid) === root || Number(fields[1]) === root) ns += Number(fs.readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[0]);
    } catch {
      // the process ended while we looked
    }
  }
  return ns;
}

export interface CpuMeter {
  /** CPU milliseconds since the meter started: this process, and the database cluster (null when unknown). */
  read(): { nodeMs: number; postgresMs: number | null };
}

export function cpuMeter(dataDir: string | null): CpuMeter {
  const node0 = process.cpuUsage();
  const pg0 = dataDir ? postgresNs(dataDir) : null;
  return {
    read() {
      const d = process.cpuUsage(node0);
      const pg1 = dataDir ? postgresNs(dataDir) : null;
      return { nodeMs: (d.user + d.system) / 1000, postgresMs: pg0 !== null && pg1 !== null ? (pg1 - pg0) / 1e6 : null };
    },
  };
}
