import os from 'node:os';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import { load, type LoadResult } from './load';
import { postLoad } from './postLoad';
import { templateLoad, type TemplateLoad } from './appsLoad';
import { percentile } from './types';
import { roundProfiler } from './profile';

export const round = (x: number) => Math.round(x * 100) / 100;

/** BENCH_ROUND_LOG=1: each round's figures on stderr, to see a side drift over a run (the table shows the totals). */
export const roundLog = (line: string) => {
  if (process.env.BENCH_ROUND_LOG) console.error(`  ${line}`);
};

/** Where a figure was measured, for a result's params: the database, the machine's cores and its load. */
export const machineParams = (database: string) => ({ database, cpus: os.cpus().length, loadavg1: round(os.loadavg()[0]) });

export async function listen(app: FastifyInstance): Promise<number> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return (app.server.address() as AddressInfo).port;
}

type Side = 'app' | 'bare';

/**
 * What every connection sends, one request in flight each: GETs of `path` (a 200 counts); POSTs of the (path, JSON
 * body) pairs in turn (`okStatus` counts); or requests from a template whose {n} and {app} each request fills (a 2xx
 * counts).
 */
export type Traffic =
  | { path: string; headers?: Record<string, string> }
  | { post: { path: string; body: string }[]; okStatus: number; headers?: Record<string, string> }
  | { template: Omit<TemplateLoad, 'port' | 'seconds' | 'connections' | 'tag'> };

function send(traffic: Traffic, port: number, seconds: number, connections: number, tag: string): Promise<LoadResult> {
  if ('template' in traffic) return templateLoad({ ...traffic.template, port, seconds, connections, tag });
  if ('post' in traffic)
    return postLoad({ port, headers: traffic.headers ?? {}, requests: traffic.post, okStatus: traffic.okStatus, seconds, connections });
  return load({ port, path: traffic.path, headers: traffic.headers ?? {}, seconds, connections });
}

/**
 * Loads the real app and its bare baseline with the same traffic (or each with its own, when their paths differ) in
 * alternating rounds after a warm-up of each (so a change in machine load hits both alike) and answers req/s,
 * latencies, the ratio and the event-loop time each request cost. `meter` starts before each measured run and is
 * read with its result, for a figure of the bench's own (CPU per request).
 */
export async function compareUnderLoad(opts: {
  ports: Record<Side, number>;
  traffic: Traffic | Record<Side, Traffic>;
  seconds: number;
  rounds: number;
  connections: number;
  /** Of each side before the rounds: JIT, pool connections, prepared statements. */
  warmupSeconds?: number;
  meter?: (which: Side) => (result: LoadResult) => void;
  /** Before each measured run: waits until work the last run left behind (queued jobs) is done, so no side pays for the other's. */
  settle?: () => Promise<void>;
}): Promise<Record<string, number>> {
  const traffic: Record<Side, Traffic> =
    'app' in opts.traffic && 'bare' in opts.traffic ? opts.traffic : { app: opts.traffic, bare: opts.traffic };
  const runs: Record<Side, LoadResult[]> = { app: [], bare: [] };
  const busyMs = { app: 0, bare: 0 };
  let sent = 0; // makes a template's {n} unique across runs
  const once = async (which: Side, seconds: number) => {
    const before = performance.eventLoopUtilization();
    const result = await send(traffic[which], opts.ports[which], seconds, opts.connections, `${which}${sent++}`);
    const elu = performance.eventLoopUtilization(before);
    busyMs[which] += elu.active;
    const perRequest = round(elu.active / result.requests);
    roundLog(
      `${which}: ${round(result.requests / result.seconds)} req/s, event loop ${round(elu.utilization)} busy, ${perRequest} ms a request`,
    );
    return result;
  };
  // BENCH_PROFILE: a CPU profile of each measured run, whichever bench compares.
  const profiler = roundProfiler();
  const warmup = opts.warmupSeconds ?? 2;
  await once('app', warmup);
  await once('bare', warmup);
  busyMs.app = busyMs.bare = 0;
  for (let i = 0; i < opts.rounds; i++) {
    for (const which of i % 2 ? (['bare', 'app'] as const) : (['app', 'bare'] as const)) {
      if (opts.settle) {
        const t0 = performance.now();
        await opts.settle();
        roundLog(`round ${i + 1}, ${which}: settled in ${Math.round(performance.now() - t0)} ms`);
      } else roundLog(`round ${i + 1}, ${which}`);
      const read = opts.meter?.(which);
      profiler?.start();
      const result = await once(which, opts.seconds);
      profiler?.stop(which);
      read?.(result);
      runs[which].push(result);
    }
  }
  await profiler?.done();
  const summary = (rs: LoadResult[]) => {
    const latencies = rs.flatMap((r) => r.latencies).sort((x, y) => x - y);
    return {
      rps: rs.reduce((n, r) => n + r.requests, 0) / rs.reduce((s, r) => s + r.seconds, 0),
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      errors: rs.reduce((n, r) => n + r.errors, 0),
    };
  };
  const app = summary(runs.app);
  const bare = summary(runs.bare);
  // Each round's app run sits next to its bare run, so the median of the rounds' ratios shrugs off a burst of load
  // from other processes that the totals would absorb.
  const rps = (r: LoadResult) => r.requests / r.seconds;
  const roundRatios = runs.app.map((r, i) => rps(r) / rps(runs.bare[i])).sort((x, y) => x - y);
  // Event-loop busy time per request on the server's thread: less swayed than req/s by other processes on the CPU.
  const perRequest = (which: Side) => round((1000 * busyMs[which]) / runs[which].reduce((n, r) => n + r.requests, 0)) / 1000;
  return {
    appRps: round(app.rps),
    bareRps: round(bare.rps),
    ratio: round(app.rps / bare.rps),
    medianRoundRatio: round(percentile(roundRatios, 50)),
    appP50ms: round(app.p50),
    appP99ms: round(app.p99),
    bareP50ms: round(bare.p50),
    bareP99ms: round(bare.p99),
    p99Ratio: round(app.p99 / bare.p99),
    appBusyMsPerRequest: perRequest('app'),
    bareBusyMsPerRequest: perRequest('bare'),
    errors: app.errors + bare.errors,
    loadavg1: round(os.loadavg()[0]),
  };
}
