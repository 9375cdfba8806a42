import { Worker } from 'node:worker_threads';

export interface SseRunResult {
  /** Per delivery: [orderId, arrival epoch ms, stream index]. */
  arrivals: [string, number, number][];
  duplicates: number;
  reconnects: number;
  /** Per cut stream: [stream index, cut epoch ms, reopened (first byte of the new response) epoch ms or null]. */
  cuts: [number, number, number | null][];
  /** Per stream: when its first response opened (first bytes, epoch ms), or null. */
  openedAt: (number | null)[];
  errors: number;
  /** List reads the boards made on start (one each, when they have a list to read). */
  startReads: number;
  /** List reads the boards made while connected: after an event they could not apply, or a gap they could not replay. */
  gapReads: number;
}

/*
 * The dashboards: one SSE connection per entry of `streams` (its shop) in a worker thread (so parsing does not compete
 * with the server's event loop), each with its own headers. Each records when each order.created event arrived (epoch
 * ms from performance.timeOrigin, the clock the writer uses). `ready` resolves once every stream has its first bytes
 * (the app's 'ready' event, the bare app's comment): a stream without Last-Event-ID starts at the newest event, so an
 * order written before that is none of its business. With `cutWithinMs`, every connection is closed once at a random
 * moment and reopened with Last-Event-ID, as a browser would after a network drop.
 *
 * With `listPathOf`, each stream is a board as the console keeps one: it reads its list (a real HTTP request) on start,
 * applies each event's payload to it in place, and reads the list again only when an event carries no record it can
 * apply or the stream resumes somewhere other than where it left off. Those reads are counted, not assumed.
 */
const LOOP = `
const http = require('node:http');
const { parentPort, workerData: { port, streams, headers, cutWithinMs, pathOf, listPathOf } } = require('node:worker_threads');
const now = () => performance.timeOrigin + performance.now();
const arrivals = [];
let duplicates = 0, reconnects = 0, errors = 0, opened = 0, readySent = false, startReads = 0, gapReads = 0;
const boards = streams.map(() => new Map());
/** Reads the stream's list into its board (a real request to the app), as the console does. */
function readList(i) {
  return new Promise((resolve) => {
    const path = listPathOf.replace('{shop}', streams[i]);
    http.get({ host: '127.0.0.1', port, path, headers: headers[i], agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c) => (body += c));
      res.on('end', () => {
        if (res.statusCode !== 200) errors++;
        else for (const item of JSON.parse(body)) boards[i].set(item.id, item);
        resolve();
      });
      res.on('error', () => { errors++; resolve(); });
    }).on('error', () => { errors++; resolve(); });
  });
}
function gap(i) {
  if (!listPathOf) return;
  gapReads++;
  void readList(i);
}
const seen = streams.map(() => new Set());
const lastIds = streams.map(() => null);
const requests = [];
const cuts = [];
const openedAt = streams.map(() => null);
let stopping = false;
function open(i, cut) {
  const path = pathOf.replace('{shop}', streams[i]);
  const h = { ...headers[i], accept: 'text/event-stream' };
  if (lastIds[i]) h['last-event-id'] = lastIds[i];
  let first = true;
  const req = http.get({ host: '127.0.0.1', port, path, headers: h, agent: false }, (res) => {
    if (res.statusCode !== 200) { errors++; res.resume(); return; }
    let buf = '';
    res.setEncoding('utf8');
    res.on('data', (chunk) => {
      if (first) {
        first = false;
        if (cut) cut[2] = now();
        else {
          openedAt[i] = now();
          if (++opened === streams.length) sendReady();
        }
      }
      buf += chunk;
      let at;
      while ((at = buf.indexOf('\\n\\n')) >= 0) {
        const block = buf.slice(0, at); buf = buf.slice(at + 2);
        let id = null, data = null, event = null;
        for (const line of block.split('\\n')) {
          if (line.startsWith('id: ')) id = line.slice(4);
          else if (line.startsWith('event: ')) event = line.slice(7);
          else if (line.startsWith('data: ')) data = line.slice(6);
        }
        // A resumed stream starting anywhere but where this board left off has skipped events: the list is read again.
        if (event === 'ready') {
          const from = String(JSON.parse(data).lastEventId);
          if (lastIds[i] && from !== lastIds[i]) gap(i);
          lastIds[i] = from;
          continue;
        }
        if (id) lastIds[i] = id;
        if (!data) continue;
        const record = JSON.parse(data);
        // The app sends the order itself (id); the bare baseline only its id (orderId), and has no list to read.
        const orderId = record.orderId ?? record.id;
        if (!orderId) { gap(i); continue; }
        if (listPathOf) boards[i].set(orderId, record);
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
function sendReady() {
  if (readySent) return;
  readySent = true;
  parentPort.postMessage({ type: 'ready', opened });
}
streams.forEach((_, i) => {
  if (!listPathOf) return open(i, null);
  startReads++;
  readList(i).then(() => open(i, null));
});
// A stream that never opens is counted in errors; the run goes on without it after a while.
setTimeout(sendReady, 60000);
parentPort.on('message', (m) => {
  if (m === 'cut' && cutWithinMs) streams.forEach((_, i) => setTimeout(() => {
    const req = requests[i]; req.cut = true; req.destroy(); reconnects++;
    const cut = [i, now(), null];
    cuts.push(cut);
    setTimeout(() => open(i, cut), 20);
  }, 500 + Math.random() * cutWithinMs));
  if (m === 'count') parentPort.postMessage({ type: 'count', count: arrivals.length });
  if (m !== 'stop') return;
  stopping = true;
  for (const r of requests) r.destroy();
  parentPort.postMessage({ type: 'result', arrivals, duplicates, reconnects, cuts, openedAt, errors, startReads, gapReads });
});
`;

export function sseClients(opts: {
  port: number;
  streams: string[];
  headers: Record<string, string>[];
  pathOf: string;
  cutWithinMs?: number;
  /** The board's list (path with {shop}); without it the streams only count deliveries. */
  listPathOf?: string;
}) {
  const worker = new Worker(LOOP, { eval: true, workerData: { cutWithinMs: 0, listPathOf: null, ...opts } });
  const waiting = new Map<string, { resolve: (m: never) => void; reject: (e: Error) => void }>();
  worker.on('message', (m: { type: string }) => {
    const w = waiting.get(m.type);
    waiting.delete(m.type);
    w?.resolve(m as never);
  });
  worker.on('error', (e) => {
    for (const w of waiting.values()) w.reject(e);
    waiting.clear();
  });
  const next = <T>(type: string, send?: string) =>
    new Promise<T>((resolve, reject) => {
      waiting.set(type, { resolve: resolve as (m: never) => void, reject });
      if (send) worker.postMessage(send);
    });
  return {
    /** Every stream has opened (or a minute has passed); answers how many did. */
    ready: next<{ opened: number }>('ready').then((m) => m.opened),
    /** Starts cutting each stream once, at a random moment within `cutWithinMs` from now. */
    startCuts: () => worker.postMessage('cut'),
    /** How many (order, stream) deliveries have arrived so far, duplicates left out. */
    count: () => next<{ count: number }>('count', 'count').then((m) => m.count),
    stop: async () => {
      const r = await next<SseRunResult & { type: string }>('result', 'stop');
      void worker.terminate();
      return r;
    },
  };
}
