import { createReadStream, existsSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { isNotNull, sql } from "drizzle-orm";
import { ConfigError, loadConfig } from "../config.ts";
import { type Db, withMigratedDatabase } from "../db/client.ts";
import { schools } from "../db/schema/index.ts";

/**
 * `npm run schools:import -- file.csv`: loads a school list in the layout of the NCES Common
 * Core of Data public school directory, so the sign-up form's ZIP lookup finds real schools.
 * Schools are matched by their NCES id: a second import of a newer file updates names and
 * addresses rather than adding duplicates.
 */

/** The directory file's columns we read; every other column is ignored. */
export const NCES_COLUMNS = {
  ncesId: "NCESSCH",
  name: "SCH_NAME",
  city: "LCITY",
  state: "LSTATE",
  zip: "LZIP",
} as const;

/**
 * Splits CSV text (RFC 4180: quoted fields may hold commas, line breaks and doubled quotes)
 * into records, reading chunk by chunk so a large file never sits in memory whole.
 */
export async function* parseCsv(chunks: AsyncIterable<string>): AsyncGenerator<string[]> {
  let record: string[] = [];
  let field = "";
  let quoted = false;
  // Inside quotes, a quote either ends the field or, doubled, stands for itself.
  let quoteSeen = false;
  let atStart = true;
  const endField = () => {
    record.push(field);
    field = "";
  };
  for await (const chunk of chunks) {
    for (const ch of chunk) {
      if (atStart) {
        atStart = false;
        if (ch === "\uFEFF") continue;
      }
      if (quoted) {
        if (quoteSeen) {
          quoteSeen = false;
          if (ch === '"') {
            field += '"';
            continue;
          }
          quoted = false;
        } else if (ch === '"') {
          quoteSeen = true;
          continue;
        } else {
          field += ch;
          continue;
        }
      }
      if (ch === '"' && field === "") {
        quoted = true;
      } else if (ch === ",") {
        endField();
      } else if (ch === "\n") {
        endField();
        if (record.length > 1 || record[0] !== "") yield record;
        record = [];
      } else if (ch !== "\r") {
        field += ch;
      }
    }
  }
  if (field !== "" || record.length > 0) {
    endField();
    yield record;
  }
}

export interface ImportedSchool {
  ncesId: string;
  name: string;
  city: string | null;
  state: string | null;
  zip: string | null;
}

/** A ZIP as five digits; a spreadsheet may have dropped its leading zeros. */
export function normalizeZip(value: string): string | null {
  const digits = value.replace(/\D/g, "");
  if (digits === "") return null;
  return digits.length < 5 ? digits.padStart(5, "0") : digits.slice(0, 5);
}

function columnIndexes(header: string[]) {
  const names = header.map((h) => h.trim().toUpperCase());
  const missing: string[] = [];
  const index = Object.fromEntries(
    Object.entries(NCES_COLUMNS).map(([key, column]) => {
      const i = names.indexOf(column);
      if (i < 0) missing.push(column);
      return [key, i];
    }),
  ) as Record<keyof typeof NCES_COLUMNS, number>;
  if (missing.length > 0) {
    throw new ConfigError(
      `The file has no ${missing.join(", ")} column: is it the NCES directory?`,
    );
  }
  return index;
}

export interface ImportResult {
  added: number;
  updated: number;
  unchanged: number;
  /** Rows without an NCES id or a name. */
  skipped: number;
}

/** Reads the directory's records and upserts them by NCES id, `batchSize` rows at a time. */
export async function importSchools(
  db: Db,
  records: AsyncIterable<string[]>,
  batchSize = 1000,
): Promise<ImportResult> {
  const result: ImportResult = { added: 0, updated: 0, unchanged: 0, skipped: 0 };
  const known = new Map(
    (
      await db
        .select({ id: schools.id, ncesId: schools.ncesId })
        .from(schools)
        .where(isNotNull(schools.ncesId))
    ).map((row) => [row.ncesId as string, row.id]),
  );
  let index: ReturnType<typeof columnIndexes> | null = null;
  // Keyed by NCES id, so a school listed twice in one batch is written once (the last wins).
  let batch = new Map<string, ImportedSchool>();

  const flush = async () => {
    const rows = [...batch.values()];
    batch = new Map();
    const fresh = rows.filter((row) => !known.has(row.ncesId));
    const existing = rows.filter((row) => known.has(row.ncesId));
    if (fresh.length > 0) {
      const inserted = await db
        .insert(schools)
        .values(fresh)
        .returning({ id: schools.id, ncesId: schools.ncesId });
      for (const row of inserted) known.set(row.ncesId as string, row.id);
      result.added += inserted.length;
    }
    if (existing.length > 0) {
      const values = sql.join(
        existing.map(
          (row) =>
            sql`(${known.get(row.ncesId)}::int, ${row.name}::text, ${row.city}::text, ${row.state}::text, ${row.zip}::text)`,
        ),
        sql`, `,
      );
      const changed = await db.execute(sql`
        update ${schools} as s
        set name = v.name, city = v.city, state = v.state, zip = v.zip
        from (values ${values}) as v(id, name, city, state, zip)
        where s.id = v.id
          and (s.name, s.city, s.state, s.zip) is distinct from (v.name, v.city, v.state, v.zip)
        returning s.id`);
      // Both drivers (PGlite and node-postgres) answer raw SQL with `{ rows }`.
      const count = (changed as unknown as { rows: unknown[] }).rows.length;
      result.updated += count;
      result.unchanged += existing.length - count;
    }
  };

  for await (const record of records) {
    if (!index) {
      index = columnIndexes(record);
      continue;
    }
    const cell = (i: number) => (record[i] ?? "").trim();
    const school: ImportedSchool = {
      ncesId: cell(index.ncesId),
      name: cell(index.name),
      city: cell(index.city) || null,
      state: cell(index.state).toUpperCase() || null,
      zip: normalizeZip(cell(index.zip)),
    };
    if (!school.ncesId || !school.name) {
      result.skipped += 1;
      continue;
    }
    batch.set(school.ncesId, school);
    if (batch.size >= batchSize) await flush();
  }
  if (!index) throw new ConfigError("The file is empty.");
  await flush();
  return result;
}

export function csvFileRecords(path: string) {
  return parseCsv(createReadStream(path, { encoding: "utf8" }));
}

async function main(argv: string[]) {
  const file = argv[2];
  if (!file) throw new ConfigError("Usage: npm run schools:import -- path/to/schools.csv");
  // npm runs scripts from the repository root; a relative path means where the command was typed.
  const path = resolve(process.env.INIT_CWD ?? process.cwd(), file);
  if (!existsSync(path)) throw new ConfigError(`No such file: ${path}`);
  const config = loadConfig();
  await withMigratedDatabase(config, async (database) => {
    const started = Date.now();
    const r = await importSchools(database.db, csvFileRecords(path));
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(
      `Schools imported from ${path} in ${seconds} s: ${r.added} added, ${r.updated} updated, ${r.unchanged} unchanged, ${r.skipped} skipped.`,
    );
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  main(process.argv).catch((error) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  });
}
