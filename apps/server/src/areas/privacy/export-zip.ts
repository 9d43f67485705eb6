import { randomUUID } from "node:crypto";
import { once } from "node:events";
import { createWriteStream } from "node:fs";
import { mkdir, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { finished } from "node:stream/promises";
import { defuseFormula, fullName } from "@refrain/domain";
import { and, eq, inArray, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { Zip, ZipDeflate, ZipPassThrough } from "fflate";
import type { Storage } from "../../adapters/storage.ts";
import type { Config } from "../../config.ts";
import { dateTimeText } from "../../core/date-text.ts";
import type { JobRun, Log } from "../../core/jobs.ts";
import type { Db } from "../../db/client.ts";
import { schools, studentExports, users } from "../../db/schema/index.ts";
import { escapeHtml } from "../../html.ts";
import { exportPrefix } from "./export.ts";
import { type MediaFile, type RecordKind, type Row, readStudentRecords } from "./export-records.ts";

/**
 * The "privacy-export" job (issue 19): everything Refrain holds about one student as one ZIP,
 * written to a temporary file as it is made (media are streamed, never held whole), then moved
 * into the media store under exports/<id>/. The layout:
 *
 *   summary.html              a page to read or print: who, what is held, every record's table
 *   data/<record>.json        each record kind as an array of objects
 *   data/<record>.csv         the same as a spreadsheet (a header row, even when empty)
 *   media/recordings/<id>-<classification>.mp4|.m4a   the processed readings
 *   media/recordings/<id>-thumbnail.jpg               their pictures
 *   media/consent/<id>.<pdf|jpg|png>                  scanned permission slips
 *
 * Left out on purpose: the password hash and the encrypted student password, share links'
 * token hashes, storage keys (each file's place in the ZIP is given instead): see
 * export-records.ts, which reads what goes in.
 */

/** A value as JSON keeps it: dates as ISO text. */
const jsonValue = (value: unknown) => (value instanceof Date ? value.toISOString() : value);

const plainRow = (columns: string[], row: Row) =>
  Object.fromEntries(columns.map((c) => [c, jsonValue(row[c] ?? null)]));

/**
 * RFC 4180: every field quoted, quotes doubled; arrays and objects as JSON. Text that starts
 * like a formula gets a leading single quote, OWASP's escape, which spreadsheets show as text;
 * numbers stay numbers (a negative one is no formula). The JSON beside it keeps every value
 * exactly as held.
 */
export function csvOf(kind: RecordKind): string {
  const field = (value: unknown) => {
    const v = jsonValue(value);
    const text =
      v === null || v === undefined ? "" : typeof v === "object" ? JSON.stringify(v) : String(v);
    // A child's name may start like a formula ("=Cleo"); a parent opening the export must not
    // run it.
    const safe = typeof v === "string" ? defuseFormula(text) : text;
    return `"${safe.replaceAll('"', '""')}"`;
  };
  const lines = [
    kind.columns.map(field),
    ...kind.rows.map((r) => kind.columns.map((c) => field(r[c]))),
  ];
  return `${lines.map((l) => l.join(",")).join("\r\n")}\r\n`;
}

const cellOf = (value: unknown) => {
  const v = jsonValue(value);
  if (v === null || v === undefined) return "";
  return escapeHtml(typeof v === "object" ? JSON.stringify(v) : String(v));
};

/** The summary page: self-contained (inline styles, no scripts, no remote anything), printable. */
function summaryHtml(facts: {
  name: string;
  username: string;
  teacher: string;
  school: string | null;
  madeAt: Date;
  kinds: RecordKind[];
  media: MediaFile[];
}): string {
  const { kinds, media } = facts;
  const table = (kind: RecordKind) => {
    if (kind.rows.length === 0) return '<p class="none">Nothing held.</p>';
    const head = kind.columns.map((c) => `<th scope="col">${escapeHtml(c)}</th>`).join("");
    const body = kind.rows
      .map((row) => {
        const cells = kind.columns.map((c) => {
          const value = row[c];
          const isFile = (c === "file" || c === "thumbnail" || c === "document") && value;
          return isFile
            ? `<td><a href="${cellOf(value)}">${cellOf(value)}</a></td>`
            : `<td>${cellOf(value)}</td>`;
        });
        return `<tr>${cells.join("")}</tr>`;
      })
      .join("\n");
    return `<div class="scroll"><table><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table></div>`;
  };
  const overview = kinds
    .map(
      (k) =>
        `<li><a href="#${k.name}">${escapeHtml(k.title)}</a>: ${k.rows.length} ${
          k.rows.length === 1 ? "record" : "records"
        } (data/${k.name}.json, data/${k.name}.csv)</li>`,
    )
    .join("\n");
  const sections = kinds
    .map((k) => `<section id="${k.name}"><h2>${escapeHtml(k.title)}</h2>${table(k)}</section>`)
    .join("\n");
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Everything Refrain holds about ${escapeHtml(facts.name)}</title>
<style>
body { font-family: -apple-system, "Segoe UI", Roboto, Helvetica, Arial, sans-serif; color: #212529; margin: 2rem auto; max-width: 72rem; padding: 0 1rem; line-height: 1.5; }
h1 { font-size: 1.6rem; margin-bottom: 0.25rem; }
h2 { font-size: 1.2rem; margin-top: 2rem; border-bottom: 1px solid #dee2e6; padding-bottom: 0.25rem; }
.meta { color: #495057; margin-top: 0; }
.scroll { overflow-x: auto; }
table { border-collapse: collapse; font-size: 0.85rem; }
th, td { border: 1px solid #dee2e6; padding: 0.25rem 0.5rem; text-align: left; vertical-align: top; }
th { background: #f1f3f5; }
.none { color: #495057; font-style: italic; }
a { color: #1864ab; }
@media print { body { margin: 0; max-width: none; } .scroll { overflow: visible; } section { break-inside: auto; } tr { break-inside: avoid; } }
</style>
</head>
<body>
<h1>Everything Refrain holds about ${escapeHtml(facts.name)}</h1>
<p class="meta">Username ${escapeHtml(facts.username)} · ${escapeHtml(facts.teacher)}'s class${
    facts.school ? ` · ${escapeHtml(facts.school)}` : ""
  } · made ${escapeHtml(dateTimeText(facts.madeAt))}</p>
<p>This file lists every record Refrain keeps about this student. The folder <code>data/</code> holds
each record as JSON and as CSV (for a spreadsheet); the folder <code>media/</code> holds the
recordings, their pictures and any scanned permission slips (${media.length} ${
    media.length === 1 ? "file" : "files"
  }). The student's password is not included: Refrain keeps it as a one-way hash for signing in, and
sealed (encrypted) so the teacher can print login cards; neither is part of this export.</p>
<h2>What is held</h2>
<ul>
${overview}
</ul>
${sections}
</body>
</html>
`;
}

/** Writes the ZIP to `file`, calling `onProgress` with 0–1 as the media are copied. */
async function writeZip(
  file: string,
  media: Storage,
  parts: { summary: string; kinds: RecordKind[]; files: MediaFile[] },
  onProgress: (done: number) => Promise<void>,
  signal: AbortSignal,
) {
  const out = createWriteStream(file);
  let failure: Error | null = null;
  const zip = new Zip((error, chunk, final) => {
    if (error) {
      failure = error;
      out.destroy(error);
      return;
    }
    out.write(chunk);
    if (final) out.end();
  });
  const drained = async () => {
    if (failure) throw failure;
    if (out.writableNeedDrain) await once(out, "drain");
  };
  const addText = async (path: string, text: string) => {
    const entry = new ZipDeflate(path, { level: 6 });
    zip.add(entry);
    entry.push(new TextEncoder().encode(text), true);
    await drained();
  };
  await addText("summary.html", parts.summary);
  for (const kind of parts.kinds) {
    const rows = kind.rows.map((row) => plainRow(kind.columns, row));
    await addText(`data/${kind.name}.json`, `${JSON.stringify(rows, null, 2)}\n`);
    await addText(`data/${kind.name}.csv`, csvOf(kind));
  }
  let copied = 0;
  for (const item of parts.files) {
    signal.throwIfAborted();
    // Media are compressed already: stored as they are, streamed a chunk at a time.
    const entry = new ZipPassThrough(item.path);
    zip.add(entry);
    for await (const chunk of media.readStream(item.key)) {
      entry.push(chunk as Uint8Array);
      await drained();
    }
    entry.push(new Uint8Array(0), true);
    copied += 1;
    await onProgress(copied / parts.files.length);
  }
  zip.end();
  await finished(out);
  if (failure) throw failure;
}

/**
 * Builds export `exportId` (a retry starts again from nothing). A student erased meanwhile
 * leaves no row: the job finds nothing and ends. A failure on the last try marks the export
 * failed, for the page to say so.
 */
export async function buildStudentExport(
  deps: { db: Db; media: Storage; config: Pick<Config, "EXPORT_LINK_HOURS">; log: Log },
  exportId: number,
  run: JobRun,
) {
  const { db, media, config, log } = deps;
  const [started] = await db
    .update(studentExports)
    .set({ status: "running", progress: 1, failure: null })
    .where(
      and(eq(studentExports.id, exportId), inArray(studentExports.status, ["queued", "running"])),
    )
    .returning({ studentId: studentExports.studentId });
  if (!started) return;
  const setProgress = async (progress: number) => {
    await db.update(studentExports).set({ progress }).where(eq(studentExports.id, exportId));
  };
  const dir = join(tmpdir(), "refrain-exports");
  await mkdir(dir, { recursive: true });
  const file = join(dir, `${exportId}-${randomUUID()}.zip`);
  try {
    const teacher = alias(users, "teacher");
    const [student] = await db
      .select({
        firstName: users.firstName,
        lastName: users.lastName,
        username: users.username,
        teacherFirst: teacher.firstName,
        teacherLast: teacher.lastName,
        teacherUsername: teacher.username,
        school: schools.name,
      })
      .from(users)
      .innerJoin(teacher, eq(teacher.id, users.teacherId))
      .leftJoin(schools, eq(schools.id, teacher.schoolId))
      .where(eq(users.id, started.studentId));
    if (!student) return;
    const { kinds, media: files } = await readStudentRecords(db, started.studentId);
    await setProgress(10);
    const madeAt = new Date();
    const summary = summaryHtml({
      name: fullName(student.firstName, student.lastName) || student.username,
      username: student.username,
      teacher: fullName(student.teacherFirst, student.teacherLast) || student.teacherUsername,
      school: student.school,
      madeAt,
      kinds,
      media: files,
    });
    // Data are quick; the media take the time, so they move the bar from 20 to 95.
    await writeZip(
      file,
      media,
      { summary, kinds, files },
      (done) => setProgress(20 + Math.round(done * 75)),
      run.signal,
    );
    await setProgress(files.length ? 95 : 90);
    const bytes = (await stat(file)).size;
    const key = `${exportPrefix(exportId)}/refrain-export.zip`;
    await media.putFile(key, file);
    await db
      .update(studentExports)
      .set({
        status: "ready",
        progress: 100,
        fileKey: key,
        bytes,
        finishedAt: sql`now()`,
        expiresAt: sql`now() + make_interval(hours => ${config.EXPORT_LINK_HOURS})`,
      })
      .where(eq(studentExports.id, exportId));
    log.info({ exportId, bytes, files: files.length }, "built a student export");
  } catch (error) {
    if (run.lastTry)
      await db
        .update(studentExports)
        .set({ status: "failed", failure: "The export could not be built." })
        .where(eq(studentExports.id, exportId));
    throw error;
  } finally {
    await rm(file, { force: true });
  }
}
