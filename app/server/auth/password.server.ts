import { hash, verify } from "@node-rs/argon2";

// OWASP ASVS 5 / cheat-sheet argon2id parameters: 19 MiB memory, 2 iterations, 1 lane.
const ARGON2_OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string) {
  return hash(password, ARGON2_OPTIONS);
}

export async function verifyPassword({ hash: stored, password }: { hash: string; password: string }) {
  try {
    return await verify(stored, password);
  } catch {
    return false; // malformed stored hash: treat as a wrong password, never a 500
  }
}
