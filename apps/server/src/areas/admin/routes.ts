import { adminCalls } from "@refrain/domain";
import { area } from "../../core/context.ts";
import { route } from "../../core/route.ts";
import { authOf } from "../../plugins/guards.ts";
import { peopleRoutes } from "./people-routes.ts";
import { rosterImportRoutes } from "./roster-import/routes.ts";
import { listDistrictSchools, listSchoolTeachers } from "./service.ts";
import { teacherEmailRoutes } from "./teacher-email-routes.ts";
import { usageRoutes } from "./usage-routes.ts";

export const adminArea = area("admin", (context) => {
  const { app, db } = context;
  route(app, adminCalls.schoolTeachers, {}, async (request) => ({
    success: true as const,
    data: await listSchoolTeachers(db, authOf(request).user),
  }));

  route(app, adminCalls.districtSchools, {}, async (request) => ({
    success: true as const,
    data: await listDistrictSchools(db, authOf(request).user.districtId, request.params.districtId),
  }));
  usageRoutes(context);
  peopleRoutes(context);
  teacherEmailRoutes(context);
  rosterImportRoutes(context);
});
