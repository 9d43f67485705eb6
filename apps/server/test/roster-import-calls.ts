import { and, eq, isNotNull } from "drizzle-orm";
import { expect } from "vitest";
import { users } from "../src/db/schema/index.ts";
import type { TestClient, TestContext } from "./build-test-app.ts";
import { type Rows, rosterZip } from "./roster-package.ts";

/**
 * The roster import's calls as its tests make them, against the test app `app()` answers (a
 * getter, since the file builds its app in beforeAll, after it takes these calls).
 */
export function rosterImportCalls(app: () => TestContext) {
  /** A district with its admin signed in. */
  async function district() {
    const ctx = app();
    const row = await ctx.factories.district();
    const admin = await ctx.factories.user({ role: "district_admin", districtId: row.id });
    const client = ctx.client();
    await client.signIn(admin);
    return { district: row, admin, client };
  }

  /** Uploads a package and waits for its check. */
  async function upload(client: TestClient, zip: Buffer, query = "") {
    const reply = await client.request(
      "POST",
      `/district_admin/roster/imports?fileName=roster.zip${query}`,
      zip,
      { "content-type": "application/zip" },
    );
    await app().jobs.idle();
    return reply;
  }

  async function detail(client: TestClient, id: number) {
    const reply = await client.get(`/district_admin/roster/imports/${id}`);
    expect(reply.status).toBe(200);
    return reply.body.data;
  }

  /** Uploads, checks the preview is ready, applies with `options`, and answers the import. */
  async function importPackage(
    client: TestClient,
    rows: Rows,
    options: Record<string, unknown> = {},
    modes: Parameters<typeof rosterZip>[1] = {},
  ) {
    const uploaded = await upload(client, rosterZip(rows, modes));
    expect(uploaded.status).toBe(200);
    const ready = await detail(client, uploaded.body.data.id);
    expect(ready.problems.filter((p: { severity: string }) => p.severity === "error")).toEqual([]);
    expect(ready.status).toBe("ready");
    const applied = await client.post(`/district_admin/roster/imports/${ready.id}/apply`, {
      schoolMatches: {},
      levelsFromGrades: false,
      inviteTeachers: false,
      ...options,
    });
    expect(applied.status).toBe(200);
    await app().jobs.idle();
    const done = await detail(client, ready.id);
    expect(done.failure).toBeNull();
    expect(done.status).toBe("applied");
    return { preview: ready.preview, done };
  }

  /** The district's rostered people, by sourcedId. */
  const rostered = (districtId: number) =>
    app()
      .db.select()
      .from(users)
      .where(and(eq(users.rosterDistrictId, districtId), isNotNull(users.sourcedId)))
      .orderBy(users.sourcedId);

  return { district, upload, detail, importPackage, rostered };
}
