import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { AppError, type ErrorCode, ownedOr404, STATUS_BY_CODE } from "../errors.ts";
import { registerErrorHandler } from "./errors.ts";

/** A bare app with the error handler and a route that throws the error its query names. */
async function throwingApp() {
  const app = Fastify();
  registerErrorHandler(app);
  app.get("/throw/:code", async (request) => {
    const { code } = request.params as { code: ErrorCode };
    throw new AppError(
      code,
      `refused: ${code}`,
      code === "invalid" ? { name: ["Bad"] } : undefined,
    );
  });
  app.get("/record/:id", async (request) =>
    ownedOr404((request.params as { id: string }).id === "1" ? { id: 1 } : null),
  );
  app.get("/crash", async () => {
    throw new Error("secret detail");
  });
  await app.ready();
  return app;
}

describe("error handler", () => {
  it("answers each error code with its status and the envelope, field errors kept", async () => {
    const app = await throwingApp();
    for (const [code, status] of Object.entries(STATUS_BY_CODE)) {
      const reply = await app.inject({ url: `/throw/${code}` });
      expect(reply.statusCode, code).toBe(status);
      expect(reply.json()).toEqual({
        success: false,
        message: `refused: ${code}`,
        ...(code === "invalid" && { errors: { name: ["Bad"] } }),
      });
    }
  });

  it("ownedOr404 turns a record outside the caller's scope into 404", async () => {
    const app = await throwingApp();
    expect((await app.inject({ url: "/record/1" })).statusCode).toBe(200);
    expect((await app.inject({ url: "/record/2" })).json()).toEqual({
      success: false,
      message: "Not found",
    });
  });

  it("masks anything else as a 500 with the request id", async () => {
    const app = await throwingApp();
    const reply = await app.inject({ url: "/crash" });
    expect(reply.statusCode).toBe(500);
    expect(reply.json()).toEqual({
      success: false,
      message: "Something went wrong on our side. Please try again.",
      requestId: expect.any(String),
    });
    expect(reply.body).not.toContain("secret detail");
  });
});
