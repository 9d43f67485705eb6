/**
 * The day's uploads, followed in the database while the day runs, and verified at its end:
 * processed, graded, and each grade read back from both servers.
 */
import type pg from "pg";
import type { Cluster } from "../../apps/server/test/cluster.ts";
import type { HttpClient } from "../../apps/server/test/http-client.ts";
import { adultSignIn, type ReadingSet } from "./adults.ts";
import { CallFailed, call, data } from "./measure.ts";
import { uploads } from "./recordings.ts";
import { log } from "./settings.ts";

export async function followUploads(db: pg.Pool) {
  const open = [...uploads.values()].filter(
    (u) => u.status !== "complete" && u.status !== "failed",
  );
  if (open.length === 0) return;
  const { rows } = await db.query<{ id: number; status: string; seconds: number | null }>(
    `select id, status, extract(epoch from processed_at - created_at)::float8 as seconds
     from recordings where id = any($1)`,
    [open.map((u) => u.id)],
  );
  for (const row of rows) {
    const upload = uploads.get(row.id);
    if (!upload) continue;
    upload.status = row.status;
    if (row.status === "complete" || row.status === "failed") upload.processSeconds = row.seconds;
    if (row.status === "failed") log(`recording ${row.id} FAILED`);
  }
}

export interface Verification {
  uploads: number;
  complete: number;
  failed: number;
  notComplete: number[];
  graded: number;
  ungraded: number[];
  gradesReadOnBothServers: number;
  gradesNotRead: number[];
  jobsFailed: number;
  jobsRetried: number;
  comparisons: { made: number; complete: number };
  uploadsLeftOpen: number;
}

export async function verify(cluster: Cluster, db: pg.Pool): Promise<Verification> {
  const ids = [...uploads.keys()];
  const { rows } = await db.query<{ id: number; status: string; grades: number }>(
    `select r.id, r.status, (select count(*)::int from recording_grades g where g.recording_id = r.id) as grades
     from recordings r where r.id = any($1)`,
    [ids],
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  const jobs = await db.query<{ state: string; retries: number; n: number }>(
    `select state, sum(retry_count)::int as retries, count(*)::int as n from pgboss.job
     where name = 'recording-process' and (data ->> 'recordingId')::int = any($1) group by state`,
    [ids],
  );
  const comparisons = await db.query<{ made: number; complete: number }>(
    `select count(*)::int as made, count(*) filter (where status = 'complete')::int as complete
     from recordings where cold_id = any($1) or hot_id = any($1)`,
    [ids],
  );
  const open = await db.query<{ n: number }>("select count(*)::int as n from recording_uploads");
  // Each grade read as its teacher, from each server.
  const readers = new Map<string, HttpClient>();
  const notRead: number[] = [];
  let read = 0;
  for (const upload of uploads.values()) {
    if (upload.feedback === null) continue;
    let client = readers.get(upload.teacher);
    if (!client) {
      client = (await adultSignIn(upload.teacher)).client;
      readers.set(upload.teacher, client);
    }
    let both = true;
    for (let server = 0; server < cluster.servers.length; server++) {
      try {
        const set = data<ReadingSet>(
          await call(client, "verify: reading", "GET", `/teacher/recordings/${upload.id}`, {
            server,
          }),
        );
        if (set.entries[set.selected]?.grade?.feedback !== upload.feedback) both = false;
      } catch (error) {
        if (!(error instanceof CallFailed)) throw error;
        both = false;
      }
    }
    if (both) read++;
    else notRead.push(upload.id);
  }
  const jobRows = jobs.rows;
  return {
    uploads: ids.length,
    complete: rows.filter((r) => r.status === "complete").length,
    failed: rows.filter((r) => r.status === "failed").length,
    notComplete: ids.filter((id) => byId.get(id)?.status !== "complete"),
    graded: rows.filter((r) => r.grades > 0).length,
    ungraded: ids.filter((id) => !((byId.get(id)?.grades ?? 0) > 0)),
    gradesReadOnBothServers: read,
    gradesNotRead: notRead,
    jobsFailed: jobRows.filter((j) => j.state === "failed").reduce((a, j) => a + j.n, 0),
    jobsRetried: jobRows.reduce((a, j) => a + (j.retries ?? 0), 0),
    comparisons: comparisons.rows[0] ?? { made: 0, complete: 0 },
    uploadsLeftOpen: open.rows[0]?.n ?? 0,
  };
}
