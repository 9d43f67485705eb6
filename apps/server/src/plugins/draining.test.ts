import { Agent, request } from "node:http";
import type { AddressInfo } from "node:net";
import Fastify from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import type { Lifecycle } from "../core/context.ts";
import { registerDraining } from "./draining.ts";

/**
 * On a listening server and a client that keeps its connections alive, as browsers and load
 * balancers do: `inject` has no connection to keep.
 */
async function listening(lifecycle: Lifecycle) {
  const app = Fastify();
  registerDraining(app, lifecycle);
  app.get("/quick", async () => ({ ok: true }));
  // Answered 300 ms later on the raw response, as the uploads' tus server answers.
  app.get("/slow", (_request, reply) => {
    reply.hijack();
    setTimeout(() => {
      reply.raw.writeHead(204);
      reply.raw.end();
    }, 300);
  });
  await app.listen({ host: "127.0.0.1", port: 0 });
  const { port } = app.server.address() as AddressInfo;
  const agent = new Agent({ keepAlive: true });
  const get = (path: string) =>
    new Promise<{ status?: number; connection?: string }>((resolve, reject) => {
      request({ host: "127.0.0.1", port, path, agent }, (answer) => {
        answer.resume();
        answer.on("end", () =>
          resolve({ status: answer.statusCode, connection: answer.headers.connection }),
        );
      })
        .on("error", reject)
        .end();
    });
  opened.push({ app, agent });
  return { app, get };
}

const opened: { app: ReturnType<typeof Fastify>; agent: Agent }[] = [];
afterEach(async () => {
  for (const { app, agent } of opened.splice(0)) {
    agent.destroy();
    await app.close();
  }
});

describe("a server draining for a shutdown", () => {
  it("keeps connections alive until it drains, then closes each with its answer", async () => {
    const lifecycle = { draining: false };
    const { get } = await listening(lifecycle);
    expect(await get("/quick")).toEqual({ status: 200, connection: "keep-alive" });
    lifecycle.draining = true;
    expect(await get("/quick")).toEqual({ status: 200, connection: "close" });
    expect(await get("/slow")).toEqual({ status: 204, connection: "close" });
  });

  it("answers the request in flight as it closes, then ends that connection at once", async () => {
    const { app, get } = await listening({ draining: false });
    const inFlight = get("/slow");
    await new Promise((resolve) => setTimeout(resolve, 50));
    const started = Date.now();
    const closing = app.close().then(() => "closed");
    expect(await inFlight).toEqual({ status: 204, connection: "keep-alive" });
    // Without the plugin the close waits for Fastify's 72-second keep-alive timeout.
    const waited = new Promise((resolve) => setTimeout(resolve, 5000, "still open"));
    expect(await Promise.race([closing, waited])).toBe("closed");
    expect(Date.now() - started).toBeLessThan(2000);
  });
});
