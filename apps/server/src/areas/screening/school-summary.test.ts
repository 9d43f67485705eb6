import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { checkMatrix } from "../../../test/authorization.ts";
import type { TestClient } from "../../../test/build-test-app.ts";
import { appWithRolesForFile } from "../../../test/own-app.ts";
import { screenedOn } from "../../../test/screening.ts";

/**
 * The per-school PDF of a window (issue 39): who may have which school's, and what it says,
 * read back from the file with pdftotext.
 */

const { ctx, world } = appWithRolesForFile();

let otherSchool: { id: number };
let foreignSchool: { id: number };
let crowdedSchool: { id: number };
let teacherName: string;

const urlOf = (schoolId: number, query = "?year=2026&season=fall") =>
  `/screening/schools/${schoolId}/summary.pdf${query}`;

/** The PDF as the browser downloads it (the test client reads answers as text). */
function download(client: TestClient, url: string) {
  return ctx.app.inject({
    method: "GET",
    url,
    headers: {
      cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join("; "),
      "x-requested-with": "XMLHttpRequest",
    },
  });
}

/** The text of a PDF's pages, laid out as printed (pdftotext -layout). */
function textOf(pdf: Buffer, pages: { first?: number; last?: number } = {}) {
  const file = join(mkdtempSync(join(tmpdir(), "school-summary-")), "summary.pdf");
  writeFileSync(file, pdf);
  const range = [
    ...(pages.first ? ["-f", String(pages.first)] : []),
    ...(pages.last ? ["-l", String(pages.last)] : []),
  ];
  return execFileSync("pdftotext", ["-layout", ...range, file, "-"]).toString();
}

const pageCount = (pdf: Buffer) => {
  const file = join(mkdtempSync(join(tmpdir(), "school-summary-")), "summary.pdf");
  writeFileSync(file, pdf);
  return Number(/Pages:\s+(\d+)/.exec(execFileSync("pdfinfo", [file]).toString())?.[1]);
};

beforeAll(async () => {
  const teacher = world.people.teacher;
  teacherName = `${teacher.firstName} ${teacher.lastName}`;
  // The teacher's class: the world's second grader (nothing read), a second grader at
  // benchmark in the fall (grade 2 fall 50th: 50) and well below in winter (70 against 84),
  // one who read two passages only, and a third grader below (78 against 83).
  const student = (teacherId: number, planId: number) =>
    ctx.factories.user({ role: "student", teacherId, planId });
  const reader = await student(teacher.id, 8);
  await screenedOn(ctx, reader.id, 2, "2026-09-20", [55, 60, 65]);
  await screenedOn(ctx, reader.id, 2, "2027-01-12", [68, 70, 72]);
  await screenedOn(ctx, (await student(teacher.id, 8)).id, 2, "2026-09-21", [40, 41]);
  await screenedOn(ctx, (await student(teacher.id, 9)).id, 3, "2026-10-02", [78, 90, 70]);
  // Another class of the school: a Kindergartner (no passages) and a first grader, whose fall
  // has no norm row (a complete score, no tier).
  const second = await ctx.factories.user({
    role: "teacher",
    schoolId: world.school.id,
    firstName: "Avery",
    lastName: "Zimmer",
  });
  await student(second.id, 6);
  await screenedOn(ctx, (await student(second.id, 7)).id, 1, "2026-09-22", [30, 35, 40]);

  otherSchool = await ctx.factories.school({ districtId: world.district.id, name: "Oak Hill" });
  const otherTeacher = await ctx.factories.user({ role: "teacher", schoolId: otherSchool.id });
  await screenedOn(ctx, (await student(otherTeacher.id, 9)).id, 3, "2026-10-01", [90, 95, 99]);
  foreignSchool = await ctx.factories.school({ districtId: (await ctx.factories.district()).id });

  // A school of 40 classes, more than a page holds.
  crowdedSchool = await ctx.factories.school({ districtId: world.district.id, name: "Crowded" });
  for (let i = 0; i < 40; i++) {
    const t = await ctx.factories.user({ role: "teacher", schoolId: crowdedSchool.id });
    await student(t.id, 7 + (i % 5));
  }
});

