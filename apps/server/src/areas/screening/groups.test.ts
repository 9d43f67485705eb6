import { type GroupsState, groupMessages, type SuggestedGroups } from "@refrain/domain";
import { beforeAll, describe, expect, it } from "vitest";
import { checkMatrix, NOT_CLASS_OWNERS } from "../../../test/authorization.ts";
import { appWithRolesForFile } from "../../../test/own-app.ts";
import { screenedOn } from "../../../test/screening.ts";

const { ctx, world } = appWithRolesForFile();

/** Third graders and their three fall passages' WCPM (wpm, minus errors). */
const READERS = [
  { first: "Ann", wpm: [40, 42, 44], errors: 4 }, // 90 %: decoding, well below
  { first: "Ben", wpm: [50, 52, 54], errors: 4 }, // 92 %: decoding
  { first: "Cal", wpm: [60, 62, 64], errors: 1 }, // 98 %: fluency
  { first: "Dee", wpm: [66, 68, 70], errors: 1 }, // fluency
  { first: "Eve", wpm: [120, 122, 124], errors: 1 }, // at benchmark: no group
];
const ids = new Map<string, number>();

beforeAll(async () => {
  for (const r of READERS) {
    const student = await ctx.factories.user({
      role: "student",
      teacherId: world.people.teacher.id,
      planId: 9,
      firstName: r.first,
      lastName: "Reader",
    });
    ids.set(r.first, student.id);
    await screenedOn(ctx, student.id, 3, "2026-09-15", r.wpm, -r.errors);
  }
});

const FALL = "?year=2026&season=fall";

describe("intervention groups", () => {
  it("suggests groups of the class's students below benchmark, by need", async () => {
    const reply = await world.clients.teacher.get(`/screening/groups${FALL}`);
    expect(reply.status).toBe(200);
    const { season, groups } = (reply.body as { data: SuggestedGroups }).data;
    expect(season).toBe("fall");
    expect(groups.map((g) => [g.name, g.need, g.members.map((m) => m.name)])).toEqual([
      ["Decoding (fall)", "decoding", ["Ann Reader", "Ben Reader"]],
      ["Fluency (fall)", "fluency", ["Cal Reader", "Dee Reader"]],
    ]);
    expect(groups[0]?.members[0]).toMatchObject({ tier: "well_below", wcpm: 38, group: null });
  });

  it("lets only class owners ask, and accept only their own students", async () => {
    const askers = await checkMatrix(world, {
      method: "GET",
      url: `/screening/groups${FALL}`,
      expect: { ...NOT_CLASS_OWNERS, teacher: 200, parent: 200 },
      otherwise: 403,
    });
    expect(askers).toEqual([]);
    const noSeason = await world.clients.teacher.get("/screening/groups?year=2026&season=summer");
    expect(noSeason.status).toBe(422);
    const body = { name: "Decoding (fall)", student_ids: [ids.get("Ann"), ids.get("Ben")] };
    const acceptors = await checkMatrix(world, {
      method: "POST",
      url: "/teacher/students/groups/of",
      body,
      // Ann and Ben are not the parent's children; the teacher makes the group.
      expect: { ...NOT_CLASS_OWNERS, parent: 404, teacher: 200 },
      otherwise: 403,
    });
    expect(acceptors).toEqual([]);
  });

  it("makes a group of the members kept, moving them from any other group", async () => {
    const empty = await world.clients.teacher.post("/teacher/students/groups/of", {
      name: "Fluency (fall)",
      student_ids: [],
    });
    expect(empty.status).toBe(422);
    expect(empty.body).toMatchObject({ errors: { student_ids: [groupMessages.members] } });

    const made = await world.clients.teacher.post("/teacher/students/groups/of", {
      name: "Fluency (fall)",
      student_ids: [ids.get("Cal"), ids.get("Dee")],
    });
    expect(made.status).toBe(200);
    expect(made.body).toMatchObject({ message: groupMessages.accepted("Fluency (fall)", 2) });
    const state = (made.body as { data: GroupsState }).data;
    expect(
      state.groups.map((g) => [g.details.name, g.memberships.map((m) => m.name)]),
    ).toContainEqual(["Fluency (fall)", ["Cal", "Dee"]]);

    // The same name again is refused; Dee moves to a group accepted under another name.
    const again = await world.clients.teacher.post("/teacher/students/groups/of", {
      name: "fluency (FALL)",
      student_ids: [ids.get("Dee")],
    });
    expect(again.status).toBe(422);
    const moved = await world.clients.teacher.post("/teacher/students/groups/of", {
      name: "Fluency, small",
      student_ids: [ids.get("Dee")],
    });
    expect(moved.status).toBe(200);
    const after = (moved.body as { data: GroupsState }).data;
    const members = (name: string) =>
      after.groups.find((g) => g.details.name === name)?.memberships.map((m) => m.name);
    expect(members("Fluency (fall)")).toEqual(["Cal"]);
    expect(members("Fluency, small")).toEqual(["Dee"]);

    const suggested = await world.clients.teacher.get(`/screening/groups${FALL}`);
    const fluency = (suggested.body as { data: SuggestedGroups }).data.groups[1];
    expect(fluency?.members.map((m) => m.group)).toEqual(["Fluency (fall)", "Fluency, small"]);
  });
});
