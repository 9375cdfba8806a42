import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { sql } from 'drizzle-orm';
import { createEndpoint } from '../server/areas/webhooks/service';
import type { Services } from '../server/infra/context';
import type { Db } from '../server/infra/db/client';

/*
 * Webhook receivers for the benches: `count` HTTP servers on loopback answering 204, in a worker thread of their own
 * (the app runs on this process's main thread: a receiver there would take its event loop, which no real receiver
 * does). Each keeps when every message arrived (by webhook-id) and which order it was about, and verifies the
 * signature of a sample with the standardwebhooks package at the moment it arrives, as a receiver does.
 */
const LOOP = `
const http = require('node:http');
const { parentPort, workerData: { count, verifyEvery, standardwebhooks } } = require('node:worker_threads');
const { Webhook } = require(standardwebhooks);
let verifiers = [];
const arrivals = [];
const seen = new Set();
let duplicates = 0, verified = 0, badSignatures = 0, unreadable = 0;
const servers = Array.from({ length: count }, (_, endpoint) => {
  let n = 0;
  return http.createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const at = Date.now();
      const id = req.headers['webhook-id'];
      const body = Buffer.concat(chunks).toString('utf8');
      if (seen.has(id)) duplicates++;
      else {
        seen.add(id);
        let orderId = null, placedAt = null;
        try {
          const data = JSON.parse(body).data;
          orderId = data?.id ?? null;
          placedAt = data?.placedAt ? Date.parse(data.placedAt) : null;
        } catch { unreadable++; }
        arrivals.push([endpoint, orderId, at, placedAt]);
        if (n++ % verifyEvery === 0) {
          const ok = (verifiers[endpoint] ?? []).some((v) => { try { v.verify(body, req.headers); return true; } catch { return false; } });
          if (ok) verified++; else badSignatures++;
        }
      }
      res.statusCode = 204;
      res.end();
    });
  });
});
Promise.all(servers.map((s) => new Promise((r) => s.listen(0, '127.0.0.1', () => r(s.address().port))))).then((ports) =>
  parentPort.postMessage({ ports }),
);
parentPort.on('message', (m) => {
  if (m.secrets) m.secrets.forEach((s, i) => (verifiers[i] ??= []).push(new Webhook(s)));
  if (m.count) parentPort.postMessage({ count: arrivals.length });
  if (m.report) parentPort.postMessage({ arrivals, duplicates, verified, badSignatures, unreadable });
});
`;

export interface ReceiverReport {
  /** [endpoint index, order id (null: an order.placed without one), arrival epoch ms, the order's placedAt epoch ms]. */
  arrivals: [number, string | null, number, number | null][];
  duplicates: number;
  verified: number;
  badSignatures: number;
  unreadable: number;
}

export async function benchReceivers(count: number, verifyEvery = 50) {
  const standardwebhooks = createRequire(import.meta.url).resolve('standardwebhooks');
  const worker = new Worker(LOOP, { eval: true, workerData: { count, verifyEvery, standardwebhooks } });
  let failed: Error | null = null;
  worker.once('error', (e) => (failed = e));
  const ask = <T>(message: object, key: string) =>
    new Promise<T>((resolve, reject) => {
      if (failed) return reject(failed);
      const on = (m: Record<string, unknown>) => {
        if (!(key in m)) return;
        worker.off('message', on);
        resolve(m as T);
      };
      worker.on('message', on);
      if (Object.keys(message).length) worker.postMessage(message);
    });
  const { ports } = await ask<{ ports: number[] }>({}, 'ports');
  return {
    urls: ports.map((p) => `http://127.0.0.1:${p}/hooks`),
    /** One shop's endpoints' secrets, in the receivers' order, so the sample's signatures can be checked. */
    useSecrets: (secrets: string[]) => worker.postMessage({ secrets }),
    /** Messages kept so far (duplicates not counted). */
    count: async () => (await ask<{ count: number }>({ count: true }, 'count')).count,
    report: () => ask<ReceiverReport>({ report: true }, 'arrivals'),
    close: () => worker.terminate(),
  };
}

/**
 * Subscribes one endpoint per URL to `eventTypes` of the shop, through the area's own service (the URL checked, the
 * secret sealed, the shop watched for wakes), as an ADMIN the bench adds; answers the secrets in the URLs' order.
 */
export async function subscribeEndpoints(services: Services, shopId: string, urls: string[], eventTypes: string[]): Promise<string[]> {
  const { db } = services;
  const admin = await db.execute<{ id: string }>(sql`
    WITH u AS (INSERT INTO users (email, name, password_hash) VALUES (${`hooks-${shopId}@bench.example`}, 'Hooks', 'x') RETURNING id)
    INSERT INTO shop_sellers (shop_id, user_id, role) SELECT ${shopId}, id, 'ADMIN' FROM u RETURNING user_id AS id`);
  const secrets: string[] = [];
  for (const [i, url] of urls.entries()) {
    const made = await createEndpoint(services, shopId, { url, eventTypes, description: `bench receiver ${i + 1}` }, admin.rows[0].id);
    secrets.push(made.secret);
  }
  return secrets;
}

/** Endpoints behind their shop's newest event, and deliveries not yet settled: both 0 when every webhook is out. */
export async function webhooksOutstanding(db: Db): Promise<{ behind: number; open: number }> {
  const res = await db.execute<{ behind: number; open: number }>(sql`
    SELECT (SELECT count(*)::int FROM webhook_endpoints e JOIN shop_event_counters c ON c.shop_id = e.shop_id
             WHERE e.enabled AND e.cursor < c.last_seq) AS behind,
           (SELECT count(*)::int FROM webhook_deliveries WHERE status IN ('PENDING', 'SENDING')) AS open`);
  return res.rows[0];
}

/** Waits until every webhook is out (answers true), or `timeoutMs` passed (false). */
export async function webhooksDone(db: Db, timeoutMs: number): Promise<boolean> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const { behind, open } = await webhooksOutstanding(db);
    if (!behind && !open) return true;
    await new Promise((r) => setTimeout(r, 200));
  }
  return false;
}
