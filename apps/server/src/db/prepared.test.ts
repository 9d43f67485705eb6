import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { preparingPglite } from "./prepared.ts";

describe("preparingPglite", () => {
  let client: PGlite;
  let db: PGlite;

  beforeAll(async () => {
    client = await PGlite.create();
    await client.exec("create table t (id int primary key, name text)");
    db = preparingPglite(client);
  });
  afterAll(() => client.close());

  it("answers as PGlite's own query does, parameters and types included", async () => {
    await db.query("insert into t values ($1, $2)", [1, "one"]);
    const mine = await db.query("select id, name, $1::int[] as ids from t where id = $2", [
      [4, 5],
      1,
    ]);
    const theirs = await client.query("select id, name, $1::int[] as ids from t where id = $2", [
      [4, 5],
      1,
    ]);
    expect(mine.rows).toEqual([{ id: 1, name: "one", ids: [4, 5] }]);
    expect(mine.rows).toEqual(theirs.rows);
    expect(mine.fields).toEqual(theirs.fields);
  });

  it("throws the database's error and keeps working after it", async () => {
    await expect(db.query("insert into t values ($1, $2)", [1, "again"])).rejects.toMatchObject({
      code: "23505",
    });
    expect((await db.query("select count(*)::int as n from t")).rows).toEqual([{ n: 1 }]);
  });

  it("prepares a statement again when its table changed under it", async () => {
    expect((await db.query("select * from t where id = $1", [1])).rows).toEqual([
      { id: 1, name: "one" },
    ]);
    await client.exec("alter table t add column extra text default 'x'");
    expect((await db.query("select * from t where id = $1", [1])).rows).toEqual([
      { id: 1, name: "one", extra: "x" },
    ]);
  });

  it("keeps at most 500 statements, closing the least recently used", async () => {
    for (let i = 0; i < 520; i++) await db.query(`select ${i} as n`);
    const open = await client.query<{ n: number }>(
      "select count(*)::int as n from pg_prepared_statements",
    );
    expect(open.rows[0]?.n).toBe(500);
    expect((await db.query("select 0 as n")).rows).toEqual([{ n: 0 }]);
  });
});
