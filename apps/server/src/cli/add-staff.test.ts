import { describe, expect, it } from "vitest";
import { testAppForFile } from "../../test/own-app.ts";
import { addStaff } from "./add-staff.ts";

const ctx = testAppForFile();

describe("npm run staff:add", () => {
  it("makes a staff account whose owner sets a password through the printed link, once", async () => {
    const made = await addStaff(
      ctx.db,
      {
        username: "ops.lead",
        email: "ops@district.example.org",
        firstName: "Ada",
        lastName: "Ops",
      },
      "https://refrain.example.org",
    );
    const token = made?.link.match(/^https:\/\/refrain\.example\.org\/password\/reset\/(.+)$/)?.[1];
    expect(token).toBeTruthy();
    const client = ctx.client();
    // No password yet: nothing signs in until the link is used.
    expect((await client.post("/login", { login: "ops.lead", password: "" })).status).toBe(422);
    const set = await client.post(`/password/reset/${token}`, {
      password: "a-long-new-password-1",
    });
    expect(set.status).toBe(200);
    const signedIn = ctx.client();
    const login = await signedIn.post("/login", {
      login: "ops.lead",
      password: "a-long-new-password-1",
    });
    expect(login.status).toBe(200);
    expect((await signedIn.get("/auth/session")).body).toMatchObject({ user: { role: "staff" } });
    // The link works once.
    const again = await ctx
      .client()
      .post(`/password/reset/${token}`, { password: "another-one-22" });
    expect(again.status).not.toBe(200);
  });

  it("refuses a taken username and a bad address", async () => {
    await ctx.factories.user({ role: "teacher", username: "taken.name" });
    const base = { email: "x@district.example.org", firstName: "Ann", lastName: "Bee" };
    expect(await addStaff(ctx.db, { ...base, username: "Taken.Name" }, "http://x")).toBeNull();
    await expect(
      addStaff(ctx.db, { ...base, username: "fine.name", email: "not an address" }, "http://x"),
    ).rejects.toThrow();
  });
});
