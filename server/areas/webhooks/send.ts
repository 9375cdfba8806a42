import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { resolvePublic } from './addresses';

/** How long a receiver has to answer before the attempt counts as failed. */
export const DELIVERY_TIMEOUT_MS = 10_000;
/** How much of an answer the log keeps. */
export const RESPONSE_KEPT_BYTES = 1024;

/**
 * The webhook-signature header: one `v1,<base64 HMAC-SHA256>` per secret that still signs, separated by spaces (a
 * receiver accepts the message when any one verifies, so a rolled secret keeps working while receivers move over).
 */
export function signature(secrets: string[], messageId: string, at: Date, body: string): string {
  return secrets.map((s) => new Webhook(s).sign(messageId, at, body)).join(' ');
}

export interface AttemptResult {
  ok: boolean;
  statusCode: number | null;
  latencyMs: number;
  response: string;
}

/** A lookup that answers the one address already checked, so the connection cannot go anywhere else. */
const pinned =
  (address: string, family: 4 | 6): LookupFunction =>
  (_host, options, callback) => {
    if ((options as { all?: boolean }).all)
      (callback as (e: null, a: { address: string; family: number }[]) => void)(null, [{ address, family }]);
    else callback(null, address, family);
  };

/**
 * POSTs one signed message. The host is resolved and every address checked first (refused: no request at all), and
 * the connection is pinned to the checked address. Redirects are not followed (a 3xx is a failed attempt, like any
 * answer outside 2xx). Never throws: whatever happened is in the answer, for the delivery log.
 */
export async function postSigned(opts: {
  url: string;
  body: string;
  messageId: string;
  at: Date;
  secrets: string[];
  allowPrivate: boolean;
}): Promise<AttemptResult> {
  const started = performance.now();
  const took = () => Math.round(performance.now() - started);
  const url = new URL(opts.url);
  const target = await resolvePublic(url, opts.allowPrivate);
  if (!target.ok)
    return {
      ok: false,
      statusCode: null,
      latencyMs: took(),
      response:
        target.reason === 'private'
          ? 'Not sent: the host name resolves to a private, loopback or link-local address'
          : 'Not sent: the host name could not be resolved',
    };
  const headers = {
    'content-type': 'application/json',
    'user-agent': 'Servery-Webhooks/1',
    'webhook-id': opts.messageId,
    'webhook-timestamp': String(Math.floor(opts.at.getTime() / 1000)),
    'webhook-signature': signature(opts.secrets, opts.messageId, opts.at, opts.body),
  };
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<AttemptResult>((resolve) => {
    const req = client.request(
      url,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': Buffer.byteLength(opts.body) },
        lookup: pinned(target.address, target.family),
        signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        let kept = 0;
        const done = () => {
          const statusCode = res.statusCode ?? null;
          resolve({
            ok: statusCode !== null && statusCode >= 200 && statusCode < 300,
            statusCode,
            latencyMs: took(),
            response: Buffer.concat(chunks).subarray(0, RESPONSE_KEPT_BYTES).toString('utf8'),
          });
        };
        res.on('data', (chunk: Buffer) => {
          if (kept < RESPONSE_KEPT_BYTES) chunks.push(chunk);
          kept += chunk.length;
          // The rest of a long answer is not worth waiting for.
          if (kept >= RESPONSE_KEPT_BYTES) {
            res.destroy();
            done();
          }
        });
        res.on('end', done);
        res.on('error', done);
      },
    );
    req.on('error', (err: NodeJS.ErrnoException) =>
      resolve({
        ok: false,
        statusCode: null,
        latencyMs: took(),
        response:
          err.name === 'TimeoutError' || err.name === 'AbortError'
            ? `No answer within ${DELIVERY_TIMEOUT_MS / 1000} s`
            : `Could not connect: ${err.code ?? err.message}`,
      }),
    );
    req.end(opts.body);
  });
}
