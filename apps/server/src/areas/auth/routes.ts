import { allows, authCalls } from "@refrain/domain";
import type { FastifyRequest } from "fastify";
import { area } from "../../context.ts";
import { AppError } from "../../errors.ts";
import { authOf } from "../../plugins/guards.ts";
import { route } from "../../route.ts";
import { linkRoutes } from "./link-routes.ts";
import { type LoginScope, loginLimits } from "./login-limits.ts";
import {
  adultsByLogin,
  checkAdultPassword,
  checkStudentPassword,
  findClassOwner,
  findStudentOfClass,
  leaveImpersonation,
  presentSessionUser,
  studentLoginNotFound,
  studentLoginStart,
  takeImpersonation,
} from "./service.ts";
import { signupRoutes } from "./signup-routes.ts";
import { signupCompleteOf } from "./signup-service.ts";
import { ssoRoutes } from "./sso-routes.ts";

const typedName = (name: string) => `name:${name.trim().toLowerCase()}`;
const accountOf = (user: { id: number }) => `user:${user.id}`;

export const authArea = area("auth", (context) => {
  const { app, db, sessions, limiter, passwordBox } = context;
  const limits = loginLimits(limiter);

  /**
   * Runs one step of a sign-in within the limits of `scope`: refused with 429 while held back,
   * and a refusal of what was typed (401 or 422) counts as a failure.
   */
  async function limited<T>(
    request: FastifyRequest,
    scope: LoginScope,
    attempt: (usable: string[]) => Promise<T>,
    opts: { wrongPassword?: boolean } = {},
  ): Promise<T> {
    const usable = await limits.usable(request.ip, scope);
    try {
      return await attempt(usable);
    } catch (error) {
      if (
        error instanceof AppError &&
        (error.code === "invalid_credentials" || error.code === "invalid")
      )
        await limits.fail(request.ip, { ...scope, accounts: usable }, opts);
      throw error;
    }
  }

  /**
   * The class a student signs in to, by its teacher's username, at the start of every step.
   * The name is looked up before the limits are checked, so that a class that has signed in
   * from this address is never held back by teacher-name typos made here (login-limits.ts).
   */
  async function classOwner(request: FastifyRequest, teacherName: string) {
    const teacher = await findClassOwner(db, teacherName);
    const scope: LoginScope = {
      door: "teacher-name",
      accounts: [typedName(`teacher:${teacherName}`)],
      ...(teacher && { classId: teacher.id }),
    };
    return limited(request, scope, async () => {
      if (!teacher) throw studentLoginNotFound();
      return teacher;
    });
  }

  route(app, authCalls.session, {}, async (request, reply) => ({
    user: request.auth
      ? presentSessionUser(request.auth, await signupCompleteOf(db, request.auth.user.id))
      : null,
    csrfToken: sessions.csrfToken(request, reply),
  }));

  route(app, authCalls.login, {}, async (request, reply) => {
    const { login, password } = request.body;
    // Limits count against the account the name resolves to, however it was typed.
    const candidates = await adultsByLogin(db, login);
    const scope: LoginScope = {
      door: "adult",
      accounts: candidates.length > 0 ? candidates.map(accountOf) : [typedName(login)],
    };
    // Only the accounts this client may still try are checked: one held back here is not
    // reached through the e-mail address it shares with another.
    const { user, missed } = await limited(request, scope, (usable) =>
      checkAdultPassword(
        db,
        login,
        candidates.filter((c) => usable.includes(accountOf(c))),
        password,
      ),
    );
    await limits.missed(request.ip, missed.map(accountOf));
    await limits.succeed(
      request.ip,
      accountOf(user),
      allows("classOwners", user.role) ? user.id : undefined,
    );
    await sessions.start(request, reply, user.id);
    return { success: true as const, redirect: "/" };
  });

  route(app, authCalls.studentLogin, {}, async (request, reply) => {
    const body = request.body;
    const teacher = await classOwner(request, body.teacher);
    if (body.step === 1) {
      return { success: true as const, data: await studentLoginStart(db, teacher) };
    }
    const classId = teacher.id;
    const typed = typedName(`student:${classId}:${body.student ?? body.studentId ?? ""}`);
    const student = await limited(request, { door: "class", accounts: [typed], classId }, () =>
      findStudentOfClass(db, classId, body),
    );
    if (body.step === 2) return { success: true as const, data: { id: student.id } };
    // The student's limits count against the account, whether it was typed or picked.
    const account = accountOf(student);
    await limited(
      request,
      { door: "class", accounts: [account], classId },
      () => checkStudentPassword(db, passwordBox, student, body.password ?? ""),
      { wrongPassword: true },
    );
    await limits.succeed(request.ip, account, classId);
    await sessions.start(request, reply, student.id);
    return { success: true as const, data: { success: true }, redirect: "/" };
  });

  route(app, authCalls.logout, {}, async (request, reply) => {
    await sessions.end(request, reply);
    return { success: true as const, redirect: "/" };
  });

  route(app, authCalls.takeImpersonation, {}, async (request, reply) => {
    const auth = authOf(request);
    const targetId = await takeImpersonation(db, auth, request.params.userid, request.ip);
    await sessions.start(request, reply, targetId, auth.user.id);
    return { success: true as const, redirect: "/" };
  });

  route(app, authCalls.leaveImpersonation, {}, async (request, reply) => {
    const adminId = await leaveImpersonation(db, authOf(request), request.ip);
    await sessions.start(request, reply, adminId);
    return { success: true as const, redirect: "/" };
  });

  // The rest of auth's routes, each file naming the services it uses.
  signupRoutes(context);
  linkRoutes(context);
  ssoRoutes(context);
});
