import { ROSTER_PACKAGE_LIMITS, rosterImportCalls } from "@refrain/domain";
import type { AppContext } from "../../../core/context.ts";
import { route } from "../../../core/route.ts";
import { samplePackage, zipPackage } from "../../../demo/plan/oneroster-package.ts";
import { authOf } from "../../../plugins/guards.ts";
import {
  discardImport,
  importDetail,
  listImports,
  problemReport,
  recountImport,
  startApply,
  uploadPackage,
} from "./service.ts";

/** A district's OneRoster imports: upload, preview, apply, discard, the problem report. */
export function rosterImportRoutes({ app, db, media, jobs }: AppContext) {
  const deps = { db, media, jobs };
  // The package is the request's body as it is: application/zip, up to the upload route's
  // limit (its bodyLimit below).
  app.addContentTypeParser("application/zip", { parseAs: "buffer" }, (_request, body, done) =>
    done(null, body),
  );

  route(app, rosterImportCalls.list, {}, async (request) => ({
    success: true as const,
    data: await listImports(db, authOf(request), request.query.districtId),
  }));

  route(
    app,
    rosterImportCalls.upload,
    { bodyLimit: ROSTER_PACKAGE_LIMITS.uploadBytes },
    async (request) => ({
      success: true as const,
      data: await uploadPackage(
        deps,
        authOf(request),
        {
          districtId: request.query.districtId,
          fileName: request.query.fileName,
          body: request.body,
        },
        request.ip,
      ),
    }),
  );

  route(app, rosterImportCalls.detail, {}, async (request) => ({
    success: true as const,
    data: await importDetail(db, authOf(request), request.params.importId),
  }));

  route(app, rosterImportCalls.recount, {}, async (request) => ({
    success: true as const,
    data: await recountImport(deps, authOf(request), request.params.importId, request.body),
  }));

  route(app, rosterImportCalls.apply, {}, async (request) => ({
    success: true as const,
    data: await startApply(
      deps,
      authOf(request),
      request.params.importId,
      request.body,
      request.ip,
    ),
  }));

  route(app, rosterImportCalls.discard, {}, async (request) => ({
    success: true as const,
    data: await discardImport(deps, authOf(request), request.params.importId, request.ip),
  }));

  // Ours and fictional: what a package looks like, for a district to compare its export with and
  // for a reviewer to import into the demo world.
  route(app, rosterImportCalls.sample, {}, async (request, reply) => {
    const { variant } = request.params;
    const zip = zipPackage(samplePackage({ variant, size: "demo" }));
    const name = variant === "valid" ? "riverbend-oneroster.zip" : "riverbend-oneroster-errors.zip";
    return reply
      .type("application/zip")
      .header("content-disposition", `attachment; filename="${name}"`)
      .send(Buffer.from(zip));
  });

  route(app, rosterImportCalls.problems, {}, async (request, reply) => {
    const report = await problemReport(db, authOf(request), request.params.importId);
    return reply
      .type("text/csv; charset=utf-8")
      .header("content-disposition", `attachment; filename="${report.fileName}"`)
      .header("cache-control", "no-store")
      .send(report.text);
  });
}
