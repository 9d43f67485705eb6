import { existsSync } from "node:fs";
import { join } from "node:path";
import pino from "pino";
import { setHelperPriority, stopHelpers } from "./adapters/helper-process.ts";
import { deleteUnreferencedMailFiles } from "./adapters/mail.ts";
import { fileStore, mediaStore } from "./adapters/storage.ts";
import { buildApp } from "./app.ts";
import { queueRecordingProcessing } from "./areas/fluency/index.ts";
import { canMakeTracks, LessonTracks } from "./areas/lessons/index.ts";
import { ensureCatalog } from "./catalog/catalog.ts";
import { ConfigError, loadConfig } from "./config.ts";
import { makeMissingInTurn } from "./core/first-start.ts";
import { openServerDatabase } from "./db/client.ts";
import { demoShareLink } from "./demo/grades.ts";
import { demoLogins, ensureDemoWorld } from "./demo/index.ts";
import { makeDemoRecordings } from "./demo/recordings-media.ts";
import { startJobs } from "./jobs/index.ts";

/** Reads config, opens and migrates the database, seeds the demo world once, then listens. */
async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  setHelperPriority(config.HELPER_PRIORITY);
  // Looking for espeak-ng and ffmpeg runs each once: meanwhile the database opens.
  const findingTrackTools = canMakeTracks();
  // A first start takes seconds here: say what it does (the scripts said what came before).
  const pgliteDir = join(config.DATA_DIR, "pg");
  if (!config.DATABASE_URL && !existsSync(pgliteDir))
    console.log(`▸ Creating the database (PGlite in ${pgliteDir}) and migrating it…`);
  const database = await openServerDatabase(config);
  await database.migrate();
  // Servers started together: one makes the catalog (and the demo world), the others find it.
  const seeded = await database.exclusively(() =>
    config.DEMO_WORLD === "on"
      ? ensureDemoWorld(database.db, config, () =>
          console.log("▸ Creating the demo world (a district, its schools, classes and readings)…"),
        )
      : ensureCatalog(database.db).then(() => false),
  );
  // Sends always; works the queues unless `npm run worker` processes do (JOBS_IN_PROCESS=false).
  const jobs = await startJobs({
    database,
    config,
    log: pino({ level: config.LOG_LEVEL }),
    work: config.JOBS_IN_PROCESS,
  });
  // Lesson tracks are made from the lesson text with espeak-ng over an ffmpeg beat, once, and
  // kept under DATA_DIR. A request for a missing one makes it at once; the rest are made in the
  // background (below).
  const trackLog = pino({ level: config.LOG_LEVEL });
  const trackTools = await findingTrackTools;
  const makeTracks = config.LESSON_TRACKS !== "off" && trackTools;
  if (config.LESSON_TRACKS !== "off" && !makeTracks)
    trackLog.warn("espeak-ng or ffmpeg is missing: lesson tracks are not made");
  const lessonTracks = new LessonTracks(database.db, fileStore(config), {
    generate: makeTracks,
    log: (facts, message) => trackLog.debug(facts, message),
  });
  const lifecycle = { draining: false };
  const app = await buildApp({
    config,
    db: database.db,
    listen: database.listen,
    jobs,
    logger: { level: config.LOG_LEVEL },
    lessonTracks,
    lifecycle,
  });
  // Files the outbox no longer refers to (login cards stored before it withheld them) hold
  // secrets nobody may read: gone before the server serves anything.
  const deleted = await deleteUnreferencedMailFiles(database.db, fileStore(config));
  if (deleted > 0) app.log.info({ deleted }, "deleted unreferenced mail attachment files");

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    // A supervisor's SIGTERM: readiness says no first and the server keeps serving while load
    // balancers notice; Ctrl-C (SIGINT) in a terminal stops at once.
    const drainMs = signal === "SIGTERM" ? config.SHUTDOWN_DRAIN_SECONDS * 1000 : 0;
    app.log.info({ signal, drainMs }, "shutting down");
    // A bound on finishing: a loaded machine took over 10 s to close the queue and the pool.
    // Past it the log says which step had not finished, so a slow stop can be found.
    let step = "draining";
    const force = setTimeout(() => {
      app.log.error({ step }, "shutdown did not finish in time; exiting");
      process.exit(1);
    }, drainMs + 20_000);
    force.unref();
    lifecycle.draining = true;
    await new Promise((resolve) => setTimeout(resolve, drainMs));
    // The helpers end first, while the server still answers: the tutorial recorder signs out
    // through it. A job's ffmpeg ended here fails as stopped, not as a bad file: it is redone.
    step = "stopping helper programs";
    await stopHelpers();
    // Then no new connections, and the requests in flight finish; the app before the queue, so
    // the mail its requests promised is queued before the queue stops.
    step = "closing the server";
    await app.close();
    step = "stopping the job queue";
    await jobs.stop();
    step = "closing the database";
    await database.close();
    process.exit(0);
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));

  // The first start's background work, one batch after another at the lowest priority
  // (adapters/helper-process.ts): the lesson tracks, then the demo's readings (a student's
  // read-along needs its track more than the teacher's list needs its readings). The help
  // videos start beside them once the server listens (help/media-routes.ts); people's requests
  // go before all of it. Stopping the server stops them (HelperStopped), which is no failure.
  if (makeTracks && config.LESSON_TRACKS === "all")
    makeMissingInTurn(app.log, "lesson tracks", () => lessonTracks.makeMissing());
  if (config.DEMO_RECORDINGS === "on" && trackTools)
    makeMissingInTurn(app.log, "demo recordings", () =>
      makeDemoRecordings({
        db: database.db,
        media: mediaStore(config),
        dataDir: config.DATA_DIR,
        queue: (recordingId) => queueRecordingProcessing(jobs, recordingId),
      }),
    );

  await app.listen({ host: config.HOST, port: config.PORT });
  // Which runtime serves is the first thing to know when something behaves differently.
  app.log.info({ node: process.version }, `node ${process.version}`);
  // Only a database holding the demo world has it: elsewhere nothing is printed.
  const shareLink = await demoShareLink(database.db, config.PUBLIC_URL);
  const where = config.DATABASE_URL
    ? "PostgreSQL (DATABASE_URL)"
    : `PGlite in ${config.DATA_DIR}/pg`;
  const lines = [
    "",
    `Refrain is running at ${config.PUBLIC_URL}`,
    `Database: ${where}${seeded ? " — demo world created" : ""}`,
    `Node.js: ${process.version}`,
    "",
    ...(config.DEMO_WORLD === "on"
      ? ["Demo logins (adults at /login, students at /student/login):", ...demoLoginLines()]
      : ["No demo world (DEMO_WORLD=off): `npm run staff:add` makes the first staff account."]),
    ...(shareLink ? ["", `A reading ms.rivera shared with a family: ${shareLink}`] : []),
    "",
    "Press Ctrl+C to stop.",
  ];
  console.log(lines.join("\n"));
}

function demoLoginLines() {
  return demoLogins().map((l) =>
    `  ${l.role.padEnd(16)} ${l.login.padEnd(22)} ${l.password.padEnd(14)} ${l.note ?? ""}`.trimEnd(),
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
