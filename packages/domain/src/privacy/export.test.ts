import { describe, expect, it } from "vitest";
import { stateOfExport } from "./export.ts";

const now = new Date("2026-11-27T12:00:00Z");
const base = { status: "ready" as const, expiresAt: "2026-11-27T14:00:00Z", downloadedAt: null };

describe("an export's state as the page shows it", () => {
  it("is working while queued or running, whatever else is set", () => {
    expect(stateOfExport({ ...base, status: "queued", expiresAt: null }, now)).toBe("working");
    expect(stateOfExport({ ...base, status: "running", expiresAt: null }, now)).toBe("working");
  });

  it("is ready until it is downloaded or its expiry passes", () => {
    expect(stateOfExport(base, now)).toBe("ready");
    expect(stateOfExport({ ...base, downloadedAt: "2026-11-27T11:00:00Z" }, now)).toBe(
      "downloaded",
    );
    expect(stateOfExport(base, new Date("2026-11-27T14:00:00Z"))).toBe("expired");
    // A downloaded export says so after its expiry too.
    expect(
      stateOfExport(
        { ...base, downloadedAt: "2026-11-27T13:00:00Z" },
        new Date("2026-11-28T00:00:00Z"),
      ),
    ).toBe("downloaded");
  });

  it("is failed when the job gave up", () => {
    expect(stateOfExport({ ...base, status: "failed", expiresAt: null }, now)).toBe("failed");
  });
});
