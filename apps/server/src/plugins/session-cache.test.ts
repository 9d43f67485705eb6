import { describe, expect, it } from "vitest";
import { SessionCache } from "./session-cache.ts";

describe("SessionCache", () => {
  it("keeps a found session for its TTL only", () => {
    const cache = new SessionCache<string>(5000);
    cache.set("a", "row", [1], 1000, cache.begin());
    expect(cache.get("a", 5999)).toBe("row");
    expect(cache.get("a", 6000)).toBeUndefined();
  });

  it("stores nothing with a TTL of 0", () => {
    const cache = new SessionCache<string>(0);
    cache.set("a", "row", [1], 1000, cache.begin());
    expect(cache.get("a", 1000)).toBeUndefined();
  });

  it("does not store a lookup that a forgetting overtook", () => {
    const cache = new SessionCache<string>(5000);
    const since = cache.begin();
    // The session ends while its lookup is still in flight.
    cache.forgetSession("a");
    cache.set("a", "stale", [1], 0, since);
    expect(cache.get("a", 1)).toBeUndefined();
  });

  it("forgets every session of a user, also the ones where they impersonate", () => {
    const cache = new SessionCache<string>(5000);
    cache.set("own", "1", [7], 0, cache.begin());
    cache.set("acting", "2", [9, 7], 0, cache.begin());
    cache.set("other", "3", [8], 0, cache.begin());
    cache.forgetUsers([7]);
    expect([cache.get("own", 1), cache.get("acting", 1), cache.get("other", 1)]).toEqual([
      undefined,
      undefined,
      "3",
    ]);
  });

  it("reads the triggers' notices", () => {
    const cache = new SessionCache<string>(5000);
    for (const [id, user] of [
      ["s1", 1],
      ["s2", 2],
      ["s3", 3],
      ["s4", 4],
    ] as const) {
      cache.set(id, id, [user], 0, cache.begin());
    }
    cache.notice("s:s1,s2");
    cache.notice("u:3");
    expect(["s1", "s2", "s3", "s4"].map((id) => cache.get(id, 1))).toEqual([
      undefined,
      undefined,
      undefined,
      "s4",
    ]);
    cache.notice("*");
    expect(cache.get("s4", 1)).toBeUndefined();
  });

  it("holds at most its bound, the oldest going first", () => {
    const cache = new SessionCache<string>(5000, 2);
    cache.set("a", "a", [1], 0, cache.begin());
    cache.set("b", "b", [2], 0, cache.begin());
    cache.set("c", "c", [3], 0, cache.begin());
    expect([cache.get("a", 1), cache.get("b", 1), cache.get("c", 1)]).toEqual([
      undefined,
      "b",
      "c",
    ]);
  });
});
