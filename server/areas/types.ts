import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AreaConfig } from '../config';
import type { SettingsDocument, SettingsKind } from '../../domain/settings';
import { SETUP_STEPS, type SetupStep } from '../../domain/setup';
import type { Db } from '../infra/db/client';
import type { Services } from '../infra/context';
import type { ShopEventDeclarations, ShopEventType } from '../infra/events';
import type { JobHandler, QueueName } from '../infra/jobs';

// An area declares its environment variables with these (defined beside the app-wide settings they join).
export { areaConfig, envBool, envInt, type AreaConfig, type EnvVariable } from '../config';

/**
 * Where each kind of route is mounted, as the API contract gives it. The shop-scoped ones sit inside one shop scope
 * (server/routes.ts): membership of the shop in the URL by default, routes only raise it or opt out.
 */
export const ROUTE_PREFIXES = {
  /** Top-level paths (/api/auth, /api/me, /api/shops, /api/build-runner …): the plugin names its own sub-prefixes. */
  root: '/api',
  shop: '/api/shops/:shopId',
  cafes: '/api/cafes/:shopId',
  reports: '/api/reports/shops/:shopId',
  stripe: '/api/stripe/shops/:shopId',
  /** The customers' API: public, PUBLISHED shops only, reads limited per IP; routes name /shops/:shopId/… or /apps/:bundleId/…. */
  storefront: '/api/storefront',
  platform: '/api/platform',
  whitelabel: '/api/whitelabel',
  /** Public pages outside the API (a shop's short link /s/:code): no /api prefix, the plugin names its paths. */
  site: '',
} as const;

export type RouteSlot = keyof typeof ROUTE_PREFIXES;
export const SHOP_SCOPED: readonly RouteSlot[] = ['shop', 'cafes', 'reports', 'stripe'];

/** A settings kind as an area serves it: the domain's definition, plus what only the server does with it. */
export type ServedSettingsKind<T extends SettingsDocument = SettingsDocument> = SettingsKind<T> & {
  /** The live-update event that announces a saved document, written in the transaction that saves it. */
  event?: ShopEventType;
  /** What the stored document means at `now` (a busy state whose time is up reads as off). */
  at?(value: T, now: Date): T;
};

/**
 * Loads an area's demo data. What it answers are lines for the person who started the demo (the logins), printed as
 * plain text once the server listens, apart from the JSON log lines.
 */
type DemoLoader = (services: Services, log: (line: string) => void) => Promise<string[] | void>;

/** A background job: started once the app listens; answers the function that stops it. */
type Job = (services: Services, log: { [level in 'info' | 'warn' | 'error']: (o: object, m: string) => void }) => () => void;

/** What an area brings to the server: one of these per area, listed in server/areas/index.ts. */
export interface AreaManifest {
  name: string;
  routes: Partial<Record<RouteSlot, FastifyPluginAsyncZod>>;
  /** Its drizzle tables (the module of its tables.ts). */
  tables: Record<string, unknown>;
  /** The settings documents it declares (GET|PUT /api/shops/{shopId}/settings/{kind}). */
  settingsKinds?: Record<string, ServedSettingsKind<any>>;
  /** The set-up checklist's steps whose data it owns: whether the step is done at the shop (domain/setup.ts). */
  setup?: Partial<Record<SetupStep, SetupRule>>;
  /** Its environment variables (areaConfig); server/config.ts composes them with the app-wide ones. */
  config?: AreaConfig;
  /** The words only the server says for it (error messages, mail subjects), by key; a key declared twice stops the start. */
  messages?: Readonly<Record<string, string>>;
  /**
   * The live event types it writes (each also added to ShopEventPayloads): payload schema, one line for the API
   * documentation, and how stored data becomes the payload. The shop's event stream delivers them.
   */
  events?: ShopEventDeclarations;
  /** Loads its demo data (npm run demo); idempotent. Run in the order of the list. */
  demo?: DemoLoader;
  jobs?: Job[];
  /**
   * Its workers on the durable queue, and a sweep run on the app's clock (so tests drive it), both running in every
   * server process while the app is up (tests included).
   */
  workers?(services: Services): AreaWorkers;
}

export interface AreaWorkers {
  queues?: Partial<Record<QueueName, JobHandler<any>>>;
  sweep?: { everyMs: number; run(): Promise<void> };
}

/** A plugin that mounts each of `plugins` at its own prefix (for the root slot: /auth, /me, /users …). */
export function mounted(plugins: Record<string, FastifyPluginAsyncZod>): FastifyPluginAsyncZod {
  return async (app) => {
    for (const [prefix, plugin] of Object.entries(plugins)) await app.register(plugin, { prefix });
  };
}

/** A plugin that registers each of `plugins` at the slot's own prefix (an area with several route files in one slot). */
export function together(...plugins: FastifyPluginAsyncZod[]): FastifyPluginAsyncZod {
  return async (app) => {
    for (const plugin of plugins) await app.register(plugin);
  };
}

/** The settings registry: every kind the areas declare, by name; a name declared twice stops the start. */
export function settingsRegistry(areas: readonly AreaManifest[]): Record<string, ServedSettingsKind> {
  const registry: Record<string, ServedSettingsKind> = {};
  for (const area of areas) {
    for (const [name, kind] of Object.entries(area.settingsKinds ?? {})) {
      if (Object.hasOwn(registry, name)) throw new Error(`Settings kind ${name} is declared twice (again by the ${area.name} area)`);
      registry[name] = kind;
    }
  }
  return registry;
}

/** Whether one set-up step is done at a shop, read from the data of the area that declares it. */
export type SetupRule = (db: Db, shopId: string) => Promise<boolean>;

/** The set-up checklist's rules in the checklist's order; a step no area or two areas declare stops the start. */
export function setupRules(areas: readonly AreaManifest[]): { key: SetupStep; done: SetupRule }[] {
  const found = new Map<SetupStep, SetupRule>();
  for (const area of areas) {
    for (const [key, rule] of Object.entries(area.setup ?? {}) as [SetupStep, SetupRule][]) {
      if (found.has(key)) throw new Error(`Set-up step ${key} is declared twice (again by the ${area.name} area)`);
      found.set(key, rule);
    }
  }
  return SETUP_STEPS.map((key) => {
    const done = found.get(key);
    if (!done) throw new Error(`No area declares the set-up step ${key}`);
    return { key, done };
  });
}

/**
 * Every message the areas declare, by key, beside the ones both halves share (domain/messages.ts); a key declared
 * twice stops the start, so one word never has two meanings.
 */
export function messagesRegistry(areas: readonly AreaManifest[], shared: Readonly<Record<string, string>>): Record<string, string> {
  const registry: Record<string, string> = { ...shared };
  for (const area of areas) {
    for (const [key, text] of Object.entries(area.messages ?? {})) {
      if (Object.hasOwn(registry, key)) throw new Error(`Message ${key} is declared twice (again by the ${area.name} area)`);
      registry[key] = text;
    }
  }
  return registry;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The settings kinds the areas declare (settingsRegistry), served at /api/shops/:shopId/settings/:kind. */
    settingsKinds: Record<string, ServedSettingsKind>;
    /** The set-up checklist's rules (setupRules), read by GET /api/shops/:shopId/setup. */
    setupRules: { key: SetupStep; done: SetupRule }[];
  }
}

/** A demo loader from one that answers the lines worth logging. */
export const loggedDemo =
  (load: (services: Services) => Promise<string[]>): DemoLoader =>
  async (services, log) => {
    for (const line of await load(services)) log(line);
  };
