import { learningCalls } from "@refrain/domain";
import { area } from "../../context.ts";
import { authOf } from "../../plugins/guards.ts";
import { route } from "../../route.ts";
import { studentHome } from "./service.ts";

export const learningArea = area("learning", ({ app, db }) => {
  route(app, learningCalls.home, {}, async (request) => ({
    success: true as const,
    data: await studentHome(db, authOf(request).user.id),
  }));
});
