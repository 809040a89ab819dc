import { getDb, schema } from "../db/db.server";
import type { ContactMessageInput } from "./contact-form.server";

/** Stores a validated contact message (see contactFormSchema); admins read them under /admin/messages. */
export async function saveContactMessage(message: ContactMessageInput) {
  const db = await getDb();
  const [row] = await db
    .insert(schema.contactMessages)
    .values(message)
    .returning({ id: schema.contactMessages.id, createdAt: schema.contactMessages.createdAt });
  return row;
}
