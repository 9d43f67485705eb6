import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inBackground } from "../core/in-background.ts";
import { fairPglite, preparingPglite } from "./prepared.ts";

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

describe("a long run of statements on PGlite", () => {
  let client: PGlite;
  beforeAll(async () => {
    client = await PGlite.create();
  });
  afterAll(() => client.close());

  /**
   * Starts a request to a server in this process, then runs `statements` one after another
   * through `run`, and answers how many had finished when the request was answered.
   */
  async function finishedWhenAnswered(run: (i: number) => Promise<unknown>, statements: number) {
    const server = createServer((_request, response) => response.end("ok"));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = server.address() as AddressInfo;
      let finished = 0;
      const answered = fetch(`http://127.0.0.1:${port}/`).then(async (reply) => {
        await reply.text();
        return finished;
      });
      for (let i = 0; i < statements; i++) {
        await run(i);
        finished += 1;
      }
      return await answered;
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  }

  it("lets a request in between a job's statements and the queue's, and runs a request's own without a break", async () => {
    const app = preparingPglite(client);
    const queue = fairPglite(client);
    // PGlite alone answers on this thread without a turn of the event loop: the request waits
    // for the whole run. So does a request's own run of statements on the app's client, which
    // is what lets a request through ahead of the job that waits for its turn.
    expect(await finishedWhenAnswered(() => client.query("select 1"), 300)).toBe(300);
    expect(await finishedWhenAnswered(() => app.query("select $1::int", [1]), 300)).toBe(300);
    const asJob = () =>
      finishedWhenAnswered(() => inBackground(() => app.query("select $1::int", [1])), 300);
    expect(await asJob()).toBeLessThan(300);
    expect(await finishedWhenAnswered(() => queue.query("select 1"), 300)).toBeLessThan(300);
    expect(await finishedWhenAnswered(() => queue.exec("select 1"), 300)).toBeLessThan(300);
  });
});
