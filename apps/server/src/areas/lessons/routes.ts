import { catalogResponse, lessonObjectResponse } from "@refrain/domain";
import { z } from "zod";
import type { AppContext } from "../../app.ts";
import { requireRole, requireSignedIn } from "../../plugins/guards.ts";
import { getLesson, lessonLogoSvg, listCatalog } from "./service.ts";

const lessonParams = z.object({ lessonId: z.coerce.number().int().positive() });

export function lessonRoutes({ app, db }: AppContext) {
  app.get(
    "/lessons/catalog",
    {
      preHandler: requireRole("teacher", "parent", "school_admin", "district_admin", "staff"),
      schema: {
        tags: ["lessons"],
        summary: "All lessons grouped by reading level",
        response: { 200: catalogResponse },
      },
    },
    async () => ({ success: true as const, data: await listCatalog(db) }),
  );

  app.get(
    "/service/objects/lesson/:lessonId",
    {
      preHandler: requireSignedIn,
      schema: {
        tags: ["lessons"],
        summary: "One lesson with its words",
        params: lessonParams,
        response: { 200: lessonObjectResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await getLesson(db, request.params.lessonId),
    }),
  );

  app.get(
    "/media/lessons/:lessonId/logo.svg",
    { schema: { tags: ["lessons"], summary: "A lesson's logo", params: lessonParams } },
    async (request, reply) => {
      const svg = await lessonLogoSvg(db, request.params.lessonId);
      return reply.type("image/svg+xml").header("cache-control", "public, max-age=86400").send(svg);
    },
  );
}
