import { studentHomeResponse } from "@refrain/domain";
import { area } from "../../context.ts";
import { authOf, requirePolicy } from "../../plugins/guards.ts";
import { studentHome } from "./service.ts";

export const learningArea = area("learning", ({ app, db }) => {
  app.get(
    "/learning/home",
    {
      onRequest: requirePolicy("students"),
      schema: {
        tags: ["learning"],
        summary: "A student's home: class and lessons of their level",
        response: { 200: studentHomeResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await studentHome(db, authOf(request).user.id),
    }),
  );
});
