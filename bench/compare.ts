import os from 'node:os';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import { load, type LoadResult } from './load';
import { percentile } from './types';

export const round = (x: number) => Math.round(x * 100) / 100;

export async function listen(app: FastifyInstance): Promise<number> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return (app.server.address() as AddressInfo).port;
}

/**
 * Loads `path` on the real app and on its bare baseline in alternating rounds (so a change in machine load hits
 * both alike) and answers req/s, latencies, the ratio and the event-loop time each request cost.
 */
export async function compareUnderLoad(opts: {
  ports: { app: number; bare: number };
  path: string;
  headers: Record<string, string>;
  seconds: number;
  rounds: number;
  connections: number;
}): Promise<Record<string, number>> {
  const runs: Record<'app' | 'bare', LoadResult[]> = { app: [], bare: [] };
  const busyMs = { app: 0, bare: 0 };
  const once = async (which: 'app' | 'bare', seconds: number) => {
    const before = performance.eventLoopUtilization();
    const result = await load({ port: opts.ports[which], path: opts.path, headers: opts.headers, seconds, connections: opts.connections });
    busyMs[which] += performance.eventLoopUtilization(before).active;
    return result;
  };
  await once('app', 2); // warm-up: JIT, pool connections, prepared statements
  await once('bare', 2);
  busyMs.app = busyMs.bare = 0;
  for (let i = 0; i < opts.rounds; i++) {
    for (const which of i % 2 ? (['bare', 'app'] as const) : (['app', 'bare'] as const)) runs[which].push(await once(which, opts.seconds));
  }
  const summary = (rs: LoadResult[]) => {
    const latencies = rs.flatMap((r) => r.latencies).sort((x, y) => x - y);
    return { rps: rs.reduce((n, r) => n + r.requests, 0) / rs.reduce((s, r) => s + r.seconds, 0), p50: percentile(latencies, 50), p99: percentile(latencies, 99), errors: rs.reduce((n, r) => n + r.errors, 0) };
  };
  const app = summary(runs.app);
  const bare = summary(runs.bare);
  const rps = (r: LoadResult) => r.requests / r.seconds;
  const roundRatios = runs.app.map((r, i) => rps(r) / rps(runs.bare[i])).sort((x, y) => x - y);
  const perRequest = (which: 'app' | 'bare') => round((1000 * busyMs[which]) / runs[which].reduce((n, r) => n + r.requests, 0)) / 1000;
  return {
    appRps: round(app.rps),
    bareRps: round(bare.rps),
    ratio: round(app.rps / bare.rps),
    medianRoundRatio: round(percentile(roundRatios, 50)),
    appP50ms: round(app.p50),
    appP99ms: round(app.p99),
    bareP50ms: round(bare.p50),
    bareP99ms: round(bare.p99),
    appBusyMsPerRequest: perRequest('app'),
    bareBusyMsPerRequest: perRequest('bare'),
    errors: app.errors + bare.errors,
    loadavg1: round(os.loadavg()[0]),
  };
}
