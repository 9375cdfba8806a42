import type { Services } from '../infra/context';

/** Demo data loaders, one per area; each is idempotent and skips what already exists. */
export async function loadDemo(services: Services, log: (msg: string) => void): Promise<void> {
  const { loadAccountsDemo } = await import('./accounts');
  const logins = await loadAccountsDemo(services);
  for (const l of logins) log(`Demo login (${l.role}): ${l.email} / ${l.password}`);
  const { loadShopsDemo } = await import('./shops');
  for (const line of await loadShopsDemo(services)) log(line);
  // posts
  const { loadPostsDemo } = await import('./posts');
  for (const line of await loadPostsDemo(services)) log(line);
  // apps
  const { loadAppsDemo } = await import('./apps');
  for (const line of await loadAppsDemo(services)) log(line);
  // settings area
  const { loadSettingsDemo } = await import('./settings');
  for (const line of await loadSettingsDemo(services)) log(line);
  // catalog
  const { loadCatalogDemo } = await import('./catalog');
  for (const line of await loadCatalogDemo(services)) log(line);
  // stripe (issue 13)
  const { loadStripeDemo } = await import('./stripe');
  for (const line of await loadStripeDemo(services)) log(line);
  // orders (issue 10): live orders on the demo shop, placed every few seconds while the demo runs (after the catalog's items).
  const { startOrdersDemo } = await import('./orders');
  await startOrdersDemo(services, log);
}
