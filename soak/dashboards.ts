import { Worker } from 'node:worker_threads';

export interface DashboardsResult {
  /** Per stream: the event id its first stream started after (the ready event's), or null if it never opened. */
  startIds: (number | null)[];
  /** Per stream: every event id it received, in the order received (ready events left out). */
  ids: number[][];
  /** Per order.created delivery (its data is the order as GET orders lists it): [order id, arrival epoch ms]. */
  arrivals: [string, number][];
  reconnects: number;
  /** Non-200 answers and connection errors while (re)connecting: each is followed by another attempt. */
  refused: number;
}

/*
 * The dashboards, in a worker thread so parsing does not compete with the soak's own timers: one SSE stream each, to
 * server process (stream index % processes) first. A stream that ends or fails reconnects after a moment, as
 * EventSource does, with Last-Event-ID, to the next process in turn (a killed one's streams land on another one, and
 * later ones may land on it again once it is back). Each stream records every event id it receives, so the check can
 * see a gap, a duplicate or a reordering.
 */
const LOOP = `
const http = require('node:http');
const { parentPort, workerData: { ports, streams, tokens } } = require('node:worker_threads');
const now = () => performance.timeOrigin + performance.now();
const startIds = streams.map(() => null);
const ids = streams.map(() => []);
const lastIds = streams.map(() => null);
const arrivals = [];
const requests = [];
const turn = streams.map((_, i) => i % ports.length);
let reconnects = 0, refused = 0, opened = 0, readySent = false, stopping = false;
function again(i) {
  if (stopping) return;
  reconnects++;
  turn[i] = (turn[i] + 1) % ports.length;
  setTimeout(() => open(i), 300 + Math.random() * 700);
}
function open(i) {
  if (stopping) return;
  const h = { accept: 'text/event-stream', authorization: 'Bearer ' + tokens[i] };
  if (lastIds[i] !== null) h['last-event-id'] = String(lastIds[i]);
  let done = false;
  const retry = () => { if (done) return; done = true; again(i); };
  const path = '/api/shops/' + streams[i] + '/events';
  const req = http.get({ host: '127.0.0.1', port: ports[turn[i]], path, headers: h, agent: false }, (res) => {
    if (res.statusCode !== 200) { refused++; res.resume(); res.on('end', retry); res.on('error', retry); return; }
    let buf = '';
    res.setEncoding('utf8');
    res.on('data', (chunk) => {
      buf += chunk;
      let at;
      while ((at = buf.indexOf('\\n\\n')) >= 0) {
        const block = buf.slice(0, at); buf = buf.slice(at + 2);
        let id = null, type = null, data = null;
        for (const line of block.split('\\n')) {
          if (line.startsWith('id: ')) id = Number(line.slice(4));
          else if (line.startsWith('event: ')) type = line.slice(7);
          else if (line.startsWith('data: ')) data = line.slice(6);
        }
        if (id === null) continue;
        if (type === 'ready') {
          if (startIds[i] === null) {
            startIds[i] = id;
            if (++opened === streams.length) sendReady();
          }
          if (lastIds[i] === null) lastIds[i] = id;
          continue;
        }
        lastIds[i] = id;
        ids[i].push(id);
        if (type === 'order.created' && data) arrivals.push([JSON.parse(data).id, now()]);
      }
    });
    res.on('error', retry);
    res.on('close', retry);
  });
  req.on('error', () => { refused++; retry(); });
  requests[i] = req;
}
function sendReady() {
  if (readySent) return;
  readySent = true;
  parentPort.postMessage({ type: 'ready', opened });
}
streams.forEach((_, i) => setTimeout(() => open(i), i * 5));
setTimeout(sendReady, 60000);
parentPort.on('message', (m) => {
  if (m.type === 'progress') parentPort.postMessage({ type: 'progress', last: lastIds });
  if (m.type !== 'stop') return;
  stopping = true;
  for (const r of requests) r && r.destroy();
  parentPort.postMessage({ type: 'result', startIds, ids, arrivals, reconnects, refused });
});
`;

export function dashboards(opts: { ports: number[]; streams: string[]; tokens: string[] }) {
  const worker = new Worker(LOOP, { eval: true, workerData: opts });
  const waiting = new Map<string, (m: never) => void>();
  worker.on('message', (m: { type: string }) => {
    const w = waiting.get(m.type);
    waiting.delete(m.type);
    w?.(m as never);
  });
  worker.on('error', (e) => console.error('dashboards worker failed:', e));
  const next = <T>(type: string, send?: object) =>
    new Promise<T>((resolve) => {
      waiting.set(type, resolve as (m: never) => void);
      if (send) worker.postMessage(send);
    });
  return {
    /** Every stream has opened (or a minute has passed); answers how many did. */
    ready: next<{ opened: number }>('ready').then((m) => m.opened),
    /** Per stream, the last event id it has received (null before its first). */
    progress: () => next<{ last: (number | null)[] }>('progress', { type: 'progress' }).then((m) => m.last),
    stop: async () => {
      const r = await next<DashboardsResult & { type: string }>('result', { type: 'stop' });
      void worker.terminate();
      return r;
    },
  };
}
