import type { FastifyInstance } from "fastify";
import type { Lifecycle } from "../core/context.ts";

/** How often a closing server ends the connections whose last request has been answered. */
const SWEEP_MS = 100;

/**
 * A server that is shutting down lets go of its clients' connections, so that its close ends
 * when the last request in flight is answered (main.ts).
 *
 * Node's `server.close()` ends the connections idle at that moment only; one whose request
 * was still in flight (an upload's PATCH) stays open after its answer, kept alive for Fastify's
 * 72 seconds, and the close waited for it until main.ts gave up after 20 s and exited with 1
 * (the cluster test's server, on a loaded machine). So while draining every answer closes its
 * connection, and the client's next request opens a new one, which a load balancer sends to a
 * server that stays; once closing, a connection is ended as soon as it is idle.
 */
export function registerDraining(app: FastifyInstance, lifecycle: Lifecycle) {
  app.addHook("onRequest", async (_request, reply) => {
    // On the raw answer, so that a route that writes its own (the uploads' tus) closes too.
    if (lifecycle.draining) reply.raw.shouldKeepAlive = false;
  });
  app.addHook("preClose", async () => {
    if (!app.server.listening) return;
    const sweep = setInterval(() => app.server.closeIdleConnections(), SWEEP_MS);
    app.server.once("close", () => clearInterval(sweep));
  });
}
