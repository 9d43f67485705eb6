import { helpCalls } from "@refrain/domain";
import type { FastifyRequest } from "fastify";
import { area } from "../../core/context.ts";
import { route } from "../../core/route.ts";
import { authOf } from "../../plugins/guards.ts";
import { completeTutorial, loadTutorial, type Viewer } from "./tutorials.ts";

/** The tutorial popups: what each says and shows, and who has completed which. */
export const helpArea = area("help", ({ app, db, media, config }) => {
  const viewer = (request: FastifyRequest): Viewer => {
    const auth = authOf(request);
    return { id: auth.user.id, role: auth.user.role, impersonating: auth.impersonator !== null };
  };
  route(app, helpCalls.tutorial, {}, async (request) =>
    loadTutorial({ db, media, config }, viewer(request), request.params.name),
  );
  route(app, helpCalls.dismissTutorial, {}, async (request) =>
    completeTutorial(db, viewer(request), request.params.name),
  );
});
