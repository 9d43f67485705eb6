import { rosterListRequest, rosterListResponse } from "@refrain/domain";
import type { AppContext } from "../../app.ts";
import { authOf, requireRole } from "../../plugins/guards.ts";
import { listStudents } from "./service.ts";

export function rosterRoutes({ app, db, passwordBox }: AppContext) {
  app.post(
    "/teacher/students",
    {
      preHandler: requireRole("teacher", "parent"),
      schema: {
        tags: ["roster"],
        summary: "The teacher's roster (verb list)",
        body: rosterListRequest,
        response: { 200: rosterListResponse },
      },
    },
    async (request) => ({
      success: true as const,
      students: await listStudents(db, passwordBox, authOf(request).user.id),
    }),
  );
}
