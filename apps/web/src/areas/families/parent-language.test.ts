import { PARENT_LANGUAGE_COOKIE } from "@refrain/domain";
import { afterEach, describe, expect, it, vi } from "vitest";
import { rememberedLanguage, rememberLanguage } from "./parent-language.ts";

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the parent's remembered language", () => {
  it("reads the cookie the server's parent pages write, among others", () => {
    vi.stubGlobal("document", { cookie: `a=b; ${PARENT_LANGUAGE_COOKIE}=es; c=d` });
    expect(rememberedLanguage()).toBe("es");
    vi.stubGlobal("document", { cookie: "a=b" });
    expect(rememberedLanguage()).toBeNull();
  });

  it("writes it for the whole site for a year, sent on a link's navigation", () => {
    const set = vi.fn(() => Promise.resolve());
    vi.stubGlobal("cookieStore", { set });
    const before = Date.now();
    rememberLanguage("es");
    expect(set).toHaveBeenCalledWith(
      expect.objectContaining({ name: PARENT_LANGUAGE_COOKIE, value: "es", path: "/" }),
    );
    const init = (set.mock.calls[0] as unknown as [CookieInit])[0];
    expect(init.sameSite).toBe("lax");
    expect(Number(init.expires) - before).toBeGreaterThanOrEqual(364 * 86_400_000);
  });

  it("forgets quietly where the browser cannot remember", () => {
    vi.stubGlobal("cookieStore", undefined);
    expect(() => rememberLanguage("en")).not.toThrow();
  });
});
