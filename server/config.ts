import { z } from 'zod';
import net from 'node:net';
import path from 'node:path';

/** An integer setting within bounds, as the environment gives it (a string). */
export const envInt = (min: number, max: number) => z.coerce.number().int().min(min).max(max);
/** A yes/no setting: true, 1 or yes; false, 0 or no. */
export const envBool = z.enum(['true', 'false', '1', '0', 'yes', 'no']).transform((v) => ['true', '1', 'yes'].includes(v));

const bool = envBool;
const int = envInt;

/** Settings whose values are secrets (or carry one, like a URL with a password): never echoed in errors. */
const SECRET_SETTINGS = new Set([
  'JWT_SECRET',
  'SMTP_URL',
  'DATABASE_URL',
  'DATABASE_DIRECT_URL',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
]);
/** Settings added later are kept out of error messages by their name alone (STRIPE_SECRET_KEY, *_TOKEN, ...). */
const SECRET_NAME = /SECRET|KEY|PASSWORD|TOKEN|CREDENTIAL/i;
/** Any value holding a URL with user info (`scheme://user:password@host`) carries a password wherever it is set. */
const URL_WITH_USERINFO = /:\/\/[^/\s]*@/;

const echoable = (name: string, value: string | undefined, secrets: ReadonlySet<string>) =>
  value !== undefined && !secrets.has(name) && !SECRET_NAME.test(name) && !URL_WITH_USERINFO.test(value);

/** Fastify (proxy-addr) also takes these names for the loopback, link-local and unique-local ranges. */
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** An IP address, optionally with a prefix length that fits its family (`10.0.0.0/8`, `fd00::/8`). */
function isAddressOrCidr(entry: string) {
  if (NAMED_RANGES.has(entry)) return true;
  const [address, prefix, ...rest] = entry.split('/');
  const family = net.isIP(address);
  if (!family || rest.length) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: how many proxies stand in front of us (a hop count), or which addresses they have (a list of IPs or
 * CIDRs). Both make Fastify take the client address from X-Forwarded-For only as far as a proxy we trust wrote it,
 * so a client cannot choose its own address by sending the header. `true` (trust every hop) would let it, so it is
 * refused.
 */
const trustProxy = z.string().transform((v, ctx): false | number | string[] => {
  const value = v.trim().toLowerCase();
  if (['false', '0', 'no', 'off'].includes(value)) return false;
  if (/^\d+$/.test(value)) return Number(value);
  if (['true', 'yes', 'on'].includes(value)) {
    ctx.addIssue({
      code: 'custom',
      message: 'must be the number of proxies in front of the server (TRUST_PROXY=1 for one load balancer) or their addresses, not true',
    });
    return z.NEVER;
  }
  const list = value
    .split(',')
    .map((a) => a.trim())
    .filter(Boolean);
  const bad = list.find((a) => !isAddressOrCidr(a));
  if (bad || list.length === 0) {
    ctx.addIssue({
      code: 'custom',
      message: `must be a hop count or a comma-separated list of proxy addresses or CIDRs (bad entry: ${bad ?? '(empty)'})`,
    });
    return z.NEVER;
  }
  return list;
});

/**
 * The app-wide settings, read once from the environment; each area declares its own (AreaManifest.config) and
 * loadConfig composes them. Defaults are documented in the README (test/unit/readmeConfig.test.ts keeps the two in step).
 */
export const appSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: int(0, 65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres://')
    .optional(),
  DATABASE_POOL_MAX: int(1, 500).default(10),
  DATABASE_DIRECT_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres://')
    .optional(),
  DATABASE_STATEMENTS: z.enum(['named', 'unnamed']).default('named'),
  DATABASE_REPLICA_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres://')
    .optional(),
  DATABASE_WAIT_SECONDS: int(0, 3600).default(0),
  PUBLIC_URL: z.url().optional(),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  ACCESS_TOKEN_TTL_SECONDS: int(30, 86_400).default(900),
  REFRESH_TOKEN_TTL_DAYS: int(1, 365).default(30),
  STEP_UP_SECONDS: int(30, 86_400).default(600),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Servery <no-reply@servery.local>'),
  // the durable job queue: how often each worker looks for work, and how mail is retried while SMTP fails
  JOB_POLL_SECONDS: z.coerce.number().min(0.5, 'must be at least 0.5').max(600).default(2),
  MAIL_RETRY_LIMIT: int(0, 100).default(8),
  MAIL_RETRY_DELAY_SECONDS: int(1, 86_400).default(30),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: trustProxy.default(false),
  UPLOAD_RATE_PER_MINUTE: int(1, 10_000).default(30),
  STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
  S3_BUCKET: z.string().min(3).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ENDPOINT: z.url().optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: bool.default(false),
  UPLOAD_MAX_MB: int(1, 100).default(10),
  UPLOAD_MAX_MEGAPIXELS: int(1, 300).default(16),
  RATE_LIMIT_WINDOW_SECONDS: int(1, 86_400).default(60),
  RATE_LIMIT_PER_IP: int(1, 100_000).default(30),
  RATE_LIMIT_PER_ACCOUNT: int(1, 100_000).default(10),
  STOREFRONT_READS_PER_MINUTE: int(1, 1_000_000).default(600),
  // the guard counts API keys' requests, so the limit is app-wide (infrastructure reads it)
  API_KEY_REQUESTS_PER_MINUTE: int(1, 1_000_000).default(120),
  // apps' store credentials are sealed by infrastructure (server/infra/credentials.ts), so their key is app-wide
  CREDENTIALS_KEY: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$|^[A-Za-z0-9+/_-]{43}=?$/, 'must be 32 bytes as 64 hex characters or base64 (openssl rand -hex 32)')
    .optional(),
  // Stripe Connect: infrastructure builds the client the orders and stripe areas share (server/infra/payments)
  // Stripe Connect
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_\w+$/, 'must be a Stripe secret key (sk_test_…, sk_live_… or a restricted rk_…)')
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_\w+$/, 'must be a webhook signing secret (whsec_…)')
    .optional(),
  STRIPE_CLIENT_ID: z
    .string()
    .regex(/^ca_\w+$/, 'must be a Connect client id (ca_…)')
    .optional(),
  STRIPE_API_BASE: z.url().optional(),
});

