import { FLUENCY_SHEETS_EDITION, PLANNER_IMAGES, RESOURCE_PDFS } from "@refrain/domain";
import { asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { checkMatrix, type MatrixRoute } from "../../../test/authorization.ts";
import { appWithRolesForFile } from "../../../test/own-app.ts";
import { ensureCatalog } from "../../catalog/catalog.ts";
import { assignments, lessons } from "../../db/schema/index.ts";

const { ctx, world } = appWithRolesForFile();
/** A Second Grade lesson: the level of the world's student. */
let lesson: { id: number; slug: string };

beforeAll(async () => {
  await ensureCatalog(ctx.db);
  const [row] = await ctx.db
    .select({ id: lessons.id, slug: lessons.slug })
    .from(lessons)
    .where(eq(lessons.planId, 8))
    .orderBy(asc(lessons.id))
    .limit(1);
  lesson = row as typeof lesson;
});

const ADULTS_ONLY = { anonymous: 401, student: 403 };
const CLASS_OWNERS_ONLY = { anonymous: 401, teacher: 200, parent: 200 };

const routes: [string, () => MatrixRoute][] = [
  [
    "GET /lessons/catalog: every adult",
    () => ({ method: "GET", url: "/lessons/catalog", expect: ADULTS_ONLY, otherwise: 200 }),
  ],
  [
    "GET /service/objects/lesson/{id}: anyone signed in",
    () => ({
      method: "GET",
      url: `/service/objects/lesson/${lesson.id}`,
      expect: { anonymous: 401 },
      otherwise: 200,
    }),
  ],
  [
    "GET /media/lessons/{id}/logo.svg: public",
    () => ({
      method: "GET",
      url: `/media/lessons/${lesson.id}/logo.svg`,
      expect: {},
      otherwise: 200,
    }),
  ],
  [
    "GET /media/lessons/benchmark-logo.svg: public",
    () => ({ method: "GET", url: "/media/lessons/benchmark-logo.svg", expect: {}, otherwise: 200 }),
  ],
  [
    "GET /media/lessons/{id}/worksheet.pdf: every adult",
    () => ({
      method: "GET",
      url: `/media/lessons/${lesson.id}/worksheet.pdf`,
      expect: ADULTS_ONLY,
      otherwise: 200,
    }),
  ],
  [
    "GET /teacher/lessons/assign/lessons_by_level: teachers and parents",
    () => ({
      method: "GET",
      url: "/teacher/lessons/assign/lessons_by_level",
      expect: CLASS_OWNERS_ONLY,
      otherwise: 403,
    }),
  ],
  [
    "GET /teacher/lessons/assign/students: teachers and parents",
    () => ({
      method: "GET",
      url: "/teacher/lessons/assign/students",
      expect: CLASS_OWNERS_ONLY,
      otherwise: 403,
    }),
  ],
  [
    "POST /student/examData: anyone signed in (the student for a lesson of their level)",
    () => ({
      method: "POST",
      url: "/student/examData",
      body: { lesson: lesson.id, day: 1, mode: "take" },
      expect: { anonymous: 401 },
      otherwise: 200,
    }),
  ],
  [
    "GET /teacher/resources: teachers and parents",
    () => ({ method: "GET", url: "/teacher/resources", expect: CLASS_OWNERS_ONLY, otherwise: 403 }),
  ],
  [
    "GET /media/resources/fluency-sheets/{edition}/{file}: every adult",
    () => ({
      method: "GET",
      url: `/media/resources/fluency-sheets/${FLUENCY_SHEETS_EDITION}/${lesson.slug}.pdf`,
      expect: ADULTS_ONLY,
      otherwise: 200,
    }),
  ],
  ...[
    ...Object.values(RESOURCE_PDFS).map((name) => `${name}.pdf`),
    ...PLANNER_IMAGES.map((name) => `${name}.svg`),
  ].map((file): [string, () => MatrixRoute] => [
    `GET /media/resources/${file}: every adult`,
    () => ({ method: "GET", url: `/media/resources/${file}`, expect: ADULTS_ONLY, otherwise: 200 }),
  ]),
];

describe("authorization matrix of the lessons area", () => {
  it.each(routes)("%s", async (_name, route) => {
    expect(await checkMatrix(world, route())).toEqual([]);
  });

  // With what the calls changed, so it does not lean on another test having run first.
  it("POST /teacher/lessons/assign: the student's own teacher; a parent gets 404 for a student not theirs", async () => {
    expect(
      await checkMatrix(world, {
        method: "POST",
        url: "/teacher/lessons/assign",
        body: { student_ids: [world.people.student.id], assign_lesson_ids: [lesson.id] },
        expect: { anonymous: 401, teacher: 200, parent: 404 },
        otherwise: 403,
      }),
    ).toEqual([]);
    const rows = await ctx.db
      .select({ studentId: assignments.studentId, assignedBy: assignments.assignedBy })
      .from(assignments);
    expect(rows).toEqual([{ studentId: world.people.student.id, assignedBy: "teacher" }]);
  });
});
