/*
 * The tables infrastructure itself reads and writes, and that every area's rows hang off: users and their sessions
 * (the guard checks them on every request), shops and their sellers (the shop scope resolves roles from them; every
 * shop-owned table references shops), the settings documents, the event stream, rate limits, images, API keys (the
 * guard resolves them), and the payment provider's connected accounts and ledger. Each area's own tables are in
 * server/areas/<area>/tables.ts.
 */
export * from './users';
export * from './shops';
export * from './platform';
export * from './events';
export * from './payments';
export * from './apiKeys';
