import { once } from "node:events";
import { createServer } from "node:net";

/**
 * A loopback port nobody listens on now, for a server this process is about to start as a
 * child: the system picks it, and it is free again once the probe closes.
 */
export async function freePort(): Promise<number> {
  const probe = createServer();
  probe.listen(0, "127.0.0.1");
  await once(probe, "listening");
  const address = probe.address();
  probe.close();
  await once(probe, "close");
  if (address === null || typeof address === "string") throw new Error("No port was given");
  return address.port;
}
