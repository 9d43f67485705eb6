import { type FieldErrors, joinFirstMessages, type NOT_FOUND_ISSUE } from "@refrain/domain";
import type {
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchemaValidationError,
} from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import {
  AppError,
  databaseUnavailable,
  databaseUnreachable,
  notFound,
  warnOncePerKind,
} from "../core/errors.ts";
import { loggableError } from "./error-log.ts";

/** The issue idParam and recordId raise for an id that cannot name a record (NOT_FOUND_ISSUE). */
function namesNoRecord(issue: FastifySchemaValidationError) {
  const custom = issue.params.params as Partial<typeof NOT_FOUND_ISSUE> | undefined;
  return custom?.notFound === true;
}

/**
 * The only place errors become answers: an AppError by its code's status (errors.ts), a
 * validation failure as 422 with messages by field, a database that cannot be reached as 503
 * with Retry-After, anything else as a masked 500.
 */
export function registerErrorHandler(app: FastifyInstance) {
  const warnOutage = warnOncePerKind();
  app.setErrorHandler((thrown: FastifyError, request, reply) => {
    // The database away (down, restarting, unreachable) fails every request alike, wherever it
    // is queried: each one is told to come back shortly, and the log gets a line per kind of
    // failure every few seconds instead of a 500 and its stack per request.
    const unreachable = thrown instanceof AppError ? null : databaseUnreachable(thrown);
    if (unreachable)
      warnOutage(
        request.log,
        unreachable,
        { method: request.method, route: request.routeOptions.url },
        "database (or a service) unreachable: answering 503",
      );
    const error = unreachable ? databaseUnavailable() : thrown;
    if (hasZodFastifySchemaValidationErrors(error)) {
      // An id that cannot name a record reads like one naming nobody's.
      if (error.validation.some(namesNoRecord)) {
        return reply.code(404).send({ success: false, message: notFound().message });
      }
      const errors: FieldErrors = {};
      for (const issue of error.validation) {
        const key = issue.instancePath.replace(/^\//, "").replaceAll("/", ".") || "_";
        errors[key] = [...(errors[key] ?? []), issue.message ?? "Invalid value"];
      }
      return reply.code(422).send({ success: false, message: joinFirstMessages(errors), errors });
    }
    if (error instanceof AppError) {
      if (error.retryAfterSeconds) reply.header("retry-after", String(error.retryAfterSeconds));
      return reply.code(error.status).send({
        success: false,
        message: error.message,
        ...(error.errors && { errors: error.errors }),
      });
    }
    const status = error.statusCode ?? 500;
    // Fastify's own words name no size; the route's limit is what the person needs to know.
    if (error.code === "FST_ERR_CTP_BODY_TOO_LARGE") {
      const limit = request.routeOptions.bodyLimit ?? request.server.initialConfig.bodyLimit ?? 0;
      const message = `The upload is larger than ${Math.round(limit / (1024 * 1024))} MB.`;
      return reply.code(413).send({ success: false, message });
    }
    if (status < 500) {
      return reply.code(status).send({ success: false, message: error.message });
    }
    // The error's class, code, message and stack, never its values (see error-log.ts); the
    // request id is on every line of the request's logger. Under `error`, not `err`, which
    // pino's serializer would rebuild from the object's own properties.
    request.log.error(
      { error: loggableError(error), method: request.method, route: request.routeOptions.url },
      "request failed",
    );
    return reply.code(500).send({
      success: false,
      message: "Something went wrong on our side. Please try again.",
      requestId: request.id,
    });
  });

  app.setNotFoundHandler((_request, reply) => {
    reply.code(404).send({ success: false, message: notFound().message });
  });
}

/**
 * Fastify's `frameworkErrors` (app.ts): what fails before any route or handler above, in the
 * same envelope. A path that cannot be decoded (`%ED%A0%80`, a lone surrogate) or a segment
 * longer than any id or name names no record.
 */
export function frameworkErrorAnswer(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
) {
  if (error.code === "FST_ERR_BAD_URL" || error.code === "FST_ERR_MAX_PARAM_LENGTH")
    return reply.code(404).send({ success: false, message: notFound().message });
  // The only other one, a route constraint that failed, is ours to fix.
  return reply
    .code(500)
    .send({ success: false, message: "Something went wrong on our side. Please try again." });
}
