import type { BenchResult } from './types';

/** Every benchmark `npm run bench` knows, by the name it is asked for. Each runs in a process of its own (bench/one.ts). */
export const benches: Record<string, () => Promise<BenchResult>> = {
  search: async () => (await import('./search')).run(),
  console: async () => (await import('./console')).run(),
  shopsList: async () => (await import('./shopsList')).run(),
  storefrontPosts: async () => (await import('./storefrontPosts')).run(),
  appDevices: async () => (await import('./apps')).runDevices(),
  appStats: async () => (await import('./apps')).runStats(),
  storefrontHours: async () => (await import('./storefrontHours')).run(),
  storefrontMenu: async () => (await import('./storefrontMenu')).run(),
  itemSearch: async () => (await import('./itemSearch')).run(),
  stripePayouts: async () => (await import('./stripePayouts')).run(),
  orderEvents: async () => (await import('./orderEvents')).run(),
  orderPlacement: async () => (await import('./orderPlacement')).run(),
  webhookDelay: async () => (await import('./webhookDelay')).run(),
  quote: async () => (await import('./quote')).run(),
  bookingPlacement: async () => (await import('./bookingPlacement')).run(),
  reports: async () => (await import('./reportsSummary')).run(),
};
