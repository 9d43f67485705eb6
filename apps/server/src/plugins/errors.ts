import {
  type FieldErrors,
  joinFirstMessages,
  messages,
  type NOT_FOUND_ISSUE,
} from "@refrain/domain";
import type { FastifyError, FastifyInstance, FastifySchemaValidationError } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { loggableError } from "./error-log.ts";

/** The one error type routes and services throw; the handler turns it into the API envelope. */
export class AppError extends Error {
  readonly status: number;
  readonly errors?: FieldErrors;

  constructor(status: number, message: string, errors?: FieldErrors) {
    super(message);
    this.status = status;
    this.errors = errors;
  }
}

export const notSignedIn = () => new AppError(401, "Please sign in to continue.");
export const forbidden = () => new AppError(403, "You do not have access to this page.");
/** Also for records that exist but are not the caller's: nothing is revealed. */
export const notFound = () => new AppError(404, "Not found");
export const invalid = (errors: FieldErrors, message = joinFirstMessages(errors)) =>
  new AppError(422, message, errors);
export const tooManyRequests = () => new AppError(429, messages.tooManyAttempts);

/** The issue idParam and recordId raise for an id that cannot name a record (NOT_FOUND_ISSUE). */
function namesNoRecord(issue: FastifySchemaValidationError) {
  const custom = issue.params.params as Partial<typeof NOT_FOUND_ISSUE> | undefined;
  return custom?.notFound === true;
}

export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
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
      return reply.code(error.status).send({
        success: false,
        message: error.message,
        ...(error.errors && { errors: error.errors }),
      });
    }
    const status = error.statusCode ?? 500;
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
    reply.code(404).send({ success: false, message: "Not found" });
  });
}
