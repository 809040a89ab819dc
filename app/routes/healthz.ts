import { sql } from "drizzle-orm";
import { getDb } from "~/server/db.server";

/** Load-balancer health check: the process is up and the database answers. */
export async function loader() {
  try {
    await (await getDb()).execute(sql`select 1`);
    return Response.json({ ok: true }, { headers: { "Cache-Control": "no-store" } });
  } catch {
    return Response.json({ ok: false }, { status: 503, headers: { "Cache-Control": "no-store" } });
  }
}
