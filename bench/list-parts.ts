/**
 * `DATABASE_URL=… DATA_DIR=… node bench/list-parts.ts`, on a seeded `large` world on PostgreSQL:
 * the parts of the class-of-25 student list measured apart on one connection, as CPU µs of
 * this process per call (bench/README.md uses the differences between them).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import pg from "pg";
import { listStudents } from "../apps/server/src/areas/roster/service.ts";
import { StudentPasswordBox } from "../apps/server/src/core/passwords.ts";
import { fromPool } from "../apps/server/src/db/client.ts";

const url = process.env.DATABASE_URL;
if (!url) throw new Error("DATABASE_URL must name a database with the large world");
const pool = new pg.Pool({ connectionString: url, max: 1 });
const database = fromPool(pool);
const [teacher] = (
  await pool.query("select id from users where username = 'teacher1' and role = 'teacher'")
).rows as { id: number }[];
if (!teacher) throw new Error("no teacher1: seed the large world first");
const secret = readFileSync(join(process.env.DATA_DIR ?? "data", "app-secret"), "utf8").trim();
const box = new StudentPasswordBox(secret);

async function cpu(label: string, run: () => Promise<unknown>, rounds = 3000) {
  for (let i = 0; i < rounds / 10; i++) await run();
  const before = process.cpuUsage();
  for (let i = 0; i < rounds; i++) await run();
  const used = process.cpuUsage(before);
  console.log(`${label.padEnd(44)} ${((used.user + used.system) / rounds).toFixed(0)} µs`);
}

const ROSTER = `select id, first_name, last_name, plan_id, username, password_encrypted, parent_email,
  require_3x, require_retake, slow_video, enable_fluency_recording, fluency_recording_lyrics_only
  from users where role = 'student' and teacher_id = $1 order by id`;
await cpu("node-postgres, named select of one row", () =>
  pool.query({
    name: "one",
    text: "select id, username from users where id = $1",
    values: [teacher.id],
  }),
);
await cpu("node-postgres, named roster select (25 rows)", () =>
  pool.query({ name: "roster", text: ROSTER, values: [teacher.id] }),
);
await cpu("listStudents: hot query, Drizzle, presenting", () =>
  listStudents(database.db, box, teacher.id),
);
await pool.end();
