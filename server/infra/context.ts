import type { Config } from '../config';
import type { Database } from './db/client';
import type { ReadReplica } from './db/replica';
import type { Mailer } from './mail';
import type { Storage } from './storage';
import type { Clock } from './clock';
import type { AccessTokens } from './auth/tokens';
import type { RateLimiter } from './rateLimit';
import type { CredentialBox } from './credentials';
import type { StripeServices } from './payments/connectServices';
import type { PaymentProvider } from './payments';
import type { EventHub, StreamTickets } from './events';
import type { Jobs } from './jobs';
import type { BackgroundTasks } from './mail/background';
import type { StaffPermission, StaffPermissions } from '../../domain/staffPermissions';
import type { RequestApiKey } from './auth/apiKeys';

/** What every route can reach through `app.services`; built once in main.ts (or by the test helpers). */
export interface Services extends Database {
  config: Config;
  mailer: Mailer;
  storage: Storage;
  clock: Clock;
  tokens: AccessTokens;
  rateLimiter: RateLimiter;
  /** Seals store credentials at rest. */
  credentials: CredentialBox;
  /** Stripe Connect: the shops' connected accounts, the SDK client, signed links. */
  stripe: StripeServices;
  /** Card charges and refunds (the simulated provider unless a real one is configured). */
  payments: PaymentProvider;
  /** Live updates of each shop (shop_events + LISTEN/NOTIFY), and the tickets that open their streams. */
  events: EventHub;
  streamTickets: StreamTickets;
  /**
   * A key of its own for one purpose ('order-status', ...): HMAC-SHA256 of the signing secret with the purpose, so a
   * token made with it can neither pass for another purpose's nor reveal the secret, and needs no storage.
   */
  keyFor(purpose: string): Buffer;
  /** Where reports and exports read (a replica when configured, else the primary). */
  replica: ReadReplica;
  /** The durable job queue (mail, alerts); its workers run while the app is up. */
  jobs: Jobs;
  /** Work requests start after their answer (mails that must not hold the answer up); one set, so a test can wait for it. */
  background: BackgroundTasks;
}

export interface AuthUser {
  id: string;
  email: string;
  name: string;
  emailVerified: boolean;
  isSuperAdmin: boolean;
  /** The session the caller signed in with; empty for an API key (no session: a key is never a stream or an account). */
  sessionId: string;
  /** When the caller last proved who they are on this session (sign-in, step-up); null for an API key. */
  provedAt: Date | null;
  /** The session may only set two-factor up (the account must have it and has not). */
  twoFactorSetupOnly: boolean;
}

export type AuthLevel = 'public' | 'session' | 'verified' | 'superAdmin';
export type ShopRole = 'ADMIN' | 'USER';

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
  interface FastifyRequest {
    user: AuthUser | null;
    /** The caller's role on the shop named by :shopId (super admins act as ADMIN). */
    shopRole: ShopRole | null;
    /** What the caller may do on that shop (every permission for ADMINs and super admins; the shop's staff permissions for USERs). */
    staffPermissions: StaffPermissions | null;
    /**
     * The API key the request is made with (Authorization: Bearer srv_…), or null. `user` is then the key's creator,
     * whose name what the key changes is recorded under; this names the key itself (an audit log says which).
     */
    apiKey: RequestApiKey | null;
  }
  interface FastifyContextConfig {
    /** Who may call the route. Default 'verified': a signed-in user with a verified e-mail. */
    auth?: AuthLevel;
    /**
     * For routes in the shop scope (/shops/:shopId/…): the least role needed on that shop. Default 'USER' there;
     * `false` opts out (the invitation link's routes). Elsewhere it must stay unset.
     */
    shopRole?: ShopRole | false;
    /** For routes in the shop scope: the staff permission a USER also needs (ADMINs always have it). */
    staffPermission?: StaffPermission;
    /** A session that must set two-factor up first may call it (the set-up itself, who am I, sign out). */
    twoFactorSetup?: boolean;
    /** The route also takes a stream ticket (`?ticket=`) for the shop in its URL instead of a Bearer header (EventSource). */
    streamTicket?: boolean;
  }
}
