import { hash, verify } from '@node-rs/argon2';

// argon2id with OWASP's second recommended setting (19 MiB, 2 passes).
// `Algorithm` is a const enum, which isolatedModules cannot import: 2 is Argon2id.
const options = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export const hashPassword = (password: string) => hash(password, options);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** A hash to verify against when the account does not exist, so both paths take the same time. */
let dummy: Promise<string> | undefined;
export const dummyHash = () => (dummy ??= hashPassword('not-a-real-password-0000'));
