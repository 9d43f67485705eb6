import { once } from "node:events";
import { readFileSync } from "node:fs";
import { createServer } from "node:net";

/** Where the candidates start: above every port a test or the journeys fix (3000, 3100…). */
const FIRST = 20_000;

/**
 * A loopback port nobody listens on now, for a server this process is about to start as a
 * child. On Linux it lies below the kernel's ephemeral range: the system never gives such a
 * port to an outgoing connection, so the child finds it free, and so does a server that stops
 * and starts again on it (the PostgreSQL outage tests) while other tests open connections.
 * Elsewhere the system picks one.
 */
export async function freePort(): Promise<number> {
  const low = ephemeralLow();
  for (let tries = 0; low !== null && tries < 50; tries++) {
    const port = await probe(FIRST + Math.floor(Math.random() * (low - FIRST)));
    if (port !== null) return port;
  }
  const port = await probe(0);
  if (port === null) throw new Error("No port was given");
  return port;
}

/** The first port of the ephemeral range, or null where it is unknown or too low to avoid. */
function ephemeralLow(): number | null {
  try {
    const low = Number(
      readFileSync("/proc/sys/net/ipv4/ip_local_port_range", "utf8").split(/\s+/)[0],
    );
    return low > FIRST + 1000 ? low : null;
  } catch {
    return null;
  }
}

/** Listens on the port and closes again: the port it had, or null when it is taken. */
async function probe(port: number): Promise<number | null> {
  const server = createServer();
  server.listen(port, "127.0.0.1");
  const taken = await new Promise<boolean>((resolve) => {
    server.once("listening", () => resolve(false));
    server.once("error", () => resolve(true));
  });
  if (taken) return null;
  const address = server.address();
  server.close();
  await once(server, "close");
  return address === null || typeof address === "string" ? null : address.port;
}
