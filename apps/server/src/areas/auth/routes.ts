import { authCalls, type SessionResponse, studentLoginMessages } from "@refrain/domain";
import type { FastifyReply, FastifyRequest } from "fastify";
import { area } from "../../core/context.ts";
import { AppError, invalid, tooManyRequests } from "../../core/errors.ts";
import { route } from "../../core/route.ts";
import type { Db } from "../../db/client.ts";
import { authOf } from "../../plugins/guards.ts";
import type { SessionStore } from "../../plugins/session.ts";
import { classCodeMatches } from "./class-code.ts";
import { deviceOf, ensureDevice } from "./device.ts";
import { linkRoutes } from "./link-routes.ts";
import { type LoginClient, type LoginScope, loginLimits } from "./login-limits.ts";
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
  studentNotInClass,
  takeImpersonation,
} from "./service.ts";
import { signupRoutes } from "./signup-routes.ts";
import { signupCompleteOf } from "./signup-service.ts";
import { ssoRoutes } from "./sso-routes.ts";

const typedName = (name: string) => `name:${name.trim().toLowerCase()}`;
const accountOf = (user: { id: number }) => `user:${user.id}`;

export const authArea = area("auth", (context) => {
  const { app, db, sessions, limiter, passwordBox } = context;
  const secureCookies = context.config.PUBLIC_URL.startsWith("https://");
  const limits = loginLimits(limiter, { db, secureCookies });

  const clientOf = (request: FastifyRequest): LoginClient => ({
    ip: request.ip,
    device: deviceOf(request),
  });

  /**
   * Runs one step of a sign-in within the limits of `scope`: refused with 429 while held back,
   * and a refusal of what was typed (401 or 422) counts as a failure. While the address is held
   * back, a failure answers 429 as an unknown name would (login-limits.ts).
   */
  async function limited<T>(
    request: FastifyRequest,
    scope: LoginScope,
    attempt: (usable: string[]) => Promise<T>,
    opts: { wrongPassword?: boolean } = {},
  ): Promise<T> {
    const client = clientOf(request);
    const usable = await limits.usable(client, scope);
    try {
      return await attempt(usable.accounts);
    } catch (error) {
      if (
        error instanceof AppError &&
        (error.code === "invalid_credentials" || error.code === "invalid")
      ) {
        await limits.fail(client, scope, usable, opts);
        if (usable.held && usable.onDevice.length === 0) throw tooManyRequests();
      }
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

  /**
   * Whether this browser may see the name tiles of a class that picks them: a sign-in of the
   * class happened on it, or its class code is typed now (then the browser is remembered). A
   * wrong code counts as a failed sign-in of the class's lookup; a stranger who knows only the
   * teacher's username sees no names.
   */
  async function tilesShown(
    request: FastifyRequest,
    reply: FastifyReply,
    teacher: { id: number; classCode: string | null },
    typedCode: string | undefined,
  ): Promise<boolean> {
    if (await limits.classOnDevice(teacher.id, deviceOf(request))) return true;
    if (!typedCode) return false;
    const scope: LoginScope = {
      door: "teacher-name",
      accounts: [typedName(`class-code:${teacher.id}`)],
      classId: teacher.id,
    };
    await limited(request, scope, async () => {
      if (!classCodeMatches(teacher.classCode, typedCode))
        throw invalid({ classCode: [studentLoginMessages.classCode] });
    });
    await limits.rememberClassOnDevice(teacher.id, ensureDevice(request, reply, secureCookies));
    return true;
  }

  route(app, authCalls.session, {}, (request, reply) =>
    sessionAnswer(db, sessions, request, reply),
  );

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
    await limits.signedIn(request, reply, user.id);
    await sessions.start(request, reply, user.id);
    return { success: true as const, redirect: "/" };
  });

  route(app, authCalls.studentLogin, {}, async (request, reply) => {
    const body = request.body;
    const teacher = await classOwner(request, body.teacher);
    if (body.step === 1) {
      const tiles =
        teacher.studentLoginType === "select" &&
        (await tilesShown(request, reply, teacher, body.classCode));
      return { success: true as const, data: await studentLoginStart(db, teacher, tiles) };
    }
    const classId = teacher.id;
    // Looked up before the limits, like the class: a student who signed in from this address
    // is not held back by the name typos of others here (login-limits.ts).
    const found = await findStudentOfClass(db, classId, body);
    const lookup = found
      ? accountOf(found)
      : typedName(`student:${classId}:${body.student ?? body.studentId ?? ""}`);
    const student = await limited(
      request,
      { door: "class", accounts: [lookup], classId },
      async () => {
        if (!found) throw studentNotInClass(body);
        return found;
      },
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
    await limits.signedIn(request, reply, student.id);
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
  signupRoutes(context, limits);
  linkRoutes(context, limits);
  ssoRoutes(context, limits);
});

/**
 * The session call's answer: who is signed in, and the CSRF token bound to the session. Every
 * page carries it too (plugins/spa.ts), so that the web app's first render knows who is signed
 * in without asking.
 */
export async function sessionAnswer(
  db: Db,
  sessions: SessionStore,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<SessionResponse> {
  return {
    user: request.auth
      ? presentSessionUser(request.auth, await signupCompleteOf(db, request.auth.user.id))
      : null,
    csrfToken: sessions.csrfToken(request, reply),
  };
}
