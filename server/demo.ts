import type { Services } from './infra/context';
import { areas } from './areas';

/**
 * Demo data (npm run demo): each area's loader in the order of the list; each is idempotent and skips what exists.
 * Answers the lines the areas want a person to read (the logins).
 */
export async function loadDemo(services: Services, log: (msg: string) => void): Promise<string[]> {
  const notes: string[] = [];
  for (const area of areas) notes.push(...((await area.demo?.(services, log)) ?? []));
  return notes;
}
