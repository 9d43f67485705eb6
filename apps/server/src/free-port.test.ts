import { once } from "node:events";
import { readFileSync } from "node:fs";
import { createServer } from "node:net";
import { describe, expect, it } from "vitest";
import { freePort } from "./free-port.ts";

const range = (() => {
  try {
    return readFileSync("/proc/sys/net/ipv4/ip_local_port_range", "utf8");
  } catch {
    return null;
  }
})();

describe("freePort", () => {
  it("gives a port a server can listen on", async () => {
    const port = await freePort();
    const server = createServer().listen(port, "127.0.0.1");
    await once(server, "listening");
    server.close();
    await once(server, "close");
  });

  it.runIf(range !== null)(
    "stays below the kernel's ephemeral range, where outgoing connections never land",
    async () => {
      const low = Number(range?.split(/\s+/)[0]);
      const ports = await Promise.all(Array.from({ length: 20 }, () => freePort()));
      for (const port of ports) {
        expect(port).toBeGreaterThanOrEqual(20_000);
        expect(port).toBeLessThan(low);
      }
    },
  );
});
