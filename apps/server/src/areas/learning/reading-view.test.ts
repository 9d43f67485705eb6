import { DEFAULT_READING_VIEW, readingViewMessages } from "@refrain/domain";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { checkMatrix, roleClients } from "../../../test/authorization.ts";
import { riveraClass } from "../../../test/classes.ts";
import { testAppForFile } from "../../../test/own-app.ts";
import { readingViews } from "../../db/schema/index.ts";

const ctx = testAppForFile();

const dyslexic = { textSize: "large", dyslexiaFriendly: true, lineFocus: true } as const;

async function teacherWithStudent() {
  const { teacher, student, client } = await riveraClass(ctx);
  const studentClient = ctx.client();
  await studentClient.signIn({ ...student, teacherUsername: teacher.username });
  return { teacher, student, client, studentClient };
}

describe("a student's reading view", () => {
  it("is the default until the student chooses one, then the one they chose", async () => {
    const { studentClient } = await teacherWithStudent();
    expect((await studentClient.get("/student/readingView")).body).toEqual({
      success: true,
      data: DEFAULT_READING_VIEW,
    });
    const saved = await studentClient.post("/student/readingView", dyslexic);
    expect(saved.status).toBe(200);
    expect(saved.body.data).toEqual(dyslexic);
    expect((await studentClient.get("/student/readingView")).body.data).toEqual(dyslexic);
    const smaller = { ...dyslexic, textSize: "normal", lineFocus: false };
    await studentClient.post("/student/readingView", smaller);
    expect((await studentClient.get("/student/readingView")).body.data).toEqual(smaller);
  });

  it("is set by the student's teacher, and the student sees it", async () => {
    const { student, client, studentClient } = await teacherWithStudent();
    const url = `/teacher/students/${student.id}/readingView`;
    expect((await client.get(url)).body.data).toEqual(DEFAULT_READING_VIEW);
    expect((await client.post(url, dyslexic)).body.data).toEqual(dyslexic);
    expect((await studentClient.get("/student/readingView")).body.data).toEqual(dyslexic);
  });

  it("refuses a view the schema does not allow, with 422 and nothing kept", async () => {
    const { student, studentClient } = await teacherWithStudent();
    const bad = await studentClient.post("/student/readingView", {
      ...dyslexic,
      textSize: "huge",
      lineFocus: "yes",
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({
      textSize: [readingViewMessages.textSize],
      lineFocus: [readingViewMessages.onOff],
    });
    expect(
      await ctx.db.select().from(readingViews).where(eq(readingViews.studentId, student.id)),
    ).toEqual([]);
  });

  it("never reads or writes another teacher's student (404, nothing changed)", async () => {
    const mine = await teacherWithStudent();
    const theirs = await teacherWithStudent();
    const url = `/teacher/students/${theirs.student.id}/readingView`;
    await theirs.client.post(url, dyslexic);
    expect((await mine.client.get(url)).status).toBe(404);
    expect((await mine.client.post(url, DEFAULT_READING_VIEW)).status).toBe(404);
    expect((await theirs.studentClient.get("/student/readingView")).body.data).toEqual(dyslexic);
    expect((await mine.client.get("/teacher/students/abc/readingView")).status).toBe(404);
  });

  it("authorization: a student sets only their own; class owners only their students'", async () => {
    const world = await roleClients(ctx);
    for (const method of ["GET", "POST"] as const) {
      expect(
        await checkMatrix(world, {
          method,
          url: "/student/readingView",
          body: dyslexic,
          expect: { anonymous: 401, student: 200 },
          otherwise: 403,
        }),
      ).toEqual([]);
      expect(
        await checkMatrix(world, {
          method,
          url: (w) => `/teacher/students/${w.people.student.id}/readingView`,
          body: dyslexic,
          expect: { anonymous: 401, teacher: 200, parent: 404 },
          otherwise: 403,
        }),
      ).toEqual([]);
    }
  });
});