interface AppWideConfig {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  databasePoolMax: number;
  /** The database itself for session features when DATABASE_URL is a pooler; unset: DATABASE_URL. */
  databaseDirectUrl?: string;
  /** DATABASE_STATEMENTS=unnamed: for a pooler in transaction mode that cannot follow named statements. */
  unnamedStatements: boolean;
  /** A streaming replica the reports read from; unset: they read the primary. */
  databaseReplicaUrl?: string;
  /** How long start-up keeps trying a database that does not answer (restarting, not up yet) before it exits. */
  databaseWaitSeconds: number;
  publicUrl: string;
  jwtSecret?: string;
  accessTokenTtlSeconds: number;
  refreshTokenTtlDays: number;
  /** How long a proof (signing in, a step-up) lets the session move money or trust before it is asked again. */
  stepUpSeconds: number;
  smtpUrl?: string;
  mailFrom: string;
  /** The job queue: workers' polling interval; mail retries (with exponential back-off from the delay). */
  jobs: { pollSeconds: number; mailRetryLimit: number; mailRetryDelaySeconds: number };
  logLevel: string;
  /** Fastify's trustProxy: off, a hop count, or the proxies' addresses. */
  trustProxy: false | number | string[];
  storage:
    | { driver: 'local' }
    | {
        driver: 's3';
        bucket: string;
        region: string;
        endpoint?: string;
        accessKeyId?: string;
        secretAccessKey?: string;
        forcePathStyle: boolean;
      };
  upload: { maxBytes: number; maxPixels: number; perMinute: number };
  rateLimit: { windowSeconds: number; perIp: number; perAccount: number };
  /** Customers' API: cacheable reads per IP per minute, counted in each process (see storefront/readLimit.ts). */
  storefront: { readsPerMinute: number };
  /** Requests per API key per minute, counted in the shared limiter (every process together). */
  apiKeys: { perMinute: number };
  /** 32-byte key sealing store credentials (AES-256-GCM); unset → generated once and kept in the database. */
  credentialsKey?: Buffer;
  /** Stripe Connect. No secretKey: the simulated provider serves. apiBase points the SDK elsewhere (tests, stripe-mock). */
  stripe: { secretKey?: string; webhookSecret?: string; clientId?: string; apiBase?: string };
}

/** The app-wide settings, as an area's config is built from them (it may derive its defaults from PUBLIC_URL …). */
export type AppConfig = Omit<Config, 'areas'>;

export interface Config extends AppWideConfig {
  /** What each area's config declaration made of its variables; an area reads its own with `declaration.of(config)`. */
  areas: ReadonlyMap<AreaConfig, unknown>;
}

export class ConfigError extends Error {}

/** Every area's variables beside the app-wide ones; a name declared twice stops the start. */
function composedSchema(areas: readonly AreaWithConfig[]) {
  const shape: Record<string, z.ZodType> = { ...appSchema.shape };
  const secrets = new Set(SECRET_SETTINGS);
  for (const area of areas) {
    for (const [name, variable] of Object.entries(area.config?.variables ?? {})) {
      if (Object.hasOwn(shape, name)) throw new Error(`Environment variable ${name} is declared twice (again by the ${area.name} area)`);
      shape[name] = variable.schema;
      if (variable.secret) secrets.add(name);
    }
  }
  return { schema: z.object(shape), secrets };
}

/**
 * The validated settings: the app-wide ones and those of every area in `areas`. server/serverConfig.ts passes every area
 * of the server (this file does not import the list: the areas read its types).
 */
