import type { Contract } from "@refrain/domain";
import type {
  FastifyReply,
  FastifyRequest,
  onRequestHookHandler,
  preHandlerHookHandler,
  preValidationHookHandler,
} from "fastify";
import { z } from "zod";
import { requirePolicy } from "../plugins/guards.ts";
import type { App } from "./context.ts";

declare module "fastify" {
  interface FastifyContextConfig {
    /** The contracts a route was registered from: one, or a verb-style endpoint's verbs. */
    contracts?: readonly Contract[];
    /** Posted by another site with no page token (Contract `crossSite`): the CSRF check skips it. */
    crossSite?: boolean;
  }
}

type Output<S> = S extends z.ZodType ? z.output<S> : undefined;
type Input<S> = S extends z.ZodType ? z.input<S> : never;

/** The request a contract's handler receives: params, query and body already validated. */
export type CallRequest<C extends Contract> = FastifyRequest<{
  Params: Output<C["params"]>;
  Querystring: Output<C["query"]>;
  Body: Output<C["body"]>;
}>;

/**
 * What a handler returns: the contract's answer (or one of its `otherAnswers`, having set that
 * status), or the reply it sent itself (a file, say).
 */
type Answer<C extends Contract> = C extends { response: z.ZodType }
  ? Input<C["response"]> | OtherAnswer<C>
  : FastifyReply;
type OtherAnswer<C extends Contract> = C extends { otherAnswers: Readonly<Record<number, infer S>> }
  ? Input<S>
  : never;

interface RouteOptions {
  /** Hooks after the policy's guard: limits, "not while impersonating". */
  onRequest?: onRequestHookHandler[];
  /** Hooks before validation: a rate limit that counts every request, valid or not. */
  preValidation?: preValidationHookHandler[];
  /** Hooks after validation: a rate limit that counts only requests the route would take. */
  preHandler?: preHandlerHookHandler[];
  /** The largest body this route takes, when not the app's default (a scan sent as base64). */
  bodyLimit?: number;
}

/** How a redirecting contract's answer is documented. */
const redirectAnswer = z.null().describe("Redirect (Location header)");

/** The schema Fastify validates, serializes and documents a contract by. */
function schemaOf(c: Contract, response = c.response) {
  return {
    tags: [c.tag],
    summary: c.summary,
    ...(c.params && { params: c.params }),
    ...(c.query && { querystring: c.query }),
    ...(c.body && { body: c.body }),
    ...(response && { response: { 200: response, ...c.otherAnswers } }),
    ...(c.redirects && { response: { 302: redirectAnswer } }),
  };
}

/** The contract's policy's guard, then the route's own hooks. */
function hooksOf(c: Contract, options: RouteOptions) {
  return {
    onRequest: [requirePolicy(c.policy), ...(options.onRequest ?? [])],
    ...(options.preValidation && { preValidation: options.preValidation }),
    ...(options.preHandler && { preHandler: options.preHandler }),
  };
}

/**
 * Registers a contract's route: its policy's guard first (onRequest, so a caller who may not
 * use the route learns nothing of its fields), then the given hooks, its schemas for
 * validation, the answer's serialization and the OpenAPI document.
 */
export function route<const C extends Contract>(
  app: App,
  c: C,
  options: RouteOptions,
  handler: (request: CallRequest<C>, reply: FastifyReply) => Promise<Answer<C>>,
) {
  app.route({
    method: c.method,
    url: c.path,
    ...hooksOf(c, options),
    ...(options.bodyLimit && { bodyLimit: options.bodyLimit }),
    schema: schemaOf(c),
    // Read by the test that demands a route for every contract and a contract for every route.
    config: {
      contracts: [c],
      servesFile: c.opensFromLink === true,
      crossSite: c.crossSite === true,
    },
    handler: handler as never,
  });
}

type VerbContract = Contract & { verb: string; body: z.ZodType; response: z.ZodType };

/**
 * Registers a verb-style endpoint (domain `verbs`): one path whose body's `verb` picks the
 * handler, and that verb's own response schema serializes the answer. The verbs share the path's
 * policy and hooks. The OpenAPI document lists each verb's request and answer.
 */
export function verbRoute<const V extends Record<string, VerbContract>>(
  app: App,
  calls: V,
  options: RouteOptions,
  handlers: {
    [K in keyof V]: (
      request: CallRequest<V[K]>,
      body: z.output<V[K]["body"]>,
      reply: FastifyReply,
    ) => Promise<z.input<V[K]["response"]>>;
  },
) {
  const list = Object.values(calls);
  const first = list[0];
  if (!first) throw new Error("verbRoute: no verbs");
  const titled = (schema: z.ZodType, verb: string, what: string) =>
    schema.meta({ title: `${verb} ${what}` });
  const body = z.discriminatedUnion(
    "verb",
    list.map((c) => titled(c.body, c.verb, "request")) as never,
  );
  const response = z.union(list.map((c) => titled(c.response, c.verb, "answer")));
  const serializers = new Map(
    list.map((c) => [c.verb, app.compileAnswer(c.response, { method: c.method, url: c.path })]),
  );
  app.route({
    method: first.method,
    url: first.path,
    ...hooksOf(first, options),
    schema: {
      ...schemaOf({ ...first, body, summary: first.tag }, response),
      summary: list.map((c) => c.verb).join(", "),
      description: list.map((c) => `- \`${c.verb}\`: ${c.summary}`).join("\n"),
    },
    config: { contracts: list },
    handler: async (request: FastifyRequest, reply: FastifyReply) => {
      const sent = request.body as { verb: keyof V & string };
      const answer = await handlers[sent.verb](request as never, sent as never, reply);
      // Serialized here by the verb's own schema (a mismatch is the same 500 as any route's);
      // a string is sent as it is, so the route's union never sees it.
      const json = (serializers.get(sent.verb) as (data: unknown) => string)(answer);
      return reply.type("application/json; charset=utf-8").send(json);
    },
  });
}
