import { getDb, schema } from "./db.server";

/**
 * Stores a newsletter address (already validated and normalised by `newsletterSchema`). Subscribing
 * twice is still a success: the unique email makes the second insert a no-op, with no read-then-write race.
 * Returns whether the address is new.
 */
export async function subscribeToNewsletter(email: string): Promise<{ created: boolean }> {
  const db = await getDb();
  const rows = await db
    .insert(schema.newsletterSubscribers)
    .values({ email })
    .onConflictDoNothing({ target: schema.newsletterSubscribers.email })
    .returning({ id: schema.newsletterSubscribers.id });
  return { created: rows.length > 0 };
}