export function loadConfig(env: Record<string, string | undefined>, areas: readonly AreaWithConfig[]): Config {
  const clean = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const { schema, secrets } = composedSchema(areas);
  const parsed = schema.safeParse(clean);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => {
      const name = String(i.path[0]);
      return echoable(name, clean[name], secrets) ? `${name}: ${i.message} (got ${JSON.stringify(clean[name])})` : `${name}: ${i.message}`;
    });
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const e = parsed.data as z.output<typeof appSchema>;
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  if (e.STORAGE_DRIVER === 's3' && !e.S3_BUCKET)
    throw new ConfigError('Invalid configuration:\n  S3_BUCKET: required when STORAGE_DRIVER=s3');
  const app: AppConfig = {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databasePoolMax: e.DATABASE_POOL_MAX,
    databaseDirectUrl: e.DATABASE_DIRECT_URL,
    unnamedStatements: e.DATABASE_STATEMENTS === 'unnamed',
    databaseReplicaUrl: e.DATABASE_REPLICA_URL,
    databaseWaitSeconds: e.DATABASE_WAIT_SECONDS,
    publicUrl,
    jwtSecret: e.JWT_SECRET,
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
    refreshTokenTtlDays: e.REFRESH_TOKEN_TTL_DAYS,
    stepUpSeconds: e.STEP_UP_SECONDS,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    jobs: { pollSeconds: e.JOB_POLL_SECONDS, mailRetryLimit: e.MAIL_RETRY_LIMIT, mailRetryDelaySeconds: e.MAIL_RETRY_DELAY_SECONDS },
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    storage:
      e.STORAGE_DRIVER === 's3'
        ? {
            driver: 's3',
            bucket: e.S3_BUCKET!,
            region: e.S3_REGION,
            endpoint: e.S3_ENDPOINT,
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
            forcePathStyle: e.S3_FORCE_PATH_STYLE || Boolean(e.S3_ENDPOINT),
          }
        : { driver: 'local' },
    upload: {
      maxBytes: e.UPLOAD_MAX_MB * 1024 * 1024,
      maxPixels: e.UPLOAD_MAX_MEGAPIXELS * 1_000_000,
      perMinute: e.UPLOAD_RATE_PER_MINUTE,
    },
    rateLimit: { windowSeconds: e.RATE_LIMIT_WINDOW_SECONDS, perIp: e.RATE_LIMIT_PER_IP, perAccount: e.RATE_LIMIT_PER_ACCOUNT },
    storefront: { readsPerMinute: e.STOREFRONT_READS_PER_MINUTE },
    apiKeys: { perMinute: e.API_KEY_REQUESTS_PER_MINUTE },
    credentialsKey: e.CREDENTIALS_KEY
      ? Buffer.from(e.CREDENTIALS_KEY, /^[0-9a-fA-F]{64}$/.test(e.CREDENTIALS_KEY) ? 'hex' : 'base64')
      : undefined,
    stripe: {
      secretKey: e.STRIPE_SECRET_KEY,
      webhookSecret: e.STRIPE_WEBHOOK_SECRET,
      clientId: e.STRIPE_CLIENT_ID,
      apiBase: e.STRIPE_API_BASE,
    },
  };
  const composed = new Map<AreaConfig, unknown>();
  for (const area of areas) {
    if (!area.config) continue;
    const all = parsed.data as Record<string, unknown>;
    const values = Object.fromEntries(Object.keys(area.config.variables).map((name) => [name, all[name]]));
    composed.set(area.config, area.config.build(values, app));
  }
  return { ...app, areas: composed };
}

/** What loadConfig reads of an area's manifest (server/areas/types.ts AreaManifest). */
type AreaWithConfig = { name: string; config?: AreaConfig };

/**
 * One environment variable an area reads. Its schema carries its default; `default` and `readme` are its row in the
 * README's table, word for word (test/unit/readmeConfig.test.ts holds the README to them).
 */
export interface EnvVariable {
  schema: z.ZodType;
  default: string;
  readme: string;
  /** Never echoed in an error (names like *_KEY, *_SECRET, *_TOKEN are kept out without it). */
  secret?: boolean;
}

/** An area's environment variables and what it makes of them, composed into the one validated config at start. */
export interface AreaConfig<T = unknown> {
  variables: Readonly<Record<string, EnvVariable>>;
  build(values: Record<string, unknown>, app: AppConfig): T;
  /** The area's part of a loaded config. */
  of(config: Config): T;
}

/**
 * Declares an area's environment variables; `of(config)` answers what `build` made of them, typed, from the config
 * the app was started with.
 */
export function areaConfig<V extends Record<string, EnvVariable>, T>(
  variables: V,
  build: (values: { [K in keyof V]: z.output<V[K]['schema']> }, app: AppConfig) => T,
): AreaConfig<T> {
  const declared: AreaConfig<T> = {
    variables,
    build: (values, app) => build(values as { [K in keyof V]: z.output<V[K]['schema']> }, app),
    of(config) {
      if (!config.areas.has(declared)) throw new Error(`The config was loaded without the variables ${Object.keys(variables).join(', ')}`);
      return config.areas.get(declared) as T;
    },
  };
  return declared;
}
