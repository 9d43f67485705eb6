import { ROSTER_LIMITS } from "@refrain/domain";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { checkMatrix, roleClients } from "../../../test/authorization.ts";
import { riveraClass } from "../../../test/classes.ts";
import { testAppForFile } from "../../../test/own-app.ts";
import { studentFeedback } from "../../db/schema/index.ts";

const ctx = testAppForFile();

async function teacherWithStudent() {
  const { teacher, student, client } = await riveraClass(ctx);
  const studentClient = ctx.client();
  await studentClient.signIn({ ...student, teacherUsername: teacher.username });
  return { teacher, student, client, studentClient };
}

describe("/student/feedback/{studentId}", () => {
  it("saves the message the student then sees on their home page; empty clears it", async () => {
    const { student, client, studentClient } = await teacherWithStudent();
    const url = `/student/feedback/${student.id}`;
    expect((await client.get(url)).body).toEqual({
      success: true,
      data: { data: { message: "" } },
    });
    expect((await studentClient.get("/learning/home")).body.data.feedback).toBeNull();

    const saved = await client.post(url, { message: "  Lovely reading today!  " });
    expect(saved.status).toBe(200);
    expect(saved.body.data.data.message).toBe("Lovely reading today!");
    expect((await client.get(url)).body.data.data.message).toBe("Lovely reading today!");
    expect((await studentClient.get("/learning/home")).body.data.feedback).toEqual({
      message: "Lovely reading today!",
      teacherName: "Elena Rivera",
    });

    await client.post(url, { message: "Even better now." });
    expect((await client.get(url)).body.data.data.message).toBe("Even better now.");

    const cleared = await client.post(url, { message: "" });
    expect(cleared.body.data.data.message).toBe("");
    expect((await studentClient.get("/learning/home")).body.data.feedback).toBeNull();
    expect(
      await ctx.db.select().from(studentFeedback).where(eq(studentFeedback.studentId, student.id)),
    ).toEqual([]);
  });

  it("refuses a message over the limit, or none at all, with 422", async () => {
    const { student, client } = await teacherWithStudent();
    const url = `/student/feedback/${student.id}`;
    const long = await client.post(url, { message: "a".repeat(ROSTER_LIMITS.feedback + 1) });
    expect(long.status).toBe(422);
    expect(long.body.errors).toEqual({
      message: [`Field cannot have more than ${ROSTER_LIMITS.feedback} characters.`],
    });
    const missing = await client.post(url, {});
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual({ message: ["Field is required"] });
    // A path id that cannot name a student is not found, like another teacher's.
    const badId = await client.get("/student/feedback/abc");
    expect(badId.status).toBe(404);
  });

  it("never reads or writes another teacher's student (404, nothing changed)", async () => {
    const mine = await teacherWithStudent();
    const theirs = await teacherWithStudent();
    const url = `/student/feedback/${theirs.student.id}`;
    await theirs.client.post(url, { message: "Keep going!" });
    expect((await mine.client.get(url)).status).toBe(404);
    expect((await mine.client.post(url, { message: "Hijacked" })).status).toBe(404);
    expect((await mine.client.post(url, { message: "" })).status).toBe(404);
    expect((await theirs.client.get(url)).body.data.data.message).toBe("Keep going!");
  });

  it("authorization: class owners only, and only for their own students", async () => {
    const world = await roleClients(ctx);
    for (const method of ["GET", "POST"] as const) {
      expect(
        await checkMatrix(world, {
          method,
          url: (w) => `/student/feedback/${w.people.student.id}`,
          body: { message: "Hello" },
          expect: { anonymous: 401, teacher: 200, parent: 404 },
          otherwise: 403,
        }),
      ).toEqual([]);
    }
  });
});
