import { Worker } from 'node:worker_threads';
import type { LoadResult } from './load';

/*
 * Like load.ts, for the apps benches: each request's path (and JSON body, for POST) comes from a template where
 * {n} is a number unique to the request and {app} a random app index below `apps`. Runs in a worker thread so the
 * client does not compete with the server for its event loop.
 */
const LOOP = `
const http = require('node:http');
const { parentPort, workerData: { port, method, path, body, headers, seconds, connections, apps, tag } } = require('node:worker_threads');
const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
const latencies = [];
let errors = 0;
let n = 0;
const fill = (s, i, app) => s.replaceAll('{n}', tag + '-' + i).replaceAll('{app}', String(app));
const one = () => new Promise((resolve) => {
  const i = n++;
  const app = Math.floor(Math.random() * apps);
  const payload = body ? fill(body, i, app) : undefined;
  const t0 = performance.now();
  const req = http.request({
    host: '127.0.0.1', port, method, path: fill(path, i, app),
    headers: payload ? { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : headers,
    agent,
  }, (res) => {
    res.resume();
    res.on('end', () => {
      if (res.statusCode >= 200 && res.statusCode < 300) latencies.push(performance.now() - t0); else errors++;
      resolve();
    });
  });
  req.on('error', () => { errors++; resolve(); });
  req.end(payload);
});
const start = performance.now();
const end = start + seconds * 1000;
const connection = async () => { while (performance.now() < end) await one(); };
Promise.all(Array.from({ length: connections }, connection)).then(() => {
  const elapsed = (performance.now() - start) / 1000;
  agent.destroy();
  parentPort.postMessage({ requests: latencies.length, errors, seconds: elapsed, latencies });
});
`;

export interface TemplateLoad {
  port: number;
  method: 'GET' | 'POST';
  path: string;
  body?: string;
  headers: Record<string, string>;
  seconds: number;
  connections: number;
  apps: number;
  /** Makes {n} unique across runs. */
  tag: string;
}

export function templateLoad(opts: TemplateLoad): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(LOOP, { eval: true, workerData: opts });
    worker.once('message', (r: LoadResult) => {
      void worker.terminate();
      resolve({ ...r, latencies: r.latencies.sort((a, b) => a - b) });
    });
    worker.once('error', reject);
  });
}
