import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { testAppForFile } from "../../test/own-app.ts";
import { auditLog } from "../db/schema/index.ts";
import { recordAudit } from "./audit.ts";

const ctx = testAppForFile();

const rowsFor = (action: string) =>
  ctx.db.select().from(auditLog).where(eq(auditLog.action, action));

describe("recordAudit", () => {
  it("records the impersonating admin as the actor, on behalf of the account they act as", async () => {
    const before = new Date();
    await recordAudit(ctx.db, {
      actor: { user: { id: 11 }, impersonator: { id: 7 } },
      action: "test.impersonated",
      target: 12,
      ip: "203.0.113.9",
      details: { why: "test" },
    });
    const [row] = await rowsFor("test.impersonated");
    expect(row).toMatchObject({
      actorId: 7,
      onBehalfOfId: 11,
      targetId: 12,
      ip: "203.0.113.9",
      details: { why: "test" },
    });
    expect(row?.createdAt.getTime()).toBeGreaterThanOrEqual(before.getTime() - 1000);
  });

  it("records a caller acting as themselves with no one on whose behalf", async () => {
    await recordAudit(ctx.db, {
      actor: { user: { id: 21 }, impersonator: null },
      action: "test.self",
      target: null,
      ip: "203.0.113.10",
    });
    expect(await rowsFor("test.self")).toEqual([
      expect.objectContaining({ actorId: 21, onBehalfOfId: null, targetId: null }),
    ]);
  });

  it("records a user acting outside a session by their id", async () => {
    await recordAudit(ctx.db, { actor: 31, action: "test.by_id", target: 31, ip: "::1" });
    expect(await rowsFor("test.by_id")).toEqual([
      expect.objectContaining({ actorId: 31, onBehalfOfId: null, targetId: 31, ip: "::1" }),
    ]);
  });
});
