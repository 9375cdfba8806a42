import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance, type FastifyServerOptions, type RouteOptions } from 'fastify';
import { levels } from 'pino';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { hasZodFastifySchemaValidationErrors, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { messages } from '../domain/messages';
import { AppError, badRequest, loggableError, TooManyRequests, unstorableText } from './infra/http/errors';
import { guard, isShopScoped } from './infra/auth/guard';
import { securityHeaderOptions, securityHeaders } from './infra/http/securityHeaders';
import { serializerCompiler } from './infra/http/serializer';
import { methodNotAllowed } from './infra/http/methodNotAllowed';
import { openapiTransform, openapiTransformObject } from './infra/http/openapi';
import type { AuthLevel, Services, ShopRole } from './infra/context';
import type { StaffPermission } from '../domain/staffPermissions';
import { registerRoutes } from './routes';
import { areas } from './areas';
import { messagesRegistry, settingsRegistry, setupRules } from './areas/types';
import { mailJobHandler } from './infra/mail/queued';
import type { QueueName } from './infra/jobs';
import { withRequestActor } from './infra/requestContext';

export const CONSOLE_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist/console');

/** Query parameters that carry secrets; their values never reach the logs. */
const SECRET_PARAMS = /([?&](?:token|oobCode|code|state|ticket|cancelToken)=)[^&]*/gi;
/** Path segments that carry secrets (a bank-account token from Stripe.js); likewise kept out of the logs. */
const SECRET_SEGMENTS = /(\/external_account\/)[^/?#]+/gi;
const redactUrl = (url: string) => url.replace(SECRET_PARAMS, '$1[redacted]').replace(SECRET_SEGMENTS, '$1[redacted]');

const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

export interface RouteEntry {
  method: string;
  url: string;
  auth: AuthLevel;
  shopRole: ShopRole | null;
  /** The staff permission a USER also needs (the shop scope checks it). */
  staffPermission: StaffPermission | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    routeTable: RouteEntry[];
    /** The built console's folder when this app serves it (pages rendered on the server fill in its templates), else null. */
    consoleDir: string | null;
  }
}

interface BuildOptions {
  services: Services;
  logger?: FastifyServerOptions['logger'];
  /** Serve the built console at / (off in API tests). */
  serveConsole?: boolean;
  /** Where the built console is (default dist/console); browser tests serve a snapshot of it. */
  consoleDir?: string;
  /**
   * Log a line per request at info (default). Off, each request's logger is at warn at least: its errors still show,
   * its 'incoming request' and 'request completed' lines do not (the demo's terminal, unless LOG_LEVEL=debug).
   */
  requestLogs?: boolean;
}

export async function buildApp({
  services,
  logger = false,
  serveConsole = true,
  consoleDir = CONSOLE_DIR,
  requestLogs = true,
}: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      logger === true || (logger && typeof logger === 'object')
        ? {
            ...(typeof logger === 'object' ? logger : {}),
            redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
            serializers: {
              req: (req) => ({ method: req.method, url: redactUrl(req.url), remoteAddress: req.ip }),
            },
          }
        : false,
    // Every request's logger, the not-found handler's (the console's pages) too, is made here.
    ...(requestLogs
      ? {}
      : {
          // Never below warn; a quieter app (error, silent) stays as quiet.
          childLoggerFactory: (log, bindings, opts) =>
            log.child(bindings, { ...opts, level: (levels.values[log.level] ?? Infinity) >= levels.values.warn! ? log.level : 'warn' }),
        }),
    // A hop count trusts the nearest n proxies (what Fastify does for a number, which its types leave out).
    trustProxy: typeof services.config.trustProxy === 'number' ? trustHops(services.config.trustProxy) : services.config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Auth cookies and bodies of a few KB; keep request handling strict.
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();

  // Bodiless POSTs from browsers (react-admin's fetchJson) still say `Content-Type: application/json`;
  // an empty body reads as none instead of a 400.
  // Text PostgreSQL cannot store (a NUL, a lone surrogate from a `\ud800` escape) is refused here, once for every route,
  // instead of failing (500) or being silently altered wherever a handler happens to write it.
  const json = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    if (body === '') return done(null, undefined);
    return json(req, body as string, (err: Error | null, value?: unknown) => {
      const unstorable = err ? undefined : unstorableText(value);
      return unstorable ? done(unstorable, undefined) : done(err, value);
    });
  });
  // The URL (path parameters, query strings, cursors) is checked once for an encoded NUL, for the same reason. It cannot
  // carry a lone surrogate: percent-decoding never makes one (a bad UTF-8 sequence is a 400 in a path, kept as typed in a
  // query); JSON in a query (list filters) is checked where it is parsed (http/list.ts).
  app.addHook('onRequest', async (req) => {
    if (/%00/i.test(req.url) || req.url.includes('\u0000')) throw badRequest(messages.nulCharacter, undefined, 'NUL_CHARACTER');
  });
  methodNotAllowed(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('services', services);
  startWorkers(app, services);
  // The rest of each request runs knowing its actor, which every statement it makes hands to the audit log
  // (server/infra/db/client.ts); read lazily, since the guard names the caller after this hook.
  app.addHook('onRequest', (req, _reply, done) => {
    const at = services.clock.now().toISOString();
    const userAgent = req.headers['user-agent']?.slice(0, 512) ?? null;
    withRequestActor(
      () =>
        req.user || req.apiKey
          ? {
              userId: req.user?.id ?? null,
              name: req.user?.name ?? null,
              apiKeyId: req.apiKey?.id ?? null,
              apiKeyName: req.apiKey?.name ?? null,
              ip: req.ip ?? null,
              userAgent,
              at,
            }
          : null,
      done,
    );
  });

  // Routes registered by plugins we do not own (docs, static files) are public by nature.
  app.addHook('onRoute', (opts) => {
    if (opts.url.startsWith('/api/docs') || !opts.url.startsWith('/api')) opts.config = { ...opts.config, auth: 'public' };
  });

  // Every route with who may call it, so test/api/authorization.test.ts can prove no route escapes the checks.
  // Read at onReady from the route options themselves: the onRoute hooks of scoped plugins (the shop scope's
  // default role) run after this one, and the table must show what each route finally enforces.
  const routeTable: RouteEntry[] = [];
  const routeOptions: RouteOptions[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (opts) => void routeOptions.push(opts));
  app.addHook('onReady', async () => {
    for (const opts of routeOptions) {
      const shopRole = opts.config?.shopRole || null;
      if (shopRole && !isShopScoped(opts))
        throw new Error(`${opts.url} asks for shopRole ${shopRole} outside the shop scope, where nothing enforces it`);
      const staffPermission = opts.config?.staffPermission ?? null;
      if (staffPermission && !shopRole)
        throw new Error(`${opts.url} asks for staff permission ${staffPermission} outside the shop scope, where nothing enforces it`);
      for (const method of [opts.method].flat()) {
        if (method === 'HEAD' || method === 'OPTIONS') continue;
        routeTable.push({ method, url: opts.url, auth: opts.config?.auth ?? 'verified', shopRole, staffPermission });
      }
    }
  });

  app.setErrorHandler((error, req, reply) => {
    // Every 429 says when to come back. A limit that does not know (the order limits, Stripe's own) is at most one
    // window of the shared limiter away.
    if ((error as { statusCode?: number }).statusCode === 429 && !reply.hasHeader('Retry-After')) {
      const seconds = error instanceof TooManyRequests ? error.retryAfterSeconds : undefined;
      reply.header('Retry-After', String(seconds ?? services.config.rateLimit.windowSeconds));
    }
    if (error instanceof AppError) {
      return reply
        .status(error.statusCode)
        .send({ message: error.message, code: error.code, ...(error.errors ? { errors: error.errors } : {}) });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: Record<string, string> = {};
      for (const v of error.validation) {
        const key = v.instancePath.replace(/^\//, '').replace(/\//g, '.') || '_';
        if (!(key in errors)) errors[key] = v.message ?? messages.invalidForm;
      }
      return reply.status(400).send({ message: Object.values(errors)[0] ?? messages.invalidForm, code: 'VALIDATION', errors });
    }
    const { statusCode: status = 500, code, message } = error as { statusCode?: number; code?: string; message?: string };
    if (status === 429) return reply.status(429).send({ message: messages.tooManyRequests, code: 'RATE_LIMITED' });
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ message: message ?? messages.invalidForm, code: code ?? 'BAD_REQUEST' });
    }
    req.log.error({ err: loggableError(error) }, 'request failed');
    return reply.status(500).send({ message: 'Something went wrong on our side. Please try again.', code: 'INTERNAL' });
  });

  await app.register(securityHeaders, securityHeaderOptions({ stripe: services.stripe.connect.kind === 'stripe' }));
  await app.register(cookie);
  await app.register(multipart, {
    limits: { fileSize: services.config.upload.maxBytes, files: 1, fields: 10, parts: 12 },
  });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Servery API',
        version: '1.0.0',
        description: 'Back-office and public ordering API of Servery.',
        license: { name: 'Proprietary', url: `${services.config.publicUrl}/api/docs` },
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: openapiTransform,
    transformObject: openapiTransformObject(),
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  await app.register(guard);

  app.decorate('consoleDir', serveConsole ? consoleDir : null);
  app.decorate('settingsKinds', settingsRegistry(areas));
  app.decorate('setupRules', setupRules(areas));
  messagesRegistry(areas, messages);
  await registerRoutes(app, areas);
  app.get('/api/openapi.json', { config: { auth: 'public' }, schema: { hide: true } }, async () => app.swagger());

  const haveConsole = serveConsole && fs.existsSync(path.join(consoleDir, 'index.html'));
  // Pages whose first view the build pre-rendered (login.html for /login, the counter's board for every shop): they
  // paint before the JavaScript runs. The build lists them by route pattern in first-views.json.
  const firstViews = haveConsole ? firstViewFiles(consoleDir) : [];
  if (haveConsole) {
    await app.register(fastifyStatic, {
      root: consoleDir,
      wildcard: false,
      index: false,
      // Our own Cache-Control (below), not the plugin's max-age=0.
      cacheControl: false,
      // The build writes .br and .gz beside each asset; send the smallest the browser accepts.
      preCompressed: true,
      // Source maps stay on the server's disk only; the ordering page's template is only served filled in (/order/…).
      allowedPath: (pathName) => !pathName.endsWith('.map') && pathName !== '/storefront/index.html',
      setHeaders: (res, file) => {
        // Vite fingerprints assets, so they can be cached for a year; index.html must always be fresh.
        res.setHeader('Cache-Control', file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
        // Caches must keep the brotli, gzip and plain answers apart.
        res.setHeader('Vary', 'Accept-Encoding');
      },
    });
  }
  app.setNotFoundHandler((req, reply) => {
    const url = req.url.split('?')[0];
    if (url.startsWith('/api/') || url === '/api' || (req.method !== 'GET' && req.method !== 'HEAD')) {
      return reply.status(404).send({ message: `No route ${req.method} ${url}`, code: 'NOT_FOUND' });
    }
    if (!haveConsole) {
      return reply.status(503).type('text/plain').send('The console is not built yet. Run `npm run build` (npm start does it for you).');
    }
    if (path.extname(url)) return reply.status(404).type('text/plain').send('Not found');
    reply.header('Cache-Control', 'no-cache');
    return reply.sendFile(firstViews.find((v) => v.pattern.test(url))?.file ?? 'index.html');
  });

  return app;
}

