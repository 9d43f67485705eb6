import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestContext } from "../../test/build-test-app.ts";
import { buildDemoApp } from "../../test/demo-app.ts";
import { listGroups } from "../areas/roster/index.ts";
import { studentFeedback, users } from "../db/schema/index.ts";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildDemoApp();
});
afterAll(() => ctx.close());

const teacherId = async (username: string) => {
  const [row] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.username, username), eq(users.role, "teacher")));
  return row?.id ?? 0;
};

describe("demo groups and feedback", () => {
  it("gives ms.rivera three groups of her students, the rest ungrouped", async () => {
    const state = await listGroups(ctx.db, await teacherId("ms.rivera"));
    expect(state.groups.map((g) => [g.details.name, g.memberships.length])).toEqual([
      ["Bluebirds", 5],
      ["Robins", 4],
      ["Owls", 4],
    ]);
    expect(state.ungroupedStudents).toHaveLength(9);
    const other = await listGroups(ctx.db, await teacherId("mr.okafor"));
    expect(other.groups).toEqual([]);
  });

  it("leaves messages for two of her students, the demo login's among them", async () => {
    const rows = await ctx.db
      .select({ username: users.username, message: studentFeedback.message })
      .from(studentFeedback)
      .innerJoin(users, eq(users.id, studentFeedback.studentId))
      .where(eq(studentFeedback.teacherId, await teacherId("ms.rivera")));
    expect(rows).toHaveLength(2);
    const [first] = await ctx.db
      .select({ username: users.username })
      .from(users)
      .where(and(eq(users.role, "student"), eq(users.teacherId, await teacherId("ms.rivera"))))
      .orderBy(users.id)
      .limit(1);
    expect(rows.map((r) => r.username)).toContain(first?.username);
  });
});
