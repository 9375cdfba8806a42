import type { Services } from '../context';

export interface DemoLogin {
  role: string;
  email: string;
  password: string;
}

/** Filled in by the accounts area. */
export async function loadAccountsDemo(_services: Services): Promise<DemoLogin[]> {
  return [];
}
