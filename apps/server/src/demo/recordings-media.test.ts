import { execFile } from "node:child_process";
import { readdir } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { asc, eq, inArray, notInArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestContext } from "../../test/build-test-app.ts";
import { buildDemoApp } from "../../test/demo-app.ts";
import { mediaFiles } from "../adapters/storage.ts";
import { strandedRecordings } from "../areas/fluency/index.ts";
import { recordings } from "../db/schema/index.ts";
import { makeDemoRecordings } from "./recordings-media.ts";

const run = promisify(execFile);

let ctx: TestContext;
let kept: { id: number; lyricsOnly: boolean }[];
beforeAll(async () => {
  ctx = await buildDemoApp();
  // One video reading and one sound-only one are enough to see the whole path.
  const rows = await ctx.db.select().from(recordings).orderBy(asc(recordings.id));
  const video = rows.find((r) => !r.lyricsOnly);
  const audio = rows.find((r) => r.lyricsOnly);
  kept = [video, audio].map((r) => ({ id: r?.id as number, lyricsOnly: r?.lyricsOnly as boolean }));
  await ctx.db.delete(recordings).where(
    notInArray(
      recordings.id,
      kept.map((k) => k.id),
    ),
  );
}, 60_000);
afterAll(() => ctx.close());

describe("making the demo recordings' files", () => {
  it("stores each reading as real media, queues it once, and makes nothing on a second start", async () => {
    const media = mediaFiles(ctx.config.DATA_DIR);
    const queued: number[] = [];
    const deps = {
      db: ctx.db,
      media,
      dataDir: ctx.config.DATA_DIR,
      queue: async (id: number) => {
        queued.push(id);
      },
      seconds: 2,
    };
    // Days old but without a file yet: the sweep of lost jobs leaves them to the maker.
    expect(await strandedRecordings(ctx.db)).toEqual([]);
    expect((await makeDemoRecordings(deps)).made).toBe(2);
    // Newest first: the screening's months-old readings wait for the week's.
    expect([...queued].sort((a, b) => a - b)).toEqual(kept.map((k) => k.id).sort((a, b) => a - b));

    for (const k of kept) {
      const [row] = await ctx.db.select().from(recordings).where(eq(recordings.id, k.id));
      const key = `recordings/${k.id}/source`;
      expect(row).toMatchObject({ sourceKey: key, sourceBytes: await media.size(key) });
      const { stdout } = await media.withLocalFile(key, (path) =>
        run("ffprobe", [
          ...["-v", "error", "-show_entries", "stream=codec_name:format=duration"],
          ...["-of", "csv=p=0", path],
        ]),
      );
      const lines = stdout.split("\n").filter(Boolean);
      expect(lines.filter((l) => !/^[\d.]+$/.test(l)).sort()).toEqual(
        k.lyricsOnly ? ["opus"] : ["opus", "vp8"],
      );
      const duration = Number(lines.find((l) => /^[\d.]+$/.test(l)));
      expect(Math.abs(duration - 2)).toBeLessThan(0.1);
    }
    // The clips wait in DATA_DIR/demo-media for a later world.
    expect(await readdir(join(ctx.config.DATA_DIR, "demo-media"))).toHaveLength(2);

    expect((await makeDemoRecordings(deps)).made).toBe(0);
    expect(queued).toHaveLength(2);
    // A start stopped after storing one's file, before giving the row its source: the next
    // gives it, from the cached clip, leaves the stored file as it was, and queues it.
    const first = kept[0]?.id as number;
    const stored = await media.get(`recordings/${first}/source`);
    await ctx.db
      .update(recordings)
      .set({ sourceKey: null, sourceBytes: null })
      .where(eq(recordings.id, first));
    expect((await makeDemoRecordings(deps)).made).toBe(1);
    expect(queued.slice(2)).toEqual([first]);
    expect(await media.get(`recordings/${first}/source`)).toEqual(stored);
    const rows = await ctx.db
      .select({ status: recordings.status })
      .from(recordings)
      .where(
        inArray(
          recordings.id,
          kept.map((k) => k.id),
        ),
      );
    expect(rows.map((r) => r.status)).toEqual(["queued", "queued"]);
  }, 60_000);
});
