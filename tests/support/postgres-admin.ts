/**
 * One statement on a PostgreSQL server over a connection of its own (create or drop a test database, which
 * cannot run inside a pool's transaction). `pg` loads on first use, so a unit test file never pays for it.
 */
export async function adminQuery(serverUrl: string, text: string): Promise<void> {
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}
