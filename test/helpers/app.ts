import os from 'node:os';
import type { FastifyServerOptions } from 'fastify';
import path from 'node:path';
import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { type Config } from '../../server/config';
import { loadConfig } from '../../server/serverConfig';
import { connect, type Database } from '../../server/infra/db/client';
import { buildApp } from '../../server/app';
import { createServices } from '../../server/infra/services';
import { ManualClock } from '../../server/infra/clock';
import type { Services } from '../../server/infra/context';
import type { Storage } from '../../server/infra/storage';
import { freshDatabaseSettings } from './db';
import { MailCapture } from './mail';
import { recordContract } from './contract';
import type { TestUser } from './users';

export interface TestContext {
  app: FastifyInstance;
  services: Services;
  db: Database['db'];
  pool: Database['pool'];
  config: Config;
  clock: ManualClock;
  mail: MailCapture;
  dataDir: string;
  close(): Promise<void>;
}

/**
 * The real app on a fresh database of its own, a real SMTP receiver and a controllable clock.
 * `env` overrides settings (e.g. tighter rate limits).
 */
export async function createTestContext(
  opts: {
    env?: Record<string, string>;
    serveConsole?: boolean;
    consoleDir?: string;
    storage?: Storage;
    logger?: FastifyServerOptions['logger'];
    /** A line per request in the log (default), or only a request's warnings and errors, as the demo's terminal has. */
    requestLogs?: boolean;
    /** Check every answer `app.inject` gives against the served OpenAPI document (contract.ts); on unless false. */
    contract?: boolean;
    /** The app's pool size (default 5); a small one makes concurrent requests share connections. */
    poolMax?: number;
  } = {},
): Promise<TestContext> {
  const mail = await new MailCapture().start();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'servery-data-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    ...(await freshDatabaseSettings()),
    SMTP_URL: mail.url,
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789',
    // Fixed like JWT_SECRET, so building an app reads nothing from the database (the health test builds one on an
    // unreachable database); the generated-key path is tested with CREDENTIALS_KEY: '' (unset).
    CREDENTIALS_KEY: '0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef',
    LOG_LEVEL: 'silent',
    RATE_LIMIT_PER_IP: '1000',
    RATE_LIMIT_PER_ACCOUNT: '1000',
    // Queued mail reaches the receiver within a poll; a failing send is retried within seconds.
    JOB_POLL_SECONDS: '0.5',
    MAIL_RETRY_DELAY_SECONDS: '1',
    ...opts.env,
  });
  const database = connectLike(config, opts.poolMax ?? 5);
  const clock = new ManualClock();
  const services = await createServices(config, database, { log: () => undefined, clock, storage: opts.storage });
  const app = await buildApp({
    services,
    serveConsole: opts.serveConsole ?? false,
    consoleDir: opts.consoleDir,
    logger: opts.logger ?? false,
    requestLogs: opts.requestLogs,
  });
  await app.ready();
  if (opts.contract !== false) recordContract(app);
  return {
    app,
    services,
    db: database.db,
    pool: database.pool,
    config,
    clock,
    mail,
    dataDir,
    async close() {
      await app.close();
      await services.replica.close();
      await database.pool.end();
      services.mailer.close?.();
      await mail.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Another connection pool to the test app's database, as a second server process would open it. */
export function connectLike(config: Config, max: number): Database {
  return connect(config.databaseUrl!, max, {}, { directUrl: config.databaseDirectUrl, unnamedStatements: config.unnamedStatements });
}

/** Requests as `user` (null: anonymous), in fewer words. */
export function api(ctx: TestContext) {
  const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, user: TestUser | null, payload?: unknown) =>
    ctx.app.inject({ method, url, headers: user?.headers, payload: payload as Record<string, unknown> | undefined });
  return {
    get: (url: string, user: TestUser | null, headers: Record<string, string> = {}) =>
      ctx.app.inject({ method: 'GET', url, headers: { ...user?.headers, ...headers } }),
    post: (url: string, user: TestUser | null, payload: unknown) => send('POST', url, user, payload),
    put: (url: string, user: TestUser | null, payload: unknown) => send('PUT', url, user, payload),
    del: (url: string, user: TestUser | null) => send('DELETE', url, user),
  };
}
