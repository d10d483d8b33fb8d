import { hash, verify } from '@node-rs/argon2';

/** OWASP Password Storage Cheat Sheet: argon2id (the binding's default), 19 MiB, 2 iterations, 1 lane. */
const options = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string): Promise<string> => hash(password, options);

export async function verifyPassword(stored: string | null, password: string): Promise<boolean> {
  // Without a stored hash, still spend the same work so timing does not reveal the account.
  if (!stored) {
    await hash(password, options);
    return false;
  }
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}
