import type { IncomingMessage, ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * What Stripe.js needs (docs.stripe.com/security/guide, "Content Security Policy"): its script and the frames it opens
 * on js.stripe.com and its subdomains, and the API it sends bank details to. Only a server with the Stripe provider
 * lets the console load it; with the simulated provider the console never does, so nothing of Stripe's is allowed.
 */
const STRIPE_JS = {
  script: ['https://js.stripe.com', 'https://*.js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://*.js.stripe.com'],
  connect: ['https://api.stripe.com'],
};

/** Helmet's headers with our Content-Security-Policy. */
export function securityHeaderOptions({ stripe }: { stripe: boolean }): HelmetOptions {
  const allow = (list: string[]) => (stripe ? list : []);
  return {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...allow(STRIPE_JS.script)],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        connectSrc: ["'self'", ...allow(STRIPE_JS.connect)],
        frameSrc: ["'self'", ...allow(STRIPE_JS.frame)],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  };
}

/** The headers helmet would set with these options, worked out once by running its middleware on a stand-in response. */
function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: string) => void (headers[name.toLowerCase()] = value),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
  });
  return headers;
}

/**
 * Helmet's security headers on every answer. @fastify/helmet rebuilds the helmet middleware (CSP parsing included)
 * on every request; with no per-request nonces the headers never change, so they are computed once.
 */
export const securityHeaders = fp<HelmetOptions>(
  async (app, options) => {
    const headers = helmetHeaders(options);
    app.addHook('onRequest', (_req, reply, done) => {
      reply.headers(headers);
      done();
    });
  },
  { name: 'security-headers' },
);
