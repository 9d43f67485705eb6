import {
  loginRequest,
  loginResponse,
  redirectResponse,
  sessionResponse,
  studentLoginRequest,
  studentLoginResponse,
} from "@refrain/domain";
import type { FastifyRequest } from "fastify";
import { z } from "zod";
import type { AppContext } from "../../app.ts";
import { AppError, tooManyRequests } from "../../plugins/errors.ts";
import { authOf, requireRole } from "../../plugins/guards.ts";
import { linkRoutes } from "./link-routes.ts";
import {
  authenticateAdult,
  authenticateStudent,
  findStudentOfClass,
  leaveImpersonation,
  presentSessionUser,
  studentLoginStart,
  takeImpersonation,
} from "./service.ts";
import { signupRoutes } from "./signup-routes.ts";
import { signupCompleteOf } from "./signup-service.ts";

const WINDOW_MS = 15 * 60_000;

export function authRoutes(context: AppContext) {
  const { app, db, sessions, limiter, config } = context;
  /**
   * Sign-in attempts are limited per client address and per login name, counting failures
   * only: a class signing in together behind one school address is never blocked, while
   * guessing passwords or names is. A success clears the name's count.
   */
  async function limitLogin<T>(request: FastifyRequest, name: string, attempt: () => Promise<T>) {
    const limits = [
      { key: `login-ip:${request.ip}`, limit: config.LOGIN_LIMIT_PER_IP },
      { key: `login-name:${name.trim().toLowerCase()}`, limit: config.LOGIN_LIMIT_PER_NAME },
    ];
    if (limits.some(({ key, limit }) => limiter.isBlocked(key, limit))) throw tooManyRequests();
    try {
      const result = await attempt();
      limiter.reset(limits[1]?.key ?? "");
      return result;
    } catch (error) {
      if (error instanceof AppError && (error.status === 401 || error.status === 422)) {
        for (const { key, limit } of limits) limiter.hit(key, limit, WINDOW_MS);
      }
      throw error;
    }
  }

  app.get(
    "/auth/session",
    {
      schema: {
        tags: ["auth"],
        summary: "Who is signed in, and the CSRF token for the page",
        response: { 200: sessionResponse },
      },
    },
    async (request, reply) => ({
      user: request.auth
        ? presentSessionUser(request.auth, await signupCompleteOf(db, request.auth.user.id))
        : null,
      csrfToken: sessions.csrfToken(request, reply),
    }),
  );

  app.post(
    "/login",
    {
      schema: {
        tags: ["auth"],
        summary: "Sign in a teacher, parent, admin or staff member",
        body: loginRequest,
        response: { 200: loginResponse },
      },
    },
    async (request, reply) => {
      const { login, password } = request.body;
      const userId = await limitLogin(request, login, () => authenticateAdult(db, login, password));
      await sessions.start(request, reply, userId);
      return { success: true as const, redirect: "/" };
    },
  );

  app.post(
    "/student/login",
    {
      schema: {
        tags: ["auth"],
        summary: "Student sign-in in three steps: teacher, student, password",
        body: studentLoginRequest,
        response: { 200: studentLoginResponse },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const name = `student:${body.teacher}:${body.student ?? body.studentId ?? ""}`;
      if (body.step === 1) {
        const start = await limitLogin(request, name, () => studentLoginStart(db, body.teacher));
        return { success: true as const, data: start };
      }
      if (body.step === 2) {
        const student = await limitLogin(request, name, () => findStudentOfClass(db, body));
        return { success: true as const, data: { id: student.id } };
      }
      const studentId = await limitLogin(request, name, () =>
        authenticateStudent(db, { ...body, password: body.password ?? "" }),
      );
      await sessions.start(request, reply, studentId);
      return { success: true as const, data: { success: true }, redirect: "/" };
    },
  );

  app.post(
    "/logout",
    { schema: { tags: ["auth"], summary: "End the session", response: { 200: redirectResponse } } },
    async (request, reply) => {
      await sessions.end(request, reply);
      return { success: true as const, redirect: "/" };
    },
  );

  app.post(
    "/impersonate/take/:userid",
    {
      preHandler: requireRole("school_admin", "district_admin"),
      schema: {
        tags: ["auth"],
        summary: "Log in as a teacher (school admin) or a teacher or student (district admin)",
        params: z.object({ userid: z.coerce.number().int().positive() }),
        response: { 200: redirectResponse },
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const targetId = await takeImpersonation(db, auth, request.params.userid, request.ip);
      await sessions.start(request, reply, targetId, auth.user.id);
      return { success: true as const, redirect: "/" };
    },
  );

  app.post(
    "/impersonate/leave",
    {
      preHandler: requireRole("teacher", "parent", "student"),
      schema: {
        tags: ["auth"],
        summary: "Return to the admin account",
        response: { 200: redirectResponse },
      },
    },
    async (request, reply) => {
      const adminId = await leaveImpersonation(db, authOf(request), request.ip);
      await sessions.start(request, reply, adminId);
      return { success: true as const, redirect: "/" };
    },
  );

  signupRoutes(context);
  linkRoutes(context);
}
