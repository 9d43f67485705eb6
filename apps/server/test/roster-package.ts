import { csvLine, type DataFile, ONEROSTER_HEADERS } from "@refrain/domain";
import { strToU8, zipSync } from "fflate";

/**
 * Small OneRoster 1.2 packages written row by row in a test: each file's rows as objects of the
 * columns they fill (the rest blank), its mode in the manifest.
 */
export type Rows = Partial<Record<DataFile, Record<string, string>[]>>;

export function rosterCsv(file: DataFile, rows: Record<string, string>[]) {
  const header = ONEROSTER_HEADERS[file] as readonly string[];
  // csvLine guards cells that start like formulas; a test package may need them raw.
  const line = (cells: string[]) =>
    `${cells.map((c) => (/[",\r\n]/.test(c) ? `"${c.replaceAll('"', '""')}"` : c)).join(",")}\r\n`;
  return csvLine([...header]) + rows.map((row) => line(header.map((h) => row[h] ?? ""))).join("");
}

export function rosterZip(
  rows: Rows,
  modes: Partial<Record<DataFile, "bulk" | "delta" | "absent">> = {},
  extra: Record<string, Uint8Array | string> = {},
) {
  const files: Record<string, Uint8Array> = {};
  const manifest = ["propertyName,value", "manifest.version,1.0", "oneroster.version,1.2"];
  for (const [file, list] of Object.entries(rows) as [DataFile, Record<string, string>[]][]) {
    manifest.push(`file.${file},${modes[file] ?? "bulk"}`);
    files[`${file}.csv`] = strToU8(rosterCsv(file, list));
  }
  files["manifest.csv"] = strToU8(`${manifest.join("\r\n")}\r\n`);
  for (const [name, content] of Object.entries(extra))
    files[name] = typeof content === "string" ? strToU8(content) : content;
  return Buffer.from(zipSync(files));
}

/**
 * A district of two schools: Oak (two teachers, one of them with two classes) and Elm (one
 * teacher), five students, a guardian. Ids are stable, so a later package can change it.
 */
export function smallDistrict() {
  const org = (sourcedId: string, name: string, type = "school", identifier = "") => ({
    sourcedId,
    name,
    type,
    identifier,
    parentSourcedId: type === "district" ? "" : "d1",
  });
  const user = (
    sourcedId: string,
    givenName: string,
    familyName: string,
    extra: Record<string, string> = {},
  ) => ({ sourcedId, enabledUser: "true", givenName, familyName, ...extra });
  const role = (userSourcedId: string, r: string, orgSourcedId: string, roleType = "primary") => ({
    sourcedId: `r-${userSourcedId}-${orgSourcedId}`,
    userSourcedId,
    roleType,
    role: r,
    orgSourcedId,
  });
  const klass = (sourcedId: string, title: string, school: string, grades = "02") => ({
    sourcedId,
    title,
    grades,
    courseSourcedId: "c1",
    classType: "homeroom",
    schoolSourcedId: school,
    termSourcedIds: "y1",
  });
  const enrol = (classSourcedId: string, userSourcedId: string, role: string, school: string) => ({
    sourcedId: `e-${classSourcedId}-${userSourcedId}`,
    classSourcedId,
    schoolSourcedId: school,
    userSourcedId,
    role,
    primary: role === "teacher" ? "true" : "false",
  });
  const rows: Rows = {
    academicSessions: [
      {
        sourcedId: "y1",
        title: "2026-2027",
        type: "schoolYear",
        startDate: "2026-08-15",
        endDate: "2027-06-15",
        schoolYear: "2027",
      },
    ],
    orgs: [
      org("d1", "Lakeside District", "district"),
      org("s-oak", "Oak Elementary"),
      org("s-elm", "Elm Elementary"),
    ],
    courses: [{ sourcedId: "c1", title: "Reading", orgSourcedId: "d1", schoolYearSourcedId: "y1" }],
    classes: [
      klass("k-oak-2a", "Grade 2 Room 4", "s-oak"),
      klass("k-oak-2b", "Grade 2 Room 5", "s-oak"),
      klass("k-oak-3", "Grade 3 Room 9", "s-oak", "03"),
      klass("k-elm-1", "Grade 1", "s-elm", "01"),
    ],
    users: [
      user("t-ada", "Ada", "Lovelace", {
        username: "ms.lovelace",
        email: "ada@lakeside.example.org",
      }),
      user("t-bo", "Bo", "Diddley", { username: "mr.diddley", email: "bo@lakeside.example.org" }),
      user("t-cy", "Cy", "Young", { email: "cy@lakeside.example.org" }),
      user("st-1", "Ann", "Avery", { username: "ann.a", grades: "02", agentSourcedIds: "g-1" }),
      user("st-2", "Ben", "Brook", { username: "ben.b", grades: "02" }),
      user("st-3", "Cal", "Cole", { grades: "03" }),
      user("st-4", "Dee", "Dunn", { username: "dee.d", grades: "01" }),
      user("st-5", "Eve", "Ewing", { username: "eve.e", grades: "KG" }),
      user("g-1", "Gail", "Avery", {
        email: "gail.avery@home.example.org",
        agentSourcedIds: "st-1",
      }),
    ],
    roles: [
      role("t-ada", "teacher", "s-oak"),
      role("t-bo", "teacher", "s-oak"),
      role("t-cy", "teacher", "s-elm"),
      role("st-1", "student", "s-oak"),
      role("st-2", "student", "s-oak"),
      role("st-3", "student", "s-oak"),
      role("st-4", "student", "s-elm"),
      role("st-5", "student", "s-elm"),
      role("g-1", "parent", "s-oak"),
    ],
    enrollments: [
      enrol("k-oak-2a", "t-ada", "teacher", "s-oak"),
      enrol("k-oak-2b", "t-ada", "teacher", "s-oak"),
      enrol("k-oak-3", "t-bo", "teacher", "s-oak"),
      enrol("k-elm-1", "t-cy", "teacher", "s-elm"),
      enrol("k-oak-2a", "st-1", "student", "s-oak"),
      enrol("k-oak-2b", "st-2", "student", "s-oak"),
      enrol("k-oak-3", "st-3", "student", "s-oak"),
      enrol("k-elm-1", "st-4", "student", "s-elm"),
      enrol("k-elm-1", "st-5", "student", "s-elm"),
    ],
  };
  return rows;
}
