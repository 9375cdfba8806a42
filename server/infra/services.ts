import path from 'node:path';
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Config } from '../config';
import type { Database } from './db/client';
import type { Services } from './context';
import { AccessTokens } from './auth/tokens';
import { outboxMailer, smtpMailer, type Mailer } from './mail';
import { createStorage, type Storage } from './storage';
import { systemClock, type Clock } from './clock';
import { backgroundTasks } from './mail/background';
import { pgRateLimiter } from './rateLimit';
import { credentialsKey, lazyCredentialBox } from './credentials';
import { createStripeServices } from './payments/connectServices';
import { stripePayments } from './payments/stripe';
import { simulatedPayments, type PaymentProvider } from './payments';
import { pgEventHub, StreamTickets } from './events';
import { readReplica } from './db/replica';
import { createJobs } from './jobs';

/**
 * The signing secret: JWT_SECRET when set, else one generated once and kept in the database,
 * so every server process on the same database signs and checks with the same key.
 */
async function signingSecret(config: Config, database: Database): Promise<string> {
  if (config.jwtSecret) return config.jwtSecret;
  const candidate = crypto.randomBytes(48).toString('base64url');
  await database.db.execute(
    sql`INSERT INTO platform_config (key, value) VALUES ('jwt_secret', ${JSON.stringify(candidate)}::jsonb) ON CONFLICT (key) DO NOTHING`,
  );
  const res = await database.db.execute<{ value: string }>(sql`SELECT value FROM platform_config WHERE key = 'jwt_secret'`);
  return res.rows[0].value;
}

const describe = (o: object) => {
  const err = (o as { err?: unknown }).err;
  return err instanceof Error ? err.message : JSON.stringify(o);
};

export async function createServices(
  config: Config,
  database: Database,
  opts: { log: (msg: string) => void; mailer?: Mailer; storage?: Storage; clock?: Clock; payments?: PaymentProvider },
): Promise<Services> {
  const clock = opts.clock ?? systemClock;
  const mailer =
    opts.mailer ??
    (config.smtpUrl
      ? smtpMailer(config.smtpUrl, config.mailFrom)
      : outboxMailer(path.join(config.dataDir, 'outbox'), config.mailFrom, opts.log));
  const secret = await signingSecret(config, database);
  const stripe = createStripeServices(config, database, clock, secret);
  return {
    ...database,
    config,
    clock,
    mailer,
    storage: opts.storage ?? createStorage(config),
    tokens: new AccessTokens(secret, config.accessTokenTtlSeconds),
    rateLimiter: pgRateLimiter(database.db, clock),
    credentials: lazyCredentialBox(() => credentialsKey(config, database)),
    stripe,
    payments:
      opts.payments ?? (stripe.stripe ? stripePayments(stripe.stripe, database.db) : simulatedPayments({ ledger: stripe.ledger!, clock })),
    events: pgEventHub(database.pool, database.directUrl, opts.log),
    streamTickets: new StreamTickets(secret),
    keyFor: (purpose) => crypto.createHmac('sha256', secret).update(`servery:${purpose}`).digest(),
    background: backgroundTasks(),
    replica: readReplica(database, config.databaseReplicaUrl, config.databasePoolMax, config.unnamedStatements),
    jobs: createJobs(database.pool, database.directUrl, {
      ...config.jobs,
      log: { error: (o, m) => opts.log(`${m}: ${describe(o)}`), warn: (o, m) => opts.log(`${m}: ${describe(o)}`) },
    }),
  };
}
