import { adminCalls, adminMessages, DISTRICT_UPDATED } from "@refrain/domain";
import type { FastifyRequest } from "fastify";
import type { AppContext } from "../../core/context.ts";
import { route } from "../../core/route.ts";
import { authOf } from "../../plugins/guards.ts";
import { rateLimit } from "../../plugins/rate-limit.ts";
import {
  districtSettings,
  inviteTeacher,
  renameDistrict,
  searchDistrict,
  sendTeacherPasswordLink,
} from "./people.ts";

/**
 * The admins' people calls: the district's settings, a school's teacher invitations and
 * password links, and the district search.
 */
export function peopleRoutes({ app, db, mailer, config, limiter }: AppContext) {
  const deps = { db, mailer, config };
  // Counted per admin, after validation: each use mails someone or scans the district, and a
  // rejected form costs neither.
  const perAdmin = (request: FastifyRequest) => String(authOf(request).user.id);

  route(app, adminCalls.district, {}, async (request) => ({
    success: true as const,
    data: await districtSettings(db, authOf(request).user.districtId, request.params.districtId),
  }));

  route(app, adminCalls.updateDistrict, {}, async (request) => ({
    success: true as const,
    data: await renameDistrict(
      db,
      authOf(request),
      request.params.districtId,
      request.body.name,
      request.ip,
    ),
    message: DISTRICT_UPDATED,
  }));

  route(
    app,
    adminCalls.newTeacher,
    { preHandler: [rateLimit(limiter, "teacherInvitesPerAdmin", perAdmin)] },
    async (request) => {
      const teacher = await inviteTeacher(deps, authOf(request), request.body, request.ip);
      const message = adminMessages.invited(request.body.email);
      return { success: true as const, data: teacher, message };
    },
  );

  route(
    app,
    adminCalls.teacherPasswordLink,
    { preHandler: [rateLimit(limiter, "passwordLinksPerAdmin", perAdmin)] },
    async (request) => {
      const email = await sendTeacherPasswordLink(
        deps,
        authOf(request),
        request.params.teacherId,
        request.ip,
      );
      return { success: true as const, message: adminMessages.passwordLinkSent(email) };
    },
  );

  route(
    app,
    adminCalls.search,
    { preHandler: [rateLimit(limiter, "searchPerAdmin", perAdmin)] },
    async (request) => ({
      success: true as const,
      data: await searchDistrict(db, authOf(request).user.districtId, request.body),
    }),
  );
}
