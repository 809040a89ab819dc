import { sql } from "drizzle-orm";

import { NO_STORE } from "~/lib/cache-headers";
import { getDb } from "~/server/db/db.server";

/** Load-balancer health check: the process is up and the database answers. */
export async function loader() {
  try {
    await (await getDb()).execute(sql`select 1`);
    return Response.json({ ok: true }, { headers: NO_STORE });
  } catch {
    return Response.json({ ok: false }, { status: 503, headers: NO_STORE });
  }
}
