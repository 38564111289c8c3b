import pg from 'pg';

/** A new empty database on the PostgreSQL of this machine (the server migrates it at start), or undefined when none answers. */
export async function postgresDatabase(
  prefix: string,
  adminUrl = process.env.CI_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres',
) {
  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 1000 });
  try {
    await admin.connect();
  } catch {
    return undefined;
  }
  const name = `${prefix}_${process.pid}_${Date.now()}`;
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}
