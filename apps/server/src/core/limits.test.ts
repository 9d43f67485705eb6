import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase } from "../../test/build-test-app.ts";
import { parseConfig } from "../config.ts";
import type { Database } from "../db/client.ts";
import { AppError } from "./errors.ts";
import { deleteEndedLimits, LIMITS, RateLimiter } from "./limits.ts";

const settings = parseConfig({ LEAD_LIMIT_PER_IP: "2" });
let database: Database;
let limiter: RateLimiter;

beforeAll(async () => {
  database = await openTestDatabase();
  limiter = new RateLimiter(database.db, settings);
});
afterAll(() => database.close());

describe("RateLimiter", () => {
  it("takes a limit's number from the table or from its setting", () => {
    expect(limiter.limitOf("signupPerIp")).toBe(LIMITS.signupPerIp.limit);
    expect(limiter.limitOf("leadFormPerIp")).toBe(2);
    expect(limiter.limitOf("captchaChallengePerIp")).toBe(10);
  });

  it("counts per name and key, refuses past the limit with 429, and starts over with the window", async () => {
    const start = Date.now();
    expect(await limiter.hit("leadFormPerIp", "a", start)).toBe(true);
    expect(await limiter.hit("leadFormPerIp", "a", start)).toBe(true);
    expect(await limiter.isBlocked("leadFormPerIp", "a", start)).toBe(true);
    expect(await limiter.hit("leadFormPerIp", "a", start)).toBe(false);
    // Another key, and the same key under another name, count apart.
    expect(await limiter.hit("leadFormPerIp", "b", start)).toBe(true);
    expect(await limiter.isBlocked("captchaChallengePerIp", "a", start)).toBe(false);
    const later = start + LIMITS.leadFormPerIp.windowMs;
    expect(await limiter.hit("leadFormPerIp", "a", later)).toBe(true);
    expect(await limiter.isBlocked("leadFormPerIp", "a", later)).toBe(false);

    await limiter.hit("leadFormPerIp", "c");
    await limiter.hit("leadFormPerIp", "c");
    await expect(limiter.check("leadFormPerIp", "c")).rejects.toMatchObject({
      code: "too_many_requests",
      status: 429,
    });
    await limiter.reset("leadFormPerIp", "c");
    await expect(limiter.check("leadFormPerIp", "c")).resolves.toBeUndefined();
  });

  it("throws the app's error type, so the handler answers with the envelope", async () => {
    for (let i = 0; i < limiter.limitOf("mailPerIp"); i++) await limiter.check("mailPerIp", "x");
    await expect(limiter.check("mailPerIp", "x")).rejects.toBeInstanceOf(AppError);
  });

  it("takes several uses at once or none: a refused request leaves the rest of the window", async () => {
    const start = Date.now();
    const limit = limiter.limitOf("summaryMailsPerTeacher");
    await limiter.take("summaryMailsPerTeacher", "t", limit - 3, start);
    await expect(limiter.take("summaryMailsPerTeacher", "t", 4, start)).rejects.toMatchObject({
      status: 429,
    });
    // The refused four were not counted: three still fit, then nothing does.
    await limiter.take("summaryMailsPerTeacher", "t", 3, start);
    expect(await limiter.isBlocked("summaryMailsPerTeacher", "t", start)).toBe(true);
    await expect(limiter.take("summaryMailsPerTeacher", "t", 1, start)).rejects.toBeInstanceOf(
      AppError,
    );
    await expect(limiter.take("summaryMailsPerTeacher", "u", limit + 1, start)).rejects.toThrow();
    const later = start + LIMITS.summaryMailsPerTeacher.windowMs;
    await expect(
      limiter.take("summaryMailsPerTeacher", "t", limit, later),
    ).resolves.toBeUndefined();
  });

  it("remembers a key for its window only", async () => {
    const start = Date.now();
    expect(await limiter.has("known:x", start)).toBe(false);
    await limiter.remember("known:x", 60_000, start);
    expect(await limiter.has("known:x", start + 59_000)).toBe(true);
    expect(await limiter.has("known:x", start + 60_000)).toBe(false);
  });

  it("is one count for every server on the database: two limiters allow what one would", async () => {
    // A second app server is a second limiter on the same database.
    const other = new RateLimiter(database.db, settings);
    const uses = await Promise.all(
      Array.from({ length: 6 }, (_, i) => (i % 2 ? limiter : other).hit("leadFormPerIp", "shared")),
    );
    expect(uses.filter(Boolean)).toHaveLength(2);
    expect(await other.isBlocked("leadFormPerIp", "shared")).toBe(true);
  });

  it("forgets ended windows in the hourly clean-up", async () => {
    const start = Date.now();
    await limiter.hit("leadFormPerIp", "old", start - LIMITS.leadFormPerIp.windowMs - 1);
    await limiter.hit("leadFormPerIp", "live", start);
    expect(await deleteEndedLimits(database.db, new Date(start))).toBeGreaterThanOrEqual(1);
    expect(await limiter.isBlocked("leadFormPerIp", "live", start)).toBe(false);
    await limiter.hit("leadFormPerIp", "live", start);
    expect(await limiter.isBlocked("leadFormPerIp", "live", start)).toBe(true);
  });
});
