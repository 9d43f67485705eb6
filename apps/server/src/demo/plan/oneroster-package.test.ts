import {
  CLASS_TYPES,
  ENROLLMENT_ROLES,
  FILE_MODES,
  ONEROSTER_HEADERS,
  ORG_TYPES,
  ROLE_TYPES,
  SESSION_TYPES,
  STATUSES,
  USER_ROLES,
} from "@refrain/domain";
import { parse } from "csv-parse/sync";
import { strFromU8, unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import {
  DELTA_CHANGES,
  deltaPackage,
  LATER_CHANGES,
  SAMPLE_ERRORS,
  samplePackage,
  zipPackage,
} from "./oneroster-package.ts";
import { planWorld } from "./world.ts";

type Rows = Record<string, string>[];
type Tables = Record<string, Rows>;

/** Each file's rows keyed by its header, after checking the header is the binding's. */
function tables(files: Map<string, string>): Tables {
  const out: Tables = {};
  for (const [name, text] of files) {
    const file = name.replace(/\.csv$/, "") as keyof typeof ONEROSTER_HEADERS;
    const [header = [], ...rows] = parse(text) as string[][];
    expect(header, name).toEqual(ONEROSTER_HEADERS[file]);
    out[file] = rows.map((row) => Object.fromEntries(header.map((h, i) => [h, row[i] ?? ""])));
  }
  return out;
}

const list = (cell: string | undefined) => (cell ? cell.split(",") : []);

/**
 * What an importer would find wrong, as "file sourcedId": repeated sourcedIds, bad enums,
 * formula-like cells, repeated usernames, references to nothing, and enrollments whose role the
 * user does not have. `known` adds the rows of an earlier package (a delta's base).
 */
function problems(t: Tables, known: Tables = {}): string[] {
  const found = new Set<string>();
  const report = (file: string, row: Record<string, string>) =>
    found.add(`${file} ${row.sourcedId}`);
  const ids = (file: string) =>
    new Set([...(known[file] ?? []), ...(t[file] ?? [])].map((r) => r.sourcedId));
  const [orgs, sessions, courses, classes, users] = [
    "orgs",
    "academicSessions",
    "courses",
    "classes",
    "users",
  ].map(ids) as Set<string>[];
  const has = (set: Set<string> | undefined, id: string | undefined) => !id || set?.has(id);
  const enums: Record<string, Record<string, readonly string[]>> = {
    orgs: { type: ORG_TYPES },
    academicSessions: { type: SESSION_TYPES },
    classes: { classType: CLASS_TYPES },
    roles: { roleType: ROLE_TYPES, role: USER_ROLES },
    enrollments: { role: ENROLLMENT_ROLES },
  };
  for (const [file, rows] of Object.entries(t)) {
    if (file === "manifest") continue;
    const seen = new Set<string>();
    for (const row of rows) {
      if (seen.has(row.sourcedId ?? "")) report(file, row);
      seen.add(row.sourcedId ?? "");
      if (!STATUSES.includes(row.status as never)) report(file, row);
      for (const [column, values] of Object.entries(enums[file] ?? {})) {
        if (!values.includes(row[column] ?? "")) report(file, row);
      }
      if (Object.values(row).some((cell) => /^[=+\-@]/.test(cell))) report(file, row);
    }
  }
  const usernames = new Set<string>();
  const agents = new Map((t.users ?? []).map((u) => [u.sourcedId, list(u.agentSourcedIds)]));
  for (const u of t.users ?? []) {
    if (u.username && usernames.has(u.username)) report("users", u);
    if (u.username) usernames.add(u.username);
    if (!has(orgs, u.primaryOrgSourcedId)) report("users", u);
    for (const agent of list(u.agentSourcedIds)) {
      if (!agents.get(agent)?.includes(u.sourcedId ?? "")) report("users", u);
    }
  }
  for (const o of t.orgs ?? []) if (!has(orgs, o.parentSourcedId)) report("orgs", o);
  for (const s of t.academicSessions ?? []) {
    if (!has(sessions, s.parentSourcedId)) report("academicSessions", s);
  }
  for (const c of t.courses ?? []) {
    if (!has(orgs, c.orgSourcedId) || !has(sessions, c.schoolYearSourcedId)) report("courses", c);
  }
  for (const c of t.classes ?? []) {
    const terms = list(c.termSourcedIds).every((term) => sessions?.has(term));
    if (!terms || !has(courses, c.courseSourcedId) || !has(orgs, c.schoolSourcedId)) {
      report("classes", c);
    }
  }
  const roles = new Map<string, string[]>();
  for (const r of [...(known.roles ?? []), ...(t.roles ?? [])]) {
    roles.set(r.userSourcedId ?? "", [...(roles.get(r.userSourcedId ?? "") ?? []), r.role ?? ""]);
  }
  for (const r of t.roles ?? []) {
    if (!has(users, r.userSourcedId) || !has(orgs, r.orgSourcedId)) report("roles", r);
  }
  for (const e of t.enrollments ?? []) {
    const refs = has(classes, e.classSourcedId) && has(orgs, e.schoolSourcedId);
    const userHasRole = roles.get(e.userSourcedId ?? "")?.includes(e.role ?? "");
    if (!refs || !has(users, e.userSourcedId) || !userHasRole) report("enrollments", e);
  }
  for (const d of t.demographics ?? []) if (!has(users, d.sourcedId)) report("demographics", d);
  return [...found].sort();
}

const usersWith = (t: Tables, role: string) => {
  const ids = new Set(t.roles?.filter((r) => r.role === role).map((r) => r.userSourcedId));
  return (t.users ?? []).filter((u) => ids.has(u.sourcedId));
};

describe("sample OneRoster packages", () => {
  const demo = samplePackage({ variant: "valid", size: "demo" });
  const t = tables(demo);

  it("are the same bytes on every run, zipped with every file at the root", () => {
    const again = samplePackage({ variant: "valid", size: "demo" });
    expect([...again]).toEqual([...demo]);
    const zip = zipPackage(demo);
    expect(Buffer.from(zipPackage(again)).equals(Buffer.from(zip))).toBe(true);
    const unzipped = unzipSync(zip);
    expect(Object.keys(unzipped)).toEqual([...demo.keys()]);
    for (const [name, bytes] of Object.entries(unzipped)) {
      expect(name).not.toContain("/");
      expect(bytes[0]).not.toBe(0xef); // no byte-order mark
      expect(strFromU8(bytes)).toBe(demo.get(name));
    }
  });

  it("list every data file as bulk in the manifest", () => {
    const modes = Object.fromEntries(t.manifest?.map((r) => [r.propertyName, r.value]) ?? []);
    expect(modes["oneroster.version"]).toBe("1.2");
    for (const name of demo.keys()) {
      if (name !== "manifest.csv") expect(modes[`file.${name.replace(".csv", "")}`]).toBe("bulk");
    }
    for (const [key, mode] of Object.entries(modes)) {
      if (key.startsWith("file.")) expect(FILE_MODES).toContain(mode);
    }
  });

  it("hold the demo district, its first two schools by name and two new ones", () => {
    const world = planWorld("demo");
    const [district, ...schools] = t.orgs ?? [];
    expect(district).toMatchObject({ type: "district", name: world.districts[0]?.name });
    expect(schools.map((s) => [s.type, s.parentSourcedId])).toEqual(
      Array(4).fill(["school", district?.sourcedId]),
    );
    expect(schools.slice(0, 2).map((s) => s.name)).toEqual(
      world.schools.slice(0, 2).map((s) => s.name),
    );
    expect(new Set(schools.map((s) => s.name)).size).toBe(4);
    expect(t.academicSessions?.map((s) => s.type)).toEqual(["schoolYear", "term", "term"]);
    expect(t.courses?.map((c) => c.title)).toEqual(
      [0, 1, 2, 3, 4, 5].map((g) => `Reading ${g || "K"}`),
    );
    for (const c of t.classes ?? [])
      expect(c.title).toMatch(/^(Kindergarten|Grade [1-5]) — Room \d+$/);
  });

  it("hold 12 teachers, ms.rivera and mr.okafor with their demo-world e-mails", () => {
    const world = planWorld("demo");
    const teachers = usersWith(t, "teacher");
    expect(teachers).toHaveLength(12);
    for (const username of ["ms.rivera", "mr.okafor"]) {
      const email = world.users.find((u) => u.key === `t:${username}`)?.email;
      expect(teachers.find((u) => u.username === username)?.email).toBe(email);
    }
    for (const u of teachers) expect(u.email).toMatch(/@riverbend\.example\.org$/);
    const classesOf = (id = "") =>
      t.enrollments?.filter((e) => e.userSourcedId === id && e.role === "teacher");
    expect(teachers.filter((u) => (classesOf(u.sourcedId)?.length ?? 0) > 1)).toHaveLength(2);
    for (const e of t.enrollments ?? [])
      expect(e.primary).toBe(e.role === "teacher" ? "true" : "false");
    const secondary = t.roles?.filter((r) => r.roleType === "secondary") ?? [];
    expect(secondary.map((r) => r.role)).toEqual(["teacher"]);
  });

  it("hold 200 students in KG–05 and 60 guardians, linked both ways", () => {
    const students = usersWith(t, "student");
    expect(students).toHaveLength(200);
    expect(t.classes).toHaveLength(14);
    expect(t.enrollments).toHaveLength(14 + 200);
    for (const s of students) {
      expect(["KG", "01", "02", "03", "04", "05"]).toContain(s.grades);
      expect(s.email).toBe("");
      if (s.username) expect(s.username).toMatch(/^[a-z]+\.[a-z]\d*$/);
    }
    expect(students.filter((s) => !s.username)).toHaveLength(8);
    const guardians = [...usersWith(t, "parent"), ...usersWith(t, "guardian")];
    expect(guardians).toHaveLength(60);
    for (const g of guardians) expect(g.email).toMatch(/^[a-z.\d]+@home\.example\.com$/);
    expect(guardians.filter((g) => list(g.agentSourcedIds).length === 2)).toHaveLength(1);
    expect(t.demographics).toHaveLength(2);
  });

  it("resolve every reference, in the demo, a small custom size and the later export", () => {
    expect(problems(t)).toEqual([]);
    const small = samplePackage({
      variant: "valid",
      size: { schools: 2, teachersPerSchool: 3, studentsPerTeacher: 5 },
    });
    expect(problems(tables(small))).toEqual([]);
    expect(
      problems(tables(samplePackage({ variant: "valid", size: "demo", changes: "later" }))),
    ).toEqual([]);
  });

  it("hold each of SAMPLE_ERRORS in the errors variant, and nothing else wrong", () => {
    const errors = tables(samplePackage({ variant: "errors", size: "demo" }));
    expect(problems(errors)).toEqual(SAMPLE_ERRORS.map((e) => `${e.file} ${e.sourcedId}`).sort());
    const classType = errors.classes?.find((c) => c.sourcedId === "rb-cls-err001")?.classType;
    expect(classType).toBe("lecture");
    expect(errors.users?.find((u) => u.sourcedId === "rb-usr-err001")?.givenName).toBe(
      "=cmd|' /C calc'!A0",
    );
  });

  it("change exactly what LATER_CHANGES says in the later export", () => {
    const later = tables(samplePackage({ variant: "valid", size: "demo", changes: "later" }));
    const key = (rows: Rows = []) => new Map(rows.map((r) => [r.sourcedId, JSON.stringify(r)]));
    const diff = (before: Rows = [], after: Rows = []) => {
      const [a, b] = [key(before), key(after)];
      return {
        gone: [...a.keys()].filter((id) => !b.has(id)),
        added: [...b.keys()].filter((id) => !a.has(id)),
        changed: [...a.keys()].filter((id) => b.has(id) && a.get(id) !== b.get(id)),
      };
    };
    const users = diff(t.users, later.users);
    expect(users.gone).toEqual(LATER_CHANGES.dropped);
    expect(users.added).toHaveLength(LATER_CHANGES.added);
    expect(users.changed).toEqual([LATER_CHANGES.renamed]);
    const renamed = later.users?.find((u) => u.sourcedId === LATER_CHANGES.renamed);
    expect(renamed?.familyName).toBe("Whitfield");
    const enrollments = diff(t.enrollments, later.enrollments);
    expect(enrollments.gone).toHaveLength(3 + 1);
    expect(enrollments.added).toHaveLength(4 + 1);
    expect(enrollments.changed).toEqual([]);
    const classOf = (rows: Rows = []) =>
      rows.find((e) => e.userSourcedId === LATER_CHANGES.moved)?.classSourcedId;
    expect([classOf(t.enrollments), classOf(later.enrollments)]).toEqual([
      "rb-cls-0001",
      "rb-cls-0003",
    ]);
    expect(usersWith(later, "student")).toHaveLength(201);
  });

  it("write a delta of one new student, one tobedeleted and one new family name", () => {
    const delta = tables(deltaPackage());
    const modes = Object.fromEntries(delta.manifest?.map((r) => [r.propertyName, r.value]) ?? []);
    expect([
      modes["file.users"],
      modes["file.roles"],
      modes["file.enrollments"],
      modes["file.orgs"],
    ]).toEqual(["delta", "delta", "delta", "absent"]);
    expect(Object.keys(delta).sort()).toEqual(["enrollments", "manifest", "roles", "users"]);
    expect(delta.users?.map((u) => [u.sourcedId, u.status])).toEqual([
      ["rb-usr-s00201", "active"],
      [DELTA_CHANGES.deleted, "tobedeleted"],
      [DELTA_CHANGES.renamed, "active"],
    ]);
    expect(delta.users?.[2]?.familyName).toBe("Whitfield");
    expect(delta.roles?.map((r) => r.status)).toEqual(["active", "tobedeleted"]);
    expect(delta.enrollments?.map((e) => [e.userSourcedId, e.status])).toEqual([
      ["rb-usr-s00201", "active"],
      [DELTA_CHANGES.deleted, "tobedeleted"],
    ]);
    for (const rows of [delta.users, delta.roles, delta.enrollments]) {
      for (const row of rows ?? [])
        expect(row.dateLastModified).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/);
    }
    expect(problems(delta, t)).toEqual([]);
  });

  it("write the bench size: 40 schools, 800 teachers, 20,000 students", () => {
    const started = performance.now();
    const bench = tables(samplePackage({ variant: "valid", size: "bench" }));
    const seconds = (performance.now() - started) / 1000;
    expect(bench.orgs?.filter((o) => o.type === "school")).toHaveLength(40);
    expect(usersWith(bench, "teacher")).toHaveLength(800);
    expect(usersWith(bench, "student")).toHaveLength(20_000);
    expect(bench.classes).toHaveLength(800);
    expect(bench.enrollments).toHaveLength(800 + 20_000);
    expect(problems(bench)).toEqual([]);
    // Generating and parsing it back takes about a second; a generous bound catches a slow path.
    expect(seconds).toBeLessThan(20);
  });
});
