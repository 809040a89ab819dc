import { count } from "drizzle-orm";
import { getDb, schema } from "~/server/db.server";
import type { Route } from "./+types/home";

export async function loader() {
  const db = await getDb();
  const [row] = await db.select({ total: count() }).from(schema.videos);
  return { totalVideos: row?.total ?? 0 };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <section className="mx-auto max-w-6xl p-6">
      <h1 className="text-3xl font-bold">MarketWire</h1>
      <p>{loaderData.totalVideos} videos</p>
    </section>
  );
}
