import { describe, expect, it } from "vitest";
import { parseConfig } from "./config.ts";
import { AppError } from "./errors.ts";
import { LIMITS, RateLimiter } from "./limits.ts";

const settings = parseConfig({ LEAD_LIMIT_PER_IP: "2" });

describe("RateLimiter", () => {
  it("takes a limit's number from the table or from its setting", () => {
    const limiter = new RateLimiter(settings);
    expect(limiter.limitOf("signupPerIp")).toBe(LIMITS.signupPerIp.limit);
    expect(limiter.limitOf("leadFormPerIp")).toBe(2);
    expect(limiter.limitOf("captchaChallengePerIp")).toBe(10);
  });

  it("counts per name and key, refuses past the limit with 429, and starts over with the window", () => {
    const limiter = new RateLimiter(settings);
    const start = Date.now();
    expect(limiter.hit("leadFormPerIp", "a", start)).toBe(true);
    expect(limiter.hit("leadFormPerIp", "a", start)).toBe(true);
    expect(limiter.isBlocked("leadFormPerIp", "a", start)).toBe(true);
    expect(limiter.hit("leadFormPerIp", "a", start)).toBe(false);
    // Another key, and the same key under another name, count apart.
    expect(limiter.hit("leadFormPerIp", "b", start)).toBe(true);
    expect(limiter.isBlocked("captchaChallengePerIp", "a", start)).toBe(false);
    const later = start + LIMITS.leadFormPerIp.windowMs;
    expect(limiter.hit("leadFormPerIp", "a", later)).toBe(true);

    limiter.hit("leadFormPerIp", "c");
    limiter.hit("leadFormPerIp", "c");
    expect(() => limiter.check("leadFormPerIp", "c")).toThrow(
      expect.objectContaining({ code: "too_many_requests", status: 429 }),
    );
    limiter.reset("leadFormPerIp", "c");
    expect(() => limiter.check("leadFormPerIp", "c")).not.toThrow();
  });

  it("throws the app's error type, so the handler answers with the envelope", () => {
    const limiter = new RateLimiter(settings);
    for (let i = 0; i < limiter.limitOf("mailPerIp"); i++) limiter.check("mailPerIp", "x");
    expect(() => limiter.check("mailPerIp", "x")).toThrow(AppError);
  });

  it("takes several uses at once or none: a refused request leaves the rest of the window", () => {
    const limiter = new RateLimiter(settings);
    const start = Date.now();
    const limit = limiter.limitOf("summaryMailsPerTeacher");
    limiter.take("summaryMailsPerTeacher", "t", limit - 3, start);
    expect(() => limiter.take("summaryMailsPerTeacher", "t", 4, start)).toThrow(
      expect.objectContaining({ status: 429 }),
    );
    // The refused four were not counted: three still fit, then nothing does.
    limiter.take("summaryMailsPerTeacher", "t", 3, start);
    expect(limiter.isBlocked("summaryMailsPerTeacher", "t", start)).toBe(true);
    expect(() => limiter.take("summaryMailsPerTeacher", "t", 1, start)).toThrow(AppError);
    const later = start + LIMITS.summaryMailsPerTeacher.windowMs;
    expect(() => limiter.take("summaryMailsPerTeacher", "t", limit, later)).not.toThrow();
  });
});
