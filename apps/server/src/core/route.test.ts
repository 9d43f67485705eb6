import fastifySwagger from "@fastify/swagger";
import * as domain from "@refrain/domain";
import { type Contract, contract, verbs } from "@refrain/domain";
import Fastify, { type RouteOptions } from "fastify";
import {
  jsonSchemaTransform,
  validatorCompiler,
  type ZodTypeProvider,
} from "fastify-type-provider-zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { buildTestApp, type TestContext } from "../../test/build-test-app.ts";
import { registerErrorHandler } from "../plugins/errors.ts";
import { registerSerializers } from "../plugins/serialize.ts";
import { route, verbRoute } from "./route.ts";

/** Routes that third-party plugins add, which no contract of ours describes. */
const PLUGIN_ROUTES = ["/api/docs", "/assets/"];

/**
 * The tus upload endpoint (areas/fluency/uploads.ts): its requests and answers are the tus
 * protocol's (headers and raw bytes), which no JSON contract describes. Its routes still name
 * the "students" policy, so the authorization matrix and the fuzz test cover them.
 */
const PROTOCOL_ROUTES = [domain.RECORDING_UPLOAD_PATH];

const isContract = (value: unknown): value is Contract =>
  typeof value === "object" &&
  value !== null &&
  "method" in value &&
  "path" in value &&
  "policy" in value;

/** Every contract the domain exports, in its areas' `…Calls` objects and verb groups. */
function domainContracts(): Contract[] {
  const found: Contract[] = [];
  const walk = (value: unknown, depth: number) => {
    if (isContract(value)) found.push(value);
    else if (depth > 0 && typeof value === "object" && value !== null)
      for (const inner of Object.values(value)) walk(inner, depth - 1);
  };
  for (const [name, value] of Object.entries(domain)) if (name.endsWith("Calls")) walk(value, 2);
  return found;
}

describe("the route table and the domain's contracts", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp();
  });
  afterAll(() => ctx.close());

  it("registers every route from a contract, and every contract as a route", () => {
    const registered = new Set<Contract>();
    const withoutContract: string[] = [];
    for (const r of ctx.routes as RouteOptions[]) {
      // Fastify adds a HEAD route beside every GET, with the GET's options.
      if (r.method === "HEAD" || PLUGIN_ROUTES.some((prefix) => r.url.startsWith(prefix))) continue;
      if (PROTOCOL_ROUTES.some((prefix) => r.url.startsWith(prefix))) continue;
      const contracts = r.config?.contracts ?? [];
      if (contracts.length === 0) withoutContract.push(`${String(r.method)} ${r.url}`);
      for (const c of contracts) {
        expect(`${c.method} ${c.path}`).toBe(`${String(r.method)} ${r.url}`);
        registered.add(c);
      }
    }
    expect(withoutContract).toEqual([]);
    const contracts = domainContracts();
    expect(contracts.length).toBeGreaterThan(0);
    expect(
      contracts
        .filter((c) => !registered.has(c))
        .map((c) => `${c.method} ${c.path} ${c.verb ?? ""}`),
    ).toEqual([]);
  });
});

/** An app with the real app's compilers, error handler and OpenAPI document, and no routes. */
async function bareApp() {
  const app = Fastify().withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  registerSerializers(app, true);
  registerErrorHandler(app);
  await app.register(fastifySwagger, {
    openapi: { info: { title: "t", version: "1" } },
    transform: jsonSchemaTransform,
  });
  return app;
}

