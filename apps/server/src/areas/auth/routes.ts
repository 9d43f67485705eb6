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
import { tooManyRequests } from "../../plugins/errors.ts";
import { authOf, requireRole } from "../../plugins/guards.ts";
import {
  authenticateAdult,
  authenticateStudent,
  findStudentOfClass,
  leaveImpersonation,
  presentSessionUser,
  studentLoginStart,
  takeImpersonation,
} from "./service.ts";

const WINDOW_MS = 15 * 60_000;

export function authRoutes({ app, db, sessions, limiter, config }: AppContext) {
  /** Rate limits per client address and per login name; a success clears the name's count. */
  function limitLogin(request: FastifyRequest, name: string): string {
    const nameKey = `login-name:${name.trim().toLowerCase()}`;
    const byIp = limiter.hit(`login-ip:${request.ip}`, config.LOGIN_LIMIT_PER_IP, WINDOW_MS);
    const byName = limiter.hit(nameKey, config.LOGIN_LIMIT_PER_NAME, WINDOW_MS);
    if (!byIp || !byName) throw tooManyRequests();
    return nameKey;
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
      user: request.auth ? presentSessionUser(request.auth) : null,
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
      const nameKey = limitLogin(request, login);
      const userId = await authenticateAdult(db, login, password);
      limiter.reset(nameKey);
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
      const nameKey = limitLogin(
        request,
        `student:${body.teacher}:${body.student ?? body.studentId ?? ""}`,
      );
      if (body.step === 1) {
        return { success: true as const, data: await studentLoginStart(db, body.teacher) };
      }
      if (body.step === 2) {
        const student = await findStudentOfClass(db, body);
        return { success: true as const, data: { id: student.id } };
      }
      const studentId = await authenticateStudent(db, { ...body, password: body.password ?? "" });
      limiter.reset(nameKey);
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
}
