import type { RecordingStatus } from "@refrain/domain";
import { sql } from "drizzle-orm";
import { type Db, rowsOf } from "../../db/client.ts";

/**
 * When a reading's video will be ready (issue 37): the readings ahead of it in processing,
 * itself included, times the pace the pipeline kept lately. Processing takes readings one at a
 * time per worker in the order they were queued, so the wait is the queue ahead of it at the
 * pace it has been emptied. Asked only when something shown is still unprocessed.
 */

/**
 * The pace before this server processed anything (a first `npm start` of the demo): making a
 * demo clip and transcoding it take about this long on two busy cores; the first readings
 * processed replace it.
 */
const FIRST_PACE_SECONDS = 20;
/** The pace is the median over this many of the latest readings processed. */
const PACE_READINGS = 20;

/**
 * Seconds a reading took, lately, from the moment the queue could take it to its end: from the
 * later of its arrival and the previous reading's end (a queue working through a backlog, as
 * the demo's, shows its pace between ends; an idle one, from the upload). The median, so a
 * restart's gap or one long reading does not swing it.
 */
export const paceQuery = sql`
    select percentile_cont(0.5) within group (order by took)::float8 as seconds from (
      select extract(epoch from processed_at - greatest(created_at, previous)) as took, previous
      from (
        select created_at, processed_at,
          lag(processed_at) over (order by processed_at, id) as previous
        from (select id, created_at, processed_at from recordings
              where processed_at is not null
              order by processed_at desc, id desc limit ${PACE_READINGS + 1}) latest
      ) paired
      where previous is not null
    ) spans`;

async function recentPace(db: Db): Promise<number | null> {
  const result = await db.execute(paceQuery);
  return rowsOf<{ seconds: number | null }>(result)[0]?.seconds ?? null;
}

/**
 * Each of `ids` still waiting, with its place in the processing queue (1: running or next).
 * The queue's order: what is running, then the readings stored and queued (an upload, a
 * comparison), then the demo's readings still waiting for their clip, which are queued only
 * once it is made (demo/recordings-media.ts); by id within each.
 */
export const placesQuery = (ids: number[]) => sql`
    select id, place::int from (
      select id, row_number() over (
        order by status <> 'processing', (source_key is null and classification <> 'stitched'), id
      ) as place
      from recordings
      where status in ('queued', 'processing')
    ) waiting
    where id = any(${`{${ids.join(",")}}`}::int[])`;

async function queuePlaces(db: Db, ids: number[]) {
  return rowsOf<{ id: number; place: number }>(await db.execute(placesQuery(ids)));
}

/** Seconds until a reading is ready, by id, for those still being prepared. */
export type ReadyEstimates = ReadonlyMap<number, number>;

/** Seconds until each unprocessed reading among `rows` is ready, by id; none for the others. */
export async function readyEstimates(
  db: Db,
  rows: readonly { id: number; status: RecordingStatus }[],
): Promise<ReadyEstimates> {
  const waiting = rows.filter((r) => r.status === "queued" || r.status === "processing");
  if (waiting.length === 0) return new Map();
  const [places, pace] = await Promise.all([
    queuePlaces(
      db,
      waiting.map((r) => r.id),
    ),
    recentPace(db),
  ]);
  const seconds = Math.max(1, pace ?? FIRST_PACE_SECONDS);
  return new Map(places.map((p) => [p.id, Math.round(p.place * seconds)]));
}

/** A reading's estimate from `readyEstimates`: null unless it is still being prepared. */
export const readyIn = (estimates: ReadyEstimates, id: number) => estimates.get(id) ?? null;
