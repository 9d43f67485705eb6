import type { z } from "zod";
import type { RoutePolicy } from "./policies.ts";

/**
 * One call of the API as one object, shared by the server (which registers the route from it,
 * apps/server/src/route.ts), the web app (`api.call`, typed both ways from it) and the OpenAPI
 * document. A new call is a contract here, a policy name, a route that uses it, and a row in
 * the authorization matrix.
 */
export interface Contract {
  method: "GET" | "POST" | "DELETE";
  /** Fastify's form: `/student/feedback/:studentId`. */
  path: string;
  /** The OpenAPI group, which is the area's name. */
  tag: string;
  summary: string;
  /** Who may call it (policies.ts); the server's guard and the web's pages read it. */
  policy: RoutePolicy;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The JSON answer. A call without one answers with a file (`file`) or a page. */
  response?: z.ZodType;
  /**
   * JSON answers of other statuses than 200 that are not the error envelope, by status: the
   * health check's 503, say. The handler sets the status and returns the answer.
   */
  otherAnswers?: Readonly<Record<number, z.ZodType>>;
  /** A file answer's content type, e.g. "application/pdf". */
  file?: string;
  /**
   * The file is opened by a link (in an e-mail, say): a browser's navigation gets the file,
   * never the web app that otherwise answers navigations.
   */
  opensFromLink?: boolean;
  /**
   * The answer is a redirect (302 and a Location header), not JSON: a page the browser
   * navigates to, such as the start of a single sign-on.
   */
  redirects?: boolean;
  /**
   * Posted by another site with no cookies and no page token: a mailbox provider's RFC 8058
   * one-click unsubscribe. The CSRF check skips it, so it may change only what its own signed
   * path names.
   */
  crossSite?: boolean;
  /** One verb of a verb-style endpoint (see `verbs`): sent in the body as `verb`. */
  verb?: string;
}

/** Declares a contract, keeping its schemas' exact types. */
export const contract = <const C extends Contract>(c: C): C => c;

/** What one verb of a verb-style endpoint declares; its body schema holds `verb: z.literal(…)`. */
interface VerbShape {
  summary: string;
  body: z.ZodType<{ verb: string }>;
  response: z.ZodType;
}

/**
 * The calls of a verb-style endpoint: one path whose body's `verb` picks the call, each verb
 * with its own request and response pair (the answer is checked against its verb's schema,
 * never a union of all of them). Path parameters, when the path has any, are shared by its verbs.
 */
export function verbs<
  const Shared extends Pick<Contract, "method" | "path" | "tag" | "policy" | "params">,
  const V extends Record<string, VerbShape>,
>(shared: Shared, calls: V): { [K in keyof V & string]: Shared & V[K] & { verb: K } } {
  return Object.fromEntries(
    Object.entries(calls).map(([verb, call]) => [verb, { ...shared, ...call, verb }]),
  ) as { [K in keyof V & string]: Shared & V[K] & { verb: K } };
}

type Input<S> = S extends z.ZodType ? z.input<S> : never;

/** The caller's side of a call: params, query and body, as the web app passes them. */
export type CallInput<C extends Contract> = (C extends { params: z.ZodType }
  ? // Path segments are text on the wire; a caller may fill them with numbers.
    { params: { [K in keyof Input<C["params"]>]: string | number } }
  : { params?: never }) &
  (C extends { query: z.ZodType } ? { query: Input<C["query"]> } : { query?: never }) &
  (C extends { body: z.ZodType }
    ? // A body with nothing required (a bare verb) may be left out.
      Record<string, never> extends BodyInput<C>
      ? { body?: BodyInput<C> }
      : { body: BodyInput<C> }
    : { body?: never });

/** What the caller sends as the body: a verb's name is added by the client. */
type BodyInput<C extends Contract> = C extends { verb: string }
  ? Omit<Input<C["body"]>, "verb">
  : Input<C["body"]>;

/** The answer a call's caller receives. */
export type CallOutput<C extends Contract> = C extends { response: z.ZodType }
  ? z.output<C["response"]>
  : never;

/** The path with its `:name` segments filled in (encoded). */
export function pathOf(c: Pick<Contract, "path">, params?: Record<string, unknown>): string {
  return c.path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null) throw new Error(`${c.path}: no value for :${name}`);
    return encodeURIComponent(String(value));
  });
}
