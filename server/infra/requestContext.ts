import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Who is making the change the database is about to see: a signed-in member, or an API key (with the member who
 * created it), from where and when on the app's clock. The audit log records it (server/areas/audit).
 */
export interface Actor {
  userId: string | null;
  name: string | null;
  apiKeyId: string | null;
  apiKeyName: string | null;
  ip: string | null;
  userAgent: string | null;
  /** The app clock when the request began (tests drive it), so an entry reads the time the change was asked for. */
  at: string;
}

interface RequestState {
  /** Read at each statement, not at the request's start: the guard names the caller after this context is entered. */
  actor(): Actor | null;
}

const storage = new AsyncLocalStorage<RequestState>();

/**
 * Runs `fn` (the rest of a request) with its actor known to every statement it makes, without passing it down every
 * service: server/infra/db/client.ts hands it to PostgreSQL as the `servery.actor` setting, which the audit triggers
 * read. One hook in server/app.ts enters it.
 */
export const withRequestActor = (actor: () => Actor | null, fn: () => void) => storage.run({ actor }, fn);

/** The current request's actor; null outside a request or for nobody (a customer, a sign-in not yet made). */
export const currentActor = (): Actor | null => storage.getStore()?.actor() ?? null;

/** Runs `fn` as `actor` (a sign-in names the member before the request has one); the previous actor after. */
export const asActor = <T>(actor: Actor, fn: () => Promise<T>): Promise<T> => storage.run({ actor: () => actor }, fn);