describe("verbRoute", () => {
  const answer = z.object({ success: z.literal(true), n: z.number() });
  const calls = verbs(
    { method: "POST", path: "/things", tag: "test", policy: "public" },
    {
      count: {
        summary: "How many",
        body: z.object({ verb: z.literal("count") }),
        response: answer,
      },
      more: {
        summary: "How many, and which",
        body: z.object({ verb: z.literal("more") }),
        response: answer.extend({ names: z.array(z.string()) }),
      },
      broken: {
        summary: "Answers outside its schema",
        body: z.object({ verb: z.literal("broken") }),
        response: answer,
      },
    },
  );

  async function thingsApp() {
    const app = await bareApp();
    verbRoute(
      app,
      calls,
      {},
      {
        // More than the verb's schema holds: the extra field is not sent.
        count: async () => ({ success: true as const, n: 2, names: ["secret"] }),
        more: async () => ({ success: true as const, n: 2, names: ["a", "b"] }),
        broken: async () => ({ success: true as const, n: "two" }) as never,
      },
    );
    route(
      app,
      contract({
        method: "GET",
        path: "/things/:id",
        tag: "test",
        summary: "One thing",
        policy: "public",
        params: z.object({ id: z.coerce.number() }),
        response: answer,
      }),
      {},
      async (request) => ({ success: true as const, n: request.params.id }),
    );
    await app.ready();
    return app;
  }

  it("serializes each verb's answer by its own schema, never by the first that fits", async () => {
    const app = await thingsApp();
    const send = (verb: string) =>
      app.inject({ method: "POST", url: "/things", payload: { verb } });
    expect((await send("count")).json()).toEqual({ success: true, n: 2 });
    expect((await send("more")).json()).toEqual({ success: true, n: 2, names: ["a", "b"] });
    expect((await send("broken")).statusCode).toBe(500);
    // An error answer keeps the error envelope, not the verb's schema.
    const unknown = await send("nonsense");
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json()).toMatchObject({ success: false });
    expect((await app.inject({ method: "GET", url: "/things/7" })).json()).toEqual({
      success: true,
      n: 7,
    });
    await app.close();
  });

  it("documents each verb's request and answer in the OpenAPI document", async () => {
    const app = await thingsApp();
    const post = (app.swagger() as { paths: Record<string, Record<string, unknown>> }).paths[
      "/things"
    ]?.post as {
      description: string;
      requestBody: { content: Record<string, { schema: { oneOf: { title: string }[] } }> };
      responses: Record<
        string,
        { content: Record<string, { schema: { anyOf: { title: string }[] } }> }
      >;
    };
    expect(post.description).toContain("`more`: How many, and which");
    const json = "application/json";
    expect(post.requestBody.content[json]?.schema.oneOf.map((s) => s.title)).toEqual([
      "count request",
      "more request",
      "broken request",
    ]);
    expect(post.responses["200"]?.content[json]?.schema.anyOf.map((s) => s.title)).toEqual([
      "count answer",
      "more answer",
      "broken answer",
    ]);
    await app.close();
  });
});

describe("route", () => {
  it("runs preHandler hooks only for requests that passed validation, and documents redirects", async () => {
    const app = await bareApp();
    let counted = 0;
    route(
      app,
      contract({
        method: "POST",
        path: "/counted",
        tag: "test",
        summary: "Counted",
        policy: "public",
        body: z.object({ n: z.number() }),
        response: z.object({ n: z.number() }),
      }),
      { preHandler: [async () => void counted++] },
      async (request) => ({ n: request.body.n }),
    );
    route(
      app,
      contract({
        method: "GET",
        path: "/away",
        tag: "test",
        summary: "Away",
        policy: "public",
        redirects: true,
      }),
      {},
      async (_request, reply) => reply.redirect("/there"),
    );
    await app.ready();
    const post = (payload: object) => app.inject({ method: "POST", url: "/counted", payload });
    expect((await post({ n: "x" })).statusCode).toBe(422);
    expect(counted).toBe(0);
    expect((await post({ n: 1 })).json()).toEqual({ n: 1 });
    expect(counted).toBe(1);
    const away = await app.inject({ method: "GET", url: "/away" });
    expect([away.statusCode, away.headers.location]).toEqual([302, "/there"]);
    const doc = app.swagger() as { paths: Record<string, { get: { responses: object } }> };
    expect(Object.keys(doc.paths["/away"]?.get.responses ?? {})).toEqual(["302"]);
    await app.close();
  });
});
