import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "./config.ts";

describe("config", () => {
  it("has working defaults", () => {
    const config = parseConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.DATA_DIR).toBe("./data");
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it("stops on a bad value with one line naming the variable", () => {
    expect(() => parseConfig({ PORT: "eighty" })).toThrow(ConfigError);
    expect(() => parseConfig({ PORT: "eighty" })).toThrow(
      /^Invalid configuration: PORT .*\(got "eighty"\)$/,
    );
    expect(() => parseConfig({ DATABASE_URL: "mysql://x" })).toThrow(
      /DATABASE_URL must be a postgres/,
    );
    expect(() => parseConfig({ APP_SECRET: "short" })).toThrow(
      /APP_SECRET must be at least 32 characters$/,
    );
  });

  it("never repeats a secret in its error", () => {
    try {
      parseConfig({ DATABASE_URL: "mysql://user:hunter2@host/db" });
    } catch (error) {
      expect(String(error)).not.toContain("hunter2");
    }
  });

  it("treats blank variables as unset", () => {
    expect(parseConfig({ PORT: "", DATABASE_URL: "" }).PORT).toBe(3000);
  });
});
