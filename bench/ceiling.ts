/**
 * The ceiling of a call that makes one database round trip on this machine: Fastify answering
 * `GET /` with one prepared primary-key select, on the database the real server uses
 * (DATABASE_URL, or PGlite's files in DATA_DIR/pg), with the same driver and nothing else.
 * PostgreSQL: a named statement through a pg pool of 10, as the server's. PGlite: Parse once
 * under a name, then Bind/Describe/Execute/Sync in one call, as the server's hot queries.
 */
import { join } from "node:path";
import { PGlite, protocol } from "@electric-sql/pglite";
import Fastify from "fastify";
import pg from "pg";
import { concat } from "../apps/server/src/db/prepared.ts";

const TEXT = "select id, username from users where id = $1";
const url = process.env.DATABASE_URL;

async function onPostgres(): Promise<(id: number) => Promise<unknown>> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  return async (id) => (await pool.query({ name: "ceiling", text: TEXT, values: [id] })).rows[0];
}

async function onPglite(): Promise<(id: number) => Promise<unknown>> {
  const client = await PGlite.create(join(process.env.DATA_DIR ?? "", "pg"));
  const { serialize } = protocol;
  await client.execProtocolStream(
    concat([serialize.parse({ name: "ceiling", text: TEXT }), serialize.sync()]),
    { syncToFs: false },
  );
  const locks = client as unknown as {
    _runExclusiveQuery<T>(fn: () => Promise<T>): Promise<T>;
  };
  return (id) =>
    locks._runExclusiveQuery(async () => {
      const messages = await client.execProtocolStream(
        concat([
          serialize.bind({ statement: "ceiling", values: [String(id)] }),
          serialize.describe({ type: "P" }),
          serialize.execute({}),
          serialize.sync(),
        ]),
        { syncToFs: false },
      );
      return messages.find((m) => m.name === "dataRow");
    });
}

const select = url ? await onPostgres() : await onPglite();
const id = Number(process.env.CEILING_USER_ID ?? 1);
if (!(await select(id))) throw new Error(`no user ${id} to select`);
const app = Fastify();
app.get("/", async () => ({ found: (await select(id)) !== undefined }));
await app.listen({ host: "127.0.0.1", port: Number(process.env.PORT) });
console.log("ready");
