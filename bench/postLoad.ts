import { Worker } from 'node:worker_threads';
import type { LoadResult } from './load';

/*
 * Like load.ts, for POSTs: `connections` keep-alive connections in a worker thread, one request in flight each, sending
 * the given requests (path and JSON body) in turn, so that a bench can stand for many customers of many shops; a
 * request counts when it answers `okStatus`.
 */
const LOOP = `
const http = require('node:http');
const { parentPort, workerData: { port, headers, requests, seconds, connections, okStatus } } = require('node:worker_threads');
const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
const latencies = [];
let errors = 0;
const payloads = requests.map((r) => ({ path: r.path, body: Buffer.from(r.body) }));
let sent = 0;
const one = () => new Promise((resolve) => {
  const { path, body: payload } = payloads[sent++ % payloads.length];
  const t0 = performance.now();
  const req = http.request({
    host: '127.0.0.1', port, path, method: 'POST',
    headers: { ...headers, 'content-type': 'application/json', 'content-length': payload.length },
    agent,
  }, (res) => {
    res.resume();
    res.on('end', () => {
      if (res.statusCode === okStatus) latencies.push(performance.now() - t0); else errors++;
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

export function postLoad(opts: {
  port: number;
  headers: Record<string, string>;
  requests: { path: string; body: string }[];
  seconds: number;
  connections: number;
  okStatus: number;
}): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(LOOP, { eval: true, workerData: opts });
    worker.once('message', (r: LoadResult) => {
      void worker.terminate();
      resolve({ ...r, latencies: r.latencies.sort((a, b) => a - b) });
    });
    worker.once('error', reject);
  });
}
