import { inArray } from 'drizzle-orm';
import type { Services } from '../../infra/context';
import { users } from '../../infra/db/tables';
import { hashPassword } from '../../infra/auth/password';

interface DemoLogin {
  role: string;
  email: string;
  password: string;
}

export const DEMO_PASSWORD = 'servery-demo';
/** Other areas' demo loaders attach shops and staff to these accounts by e-mail. */
export const DEMO_ACCOUNTS = {
  superAdmin: { role: 'super admin', email: 'admin@servery.demo', name: 'Demo Admin', superAdmin: true },
  owner: { role: 'shop owner', email: 'owner@servery.demo', name: 'Olivia Owner', superAdmin: false },
  staff: { role: 'staff', email: 'staff@servery.demo', name: 'Sam Staff', superAdmin: false },
} as const;

/** Creates the verified demo accounts that do not exist yet; existing ones are left as they are. */
export async function loadAccountsDemo(services: Services): Promise<DemoLogin[]> {
  const { db, clock } = services;
  const accounts = Object.values(DEMO_ACCOUNTS);
  const existing = await db
    .select({ email: users.email })
    .from(users)
    .where(
      inArray(
        users.email,
        accounts.map((a) => a.email),
      ),
    );
  const missing = accounts.filter((a) => !existing.some((e) => e.email === a.email));
  if (missing.length > 0) {
    const passwordHash = await hashPassword(DEMO_PASSWORD);
    const now = clock.now();
    await db
      .insert(users)
      .values(missing.map((a) => ({ email: a.email, name: a.name, passwordHash, emailVerifiedAt: now, isSuperAdmin: a.superAdmin })))
      .onConflictDoNothing({ target: users.email });
  }
  return accounts.map((a) => ({ role: a.role, email: a.email, password: DEMO_PASSWORD }));
}
