import { Worker } from 'node:worker_threads';

export interface LoadResult {
  requests: number;
  errors: number;
  seconds: number;
  /** Latencies in ms, ascending. */
  latencies: number[];
}

/*
 * The load loop runs in a worker thread so that making requests does not compete with the server under test for
 * its event loop (both share the process). Plain JS evaluated in the worker: node:http with a keep-alive agent,
 * one request in flight per connection.
 */
const LOOP = `
const http = require('node:http');
const { parentPort, workerData: { port, path, headers, seconds, connections } } = require('node:worker_threads');
const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
const latencies = [];
let errors = 0;
const one = () => new Promise((resolve) => {
  const t0 = performance.now();
  const req = http.request({ host: '127.0.0.1', port, path, headers, agent }, (res) => {
    res.resume();
    res.on('end', () => {
      if (res.statusCode === 200) latencies.push(performance.now() - t0); else errors++;
      resolve();
    });
  });
  req.on('error', () => { errors++; resolve(); });
  req.end();
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

/** GETs `path` on 127.0.0.1:`port` over `connections` keep-alive connections for `seconds`. */
export function load(opts: {
  port: number;
  path: string;
  headers: Record<string, string>;
  seconds: number;
  connections: number;
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
