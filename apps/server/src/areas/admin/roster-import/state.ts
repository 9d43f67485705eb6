import {
  DATA_FILES,
  type DataFile,
  emptyState,
  fileName,
  type PlanProblem,
  type RecordOf,
  type RosterState,
  readRow,
} from "@refrain/domain";
import { eq } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { rosterRecords } from "../../../db/schema/index.ts";
import { type PackageProblem, type ReadPackage, readPackage } from "./package-reader.ts";

/**
 * A package read against the district's roster as the last import left it: the whole roster
 * it makes (bulk files replace their file's records, delta files change theirs row by row,
 * absent files keep theirs), with every row's problems and where each record's row is.
 */
export interface ReadRoster {
  read: ReadPackage;
  state: RosterState;
  previous: RosterState;
  problems: RowLevelProblem[];
  /** The line of each record's row, for problems found later (references, the plan). */
  lines: Map<string, number>;
}
export interface RowLevelProblem extends PackageProblem {
  severity: "error" | "warning";
  sourcedId: string | null;
  field: string | null;
}

const lineKey = (file: DataFile, sourcedId: string) => `${file}\u0000${sourcedId}`;

export async function readRoster(db: Db, districtId: number, zip: Uint8Array): Promise<ReadRoster> {
  const previous = await loadRoster(db, districtId);
  const incoming = emptyState();
  const deleted = new Map<DataFile, Set<string>>(DATA_FILES.map((f) => [f, new Set()]));
  const problems: RowLevelProblem[] = [];
  const lines = new Map<string, number>();
  const read = await readPackage(zip, (file, line, values, mode) => {
    const row = readRow(file, values, mode);
    const sourcedId = values.sourcedId?.trim() ?? "";
    for (const p of row.problems)
      problems.push({ file: fileName(file), line, sourcedId: sourcedId || null, ...p });
    if (sourcedId === "") return;
    const at = lineKey(file, sourcedId);
    const first = lines.get(at);
    if (first !== undefined) {
      problems.push({
        file: fileName(file),
        line,
        sourcedId,
        field: "sourcedId",
        severity: "error",
        message: `sourcedId ${sourcedId} is also on line ${first}; each record has its own.`,
      });
      return;
    }
    lines.set(at, line);
    if (row.status === "tobedeleted") deleted.get(file)?.add(sourcedId);
    else if (row.record)
      (incoming[file] as Map<string, RecordOf[typeof file]>).set(sourcedId, row.record);
  });
  const state = emptyState();
  for (const file of DATA_FILES) {
    const mode = read.modes[file];
    const merged = new Map(mode === "bulk" ? [] : previous[file]);
    for (const [id, record] of incoming[file]) merged.set(id, record as never);
    for (const id of deleted.get(file) ?? []) merged.delete(id);
    (state as Record<DataFile, Map<string, unknown>>)[file] = merged;
  }
  dropOrphans(state, previous, incoming);
  return { read, state, previous, problems, lines };
}

/**
 * A delta that deletes a person or a class deletes, with them, the roles and enrollments of
 * theirs that earlier imports brought and this package does not mention; ones this package
 * sends still have to resolve.
 */
function dropOrphans(state: RosterState, previous: RosterState, incoming: RosterState) {
  const carried = <T>(file: "roles" | "enrollments", keep: (record: T) => boolean) => {
    const map = state[file] as Map<string, T>;
    for (const [id, record] of map)
      if (previous[file].has(id) && !incoming[file].has(id) && !keep(record)) map.delete(id);
  };
  carried<RecordOf["roles"]>("roles", (r) => state.users.has(r.userSourcedId));
  carried<RecordOf["enrollments"]>(
    "enrollments",
    (e) => state.users.has(e.userSourcedId) && state.classes.has(e.classSourcedId),
  );
}

/** Where a plan's or reference check's problem sits in the package. */
export function locate(roster: ReadRoster, problem: PlanProblem): RowLevelProblem {
  return {
    file: fileName(problem.file),
    line: roster.lines.get(lineKey(problem.file, problem.sourcedId)) ?? null,
    sourcedId: problem.sourcedId,
    field: problem.field,
    severity: problem.severity,
    message: problem.message,
  };
}

export async function loadRoster(db: Db, districtId: number): Promise<RosterState> {
  const state = emptyState();
  const rows = await db
    .select({
      kind: rosterRecords.kind,
      sourcedId: rosterRecords.sourcedId,
      record: rosterRecords.record,
    })
    .from(rosterRecords)
    .where(eq(rosterRecords.districtId, districtId));
  for (const row of rows) {
    const map = (state as Record<string, Map<string, unknown>>)[row.kind];
    map?.set(row.sourcedId, row.record);
  }
  return state;
}

/** Hands the event loop to waiting requests between slices of a long read or write. */
export const breathe = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A record as text with its keys in order: jsonb gives them back in an order of its own. */
export const canonical = (record: unknown) =>
  JSON.stringify(Object.entries(record as object).sort(([a], [b]) => (a < b ? -1 : 1)));

/** What changes between two rosters, per file: records added, changed and gone. */
export function rosterDiff(before: RosterState, after: RosterState) {
  return Object.fromEntries(
    DATA_FILES.map((file) => {
      const b = before[file] as Map<string, unknown>;
      const a = after[file] as Map<string, unknown>;
      let create = 0;
      let update = 0;
      let unchanged = 0;
      for (const [id, record] of a) {
        const old = b.get(id);
        if (old === undefined) create++;
        else if (canonical(old) === canonical(record)) unchanged++;
        else update++;
      }
      let deactivate = 0;
      for (const id of b.keys()) if (!a.has(id)) deactivate++;
      return [file, { create, update, unchanged, deactivate }];
    }),
  ) as Record<DataFile, { create: number; update: number; unchanged: number; deactivate: number }>;
}
