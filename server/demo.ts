import type { Services } from './infra/context';
import { areas } from './areas';

/** Demo data (npm run demo): each area's loader in the order of the list; each is idempotent and skips what exists. */
export async function loadDemo(services: Services, log: (msg: string) => void): Promise<void> {
  for (const area of areas) await area.demo?.(services, log);
}