describe("a school's summary as a PDF", () => {
  it("is for the school's admin and its district's", async () => {
    const own = await checkMatrix(world, {
      method: "GET",
      url: (w) => urlOf(w.school.id),
      expect: { anonymous: 401, school_admin: 200, district_admin: 200 },
      otherwise: 403,
    });
    const sibling = await checkMatrix(world, {
      method: "GET",
      url: () => urlOf(otherSchool.id),
      expect: { anonymous: 401, school_admin: 404, district_admin: 200 },
      otherwise: 403,
    });
    const foreign = await checkMatrix(world, {
      method: "GET",
      url: () => urlOf(foreignSchool.id),
      expect: { anonymous: 401, school_admin: 404, district_admin: 404 },
      otherwise: 403,
    });
    expect([...own, ...sibling, ...foreign]).toEqual([]);
  });

  it("answers a school out of reach as it answers one that does not exist", async () => {
    const outOfReach = await download(world.clients.district_admin, urlOf(foreignSchool.id));
    const missing = await download(world.clients.district_admin, urlOf(999_999));
    expect(outOfReach.statusCode).toBe(404);
    expect(outOfReach.json()).toEqual(missing.json());
  });

  it("refuses a season that is not one", async () => {
    const reply = await download(
      world.clients.school_admin,
      urlOf(world.school.id, "?year=2026&season=summer"),
    );
    expect(reply.statusCode).toBe(422);
    expect(reply.json().errors).toEqual({ season: ["Choose fall, winter or spring."] });
  });

  it("holds the window, the school's and each grade's tiers, and a row per class", async () => {
    const reply = await download(world.clients.school_admin, urlOf(world.school.id));
    expect(reply.statusCode).toBe(200);
    expect(reply.headers["content-type"]).toBe("application/pdf");
    expect(reply.headers["content-disposition"]).toMatch(
      /^attachment; filename="School-\d+-screening-2026-27-fall\.pdf"/,
    );
    expect(reply.headers["cache-control"]).toBe("private, no-store");
    expect(reply.rawPayload.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    const text = textOf(reply.rawPayload);
    expect(text).toContain(world.school.name);
    expect(text).toContain("Beginning of year (fall) window, Sep 1 – Oct 31, 2026");
    expect(text).toContain("2026–27 school year");
    // The school: 1 at or above, 1 below, 2 incomplete, the first grader complete but untiered;
    // the Kindergartner reads nothing and is in no count.
    expect(text).toMatch(/All grades\s+1 \(50%\)\s+1 \(50%\)\s+0 \(0%\)\s+2\s+3 of 5/);
    expect(text).toMatch(/1st grade\s+0\s+0\s+0\s+0\s+1 of 1/);
    expect(text).toMatch(/2nd grade\s+1 \(100%\)\s+0 \(0%\)\s+0 \(0%\)\s+2\s+1 of 3/);
    expect(text).toMatch(/3rd grade\s+0 \(0%\)\s+1 \(100%\)\s+0 \(0%\)\s+0\s+1 of 1/);
    // Per class: teacher, grades, screened of enrolled, then the tiers and the incomplete.
    expect(text).toMatch(new RegExp(`${teacherName}\\s+2, 3\\s+2 of 4\\s+1\\s+1\\s+0\\s+2`));
    expect(text).toMatch(/Avery Zimmer\s+K, 1\s+1 of 2\s+0\s+0\s+0\s+0/);
    expect(text).toContain("Hasbrouck–Tindal 2017 norms");
    expect(text).toContain("No norm for the fall: not tiered");
    // Another school's third grader is not this school's.
    expect(text).not.toContain("Oak Hill");
  });

  it("sets a window beside the one before", async () => {
    const reply = await download(
      world.clients.district_admin,
      urlOf(world.school.id, "?year=2026&season=winter"),
    );
    expect(reply.statusCode).toBe(200);
    const text = textOf(reply.rawPayload);
    expect(text).toContain("Middle of year (winter) window, Jan 1 – Jan 31, 2027");
    // Grade 2: the reader went from at benchmark to well below; under each share, the fall's.
    expect(text).toMatch(/2nd grade\s+0 \(0%\)\s+0 \(0%\)\s+1 \(100%\)\s+2\s+1 of 3/);
    expect(text).toMatch(
      /fall 100% \(-100\)\s+fall 0% \(±0\)\s+fall 0% \(\+100\)\s+fall 2\s+fall 1 of 3/,
    );
  });

  it("names the district's own cut scores where it set them", async () => {
    const saved = await world.clients.district_admin.post("/screening/cut-scores", {
      rows: [{ grade: 3, season: "fall", benchmark: 75, wellBelow: 60 }],
    });
    expect(saved.status).toBe(200);
    const text = textOf(
      (await download(world.clients.district_admin, urlOf(otherSchool.id))).rawPayload,
    );
    expect(text).toContain("Oak Hill");
    expect(text).toMatch(/3rd grade\s+75\s+60\s+The district's own cut scores/);
    expect(text).toMatch(/2nd grade\s+50\s+40\s+Hasbrouck–Tindal 2017 norms/);
    await world.clients.district_admin.post("/screening/cut-scores", { rows: [] });
  });

  it("runs a school of many classes on to more pages, the table's header on each", async () => {
    const reply = await download(world.clients.district_admin, urlOf(crowdedSchool.id));
    expect(reply.statusCode).toBe(200);
    const pages = pageCount(reply.rawPayload);
    const rows = (text: string) => text.match(/\d of 1\s+\d+\s+\d+\s+\d+\s+\d+/g)?.length ?? 0;
    const texts = Array.from({ length: pages }, (_, i) =>
      textOf(reply.rawPayload, { first: i + 1, last: i + 1 }),
    );
    const withClasses = texts.filter((text) => rows(text) > 0);
    expect(withClasses.length).toBeGreaterThanOrEqual(2);
    for (const text of withClasses) expect(text).toMatch(/Teacher\s+Grades\s+Screened/);
    expect(texts.reduce((sum, text) => sum + rows(text), 0)).toBe(40);
    expect(texts.at(-1)).toContain(`Page ${pages} of ${pages}`);
  });
});
