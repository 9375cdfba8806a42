import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

export interface Received {
  headers: Record<string, string>;
  body: string;
  /** The request's path: one receiver can serve several endpoints (`url` + `/<name>`), told apart by it. */
  path: string;
}

/**
 * A real HTTP receiver on loopback for webhook tests. `answer` says how it answers from now on: 'ok' (204), 'down'
 * (503, what it got is not kept), or 'lostAck' (keeps the message, then answers 500, as a receiver whose answer
 * was lost: the sender retries a message it already has).
 */
export async function webhookReceiver() {
  const received: Received[] = [];
  let answer: 'ok' | 'down' | 'lostAck' = 'ok';
  let waiters: (() => void)[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (answer !== 'down') {
        received.push({
          headers: req.headers as Record<string, string>,
          body: Buffer.concat(chunks).toString('utf8'),
          path: req.url ?? '',
        });
        for (const w of waiters) w();
        waiters = [];
      }
      res.statusCode = answer === 'ok' ? 204 : answer === 'down' ? 503 : 500;
      res.end(answer === 'down' ? 'Service Unavailable: down for maintenance' : undefined);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    set answer(a: 'ok' | 'down' | 'lostAck') {
      answer = a;
    },
    /** Unique by webhook-id, in the order first received: what a receiver that deduplicates processes. */
    deduplicated(): Received[] {
      const seen = new Set<string>();
      return received.filter((r) => !seen.has(r.headers['webhook-id']) && seen.add(r.headers['webhook-id']));
    },
    /** Waits (on the real work, never a guessed time) until `n` messages have been kept. */
    async waitFor(n: number, timeoutMs = 15_000) {
      const until = Date.now() + timeoutMs;
      while (received.length < n) {
        if (Date.now() > until) throw new Error(`received ${received.length} of ${n} webhooks`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 100);
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Verifies a received message with the standardwebhooks package, as a receiver does, at the instant it was signed
 * (the tests move the app's clock by days; the package compares the timestamp with Date.now()).
 */
export function verifies(secret: string, r: Received): boolean {
  const realNow = Date.now;
  Date.now = () => Number(r.headers['webhook-timestamp']) * 1000;
  try {
    new Webhook(secret).verify(r.body, r.headers);
    return true;
  } catch {
    return false;
  } finally {
    Date.now = realNow;
  }
}
