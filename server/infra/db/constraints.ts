import type { AppError } from '../http/errors';

/** PostgreSQL's SQLSTATE of a failed query, whether the driver's error arrives bare or wrapped by drizzle. */
export function pgCode(error: unknown): string | undefined {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const { code } = e as { code?: unknown };
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

const UNIQUE_VIOLATION = '23505';
const FOREIGN_KEY_VIOLATION = '23503';

/**
 * Runs a write and turns the constraint violations it names into the domain's answer (a 409 with the spec's
 * message, a 404 for a row that vanished meanwhile); anything else is thrown as it came.
 */
export async function translateConstraints<T>(
  write: () => Promise<T>,
  answers: { unique?: () => AppError; foreignKey?: () => AppError },
): Promise<T> {
  try {
    return await write();
  } catch (e) {
    const code = pgCode(e);
    if (code === UNIQUE_VIOLATION && answers.unique) throw answers.unique();
    if (code === FOREIGN_KEY_VIOLATION && answers.foreignKey) throw answers.foreignKey();
    throw e;
  }
}