/**
 * The job queue's workers and the areas' sweeps run while the app is up, in every process (tests included: their
 * mails go through the queue as in production); they stop before the app's connections close.
 */
function startWorkers(app: FastifyInstance, services: Services) {
  services.jobs.work('mail', mailJobHandler(services));
  const sweeps: { everyMs: number; run(): Promise<void> }[] = [];
  for (const area of areas) {
    const workers = area.workers?.(services);
    for (const [queue, handler] of Object.entries(workers?.queues ?? {})) if (handler) services.jobs.work(queue as QueueName, handler);
    if (workers?.sweep) sweeps.push(workers.sweep);
  }
  const stops: (() => void)[] = [];
  const running = new Set<Promise<void>>();
  let closing = false;
  app.addHook('onReady', async () => {
    await services.jobs.start();
    for (const sweep of sweeps) {
      // One run at a time per process; a tick during a run asks for one more run after it, so no tick is lost.
      // Each tick answers the run that covers it (a test clock waits for it).
      let current: Promise<void> | null = null;
      let again: Promise<void> | null = null;
      const run = (): Promise<void> => {
        if (current) {
          again ??= current.then(() => {
            again = null;
            return closing ? undefined : run();
          });
          return again;
        }
        const started: Promise<void> = sweep
          .run()
          .catch((err) => app.log.error({ err: loggableError(err) }, 'sweep failed'))
          .finally(() => {
            running.delete(started);
            current = null;
          });
        current = started;
        running.add(started);
        return started;
      };
      stops.push(services.clock.every(sweep.everyMs, run));
    }
  });
  app.addHook('onClose', async () => {
    closing = true;
    for (const stop of stops) stop();
    await Promise.allSettled([...running]);
    await services.jobs.stop();
  });
}

/** The build's pre-rendered pages (first-views.json): a matcher for each page's route pattern (/shops/:shopId/…), and its file. */
function firstViewFiles(consoleDir: string): { pattern: RegExp; file: string }[] {
  const manifest = path.join(consoleDir, 'first-views.json');
  if (!fs.existsSync(manifest)) return [];
  const pages = JSON.parse(fs.readFileSync(manifest, 'utf8')) as { path: string; file: string }[];
  const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return pages.map((p) => ({
    pattern: new RegExp(
      `^${p.path
        .split('/')
        .map((seg) => (seg.startsWith(':') ? '[^/]+' : escape(seg)))
        .join('/')}$`,
    ),
    file: p.file,
  }));
}
