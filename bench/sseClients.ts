import { Worker } from 'node:worker_threads';

export interface SseRunResult {
  /** Per delivery: [orderId, arrival epoch ms, stream index]. */
  arrivals: [string, number, number][];
  duplicates: number;
  reconnects: number;
  errors: number;
}

/*
 * The dashboards: `count` SSE connections in a worker thread (so parsing does not compete with the server's event
 * loop), each on one shop's stream. Each records when each order.created event arrived (epoch ms from
 * performance.timeOrigin, the clock the writer uses). With `cutOnce`, every connection is closed once at a random
 * moment and reopened with Last-Event-ID, as a browser would after a network drop.
 */
const LOOP = `
const http = require('node:http');
const { parentPort, workerData: { port, streams, headers, cutWithinMs, pathOf } } = require('node:worker_threads');
const now = () => performance.timeOrigin + performance.now();
const arrivals = [];
let duplicates = 0, reconnects = 0, errors = 0;
const seen = streams.map(() => new Set());
const lastIds = streams.map(() => null);
const requests = [];
let stopping = false;
function open(i) {
  const path = pathOf.replace('{shop}', streams[i]);
  const h = { ...headers, accept: 'text/event-stream' };
  if (lastIds[i]) h['last-event-id'] = lastIds[i];
  const req = http.get({ host: '127.0.0.1', port, path, headers: h, agent: false }, (res) => {
    if (res.statusCode !== 200) { errors++; res.resume(); return; }
    let buf = '';
    res.setEncoding('utf8');
    res.on('data', (chunk) => {
      buf += chunk;
      let cut;
      while ((cut = buf.indexOf('\\n\\n')) >= 0) {
        const block = buf.slice(0, cut); buf = buf.slice(cut + 2);
        let id = null, data = null;
        for (const line of block.split('\\n')) {
          if (line.startsWith('id: ')) id = line.slice(4);
          else if (line.startsWith('data: ')) data = line.slice(6);
        }
        if (id) lastIds[i] = id;
        if (!data) continue;
        const orderId = JSON.parse(data).orderId;
        if (!orderId) continue;
        if (seen[i].has(orderId)) { duplicates++; continue; }
        seen[i].add(orderId);
        arrivals.push([orderId, now(), i]);
      }
    });
    res.on('error', () => {});
    res.on('close', () => { if (!stopping && requests[i] === req && !req.cut) errors++; });
  });
  req.on('error', () => { if (!stopping && !req.cut) errors++; });
  requests[i] = req;
}
streams.forEach((_, i) => open(i));
if (cutWithinMs) streams.forEach((_, i) => setTimeout(() => {
  const req = requests[i]; req.cut = true; req.destroy(); reconnects++;
  setTimeout(() => open(i), 20);
}, 500 + Math.random() * cutWithinMs));
parentPort.postMessage({ ready: true });
parentPort.on('message', (m) => {
  if (m !== 'stop') return;
  stopping = true;
  for (const r of requests) r.destroy();
  parentPort.postMessage({ arrivals, duplicates, reconnects, errors });
});
`;

export function sseClients(opts: { port: number; streams: string[]; headers: Record<string, string>; pathOf: string; cutWithinMs?: number }) {
  const worker = new Worker(LOOP, { eval: true, workerData: { cutWithinMs: 0, ...opts } });
  const ready = new Promise<void>((resolve, reject) => {
    worker.once('message', () => resolve());
    worker.once('error', reject);
  });
  return {
    ready,
    stop: () =>
      new Promise<SseRunResult>((resolve) => {
        worker.once('message', (r: SseRunResult) => {
          void worker.terminate();
          resolve(r);
        });
        worker.postMessage('stop');
      }),
  };
}
