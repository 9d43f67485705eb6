import type { FastifyInstance } from "fastify";

/**
 * One compact line per request at `info`, instead of Fastify's two ("incoming request",
 * "request completed"), written when the answer has gone: the request id (pino's `reqId`),
 * method, route, status, milliseconds and the signed-in user's id.
 *
 * The route is the pattern (`/password/reset/:token`), never the URL: tokens of sign-in and
 * reset links travel in paths and must not reach a log; a request no route took logs
 * "(no route)". Nothing else is logged per request; failures add the error handler's line
 * (error-log.ts). The line costs about 1.5 µs written to /dev/null (bench/logging.ts).
 */
export function registerRequestLog(app: FastifyInstance) {
  app.addHook("onResponse", async (request, reply) => {
    request.log.info(
      {
        method: request.method,
        route: request.routeOptions.url ?? "(no route)",
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 10) / 10,
        user: request.auth?.user.id,
      },
      "request",
    );
  });
}
