import { isDeepStrictEqual } from "node:util";
import fastJson from "fast-json-stringify";
import type { FastifyInstance } from "fastify";
import { serializerCompiler as zodSerializerCompiler } from "fastify-type-provider-zod";
import { z } from "zod";

declare module "fastify" {
  interface FastifyInstance {
    /** The serializer of one response schema, as every route's answers get (app.ts). */
    compileAnswer(
      schema: z.ZodType,
      where: { method: string; url: string; httpStatus?: string },
    ): (data: unknown) => string;
  }
}

/**
 * Answers are serialized by a serializer compiled once per response schema: the contract's zod
 * schema, turned into JSON Schema and compiled by fast-json-stringify (Fastify's own). For a
 * class of 250 it costs a fraction of checking the answer with zod and `JSON.stringify`-ing it
 * (bench/serialize.ts).
 *
 * In tests (`checked`) every answer is also checked by zod and serialized by zod's serializer
 * as before, and the two must be the same JSON: the whole API suite proves that the compiled
 * serializer says what zod would, and a handler answering outside its contract is
 * still a 500 there. A schema JSON Schema cannot express faithfully (a transform, a date) keeps
 * zod's serializer.
 */
export function responseSerializer(
  schema: z.ZodType,
  where: { method: string; url: string; httpStatus?: string },
  checked: boolean,
): (data: unknown) => string {
  const viaZod = zodSerializerCompiler({
    schema,
    method: where.method,
    url: where.url,
    httpStatus: where.httpStatus ?? "200",
  }) as (data: unknown) => string;
  if (!checked) {
    // Compiled at the route's first answer, not at start: the server's hundreds of schemas took
    // a tenth of its start (issue 40), and most routes are not called soon after a restart.
    let compiled: ((data: unknown) => string) | null | undefined;
    return (data) => {
      if (compiled === undefined) compiled = compile(schema);
      if (!compiled) return viaZod(data);
      // fast-json-stringify refuses an object with keys its schema lacks inside a union (zod
      // strips them): then zod answers, as it always did. Where it would coerce a wrong type
      // instead of refusing, the tests' checked mode is what catches the handler.
      try {
        return compiled(data);
      } catch {
        return viaZod(data);
      }
    };
  }
  // The tests compile every schema as the app is built, so one fast-json-stringify refuses
  // fails the suite rather than a route's first answer.
  const compiled = compile(schema);
  if (!compiled) return viaZod;
  return (data) => {
    const expected = viaZod(data);
    const actual = compiled(data);
    // The same JSON: key order may differ where a union's branches list keys differently.
    if (!isDeepStrictEqual(JSON.parse(actual), JSON.parse(expected))) {
      throw new Error(
        `The compiled serializer of ${where.method} ${where.url} differs from zod's:\n${actual}\n${expected}`,
      );
    }
    return actual;
  };
}

/**
 * Each schema's serializer, compiled once per process: a schema is a constant of the contract,
 * shared by the routes that answer with it and by every app a process builds. The API suite
 * builds an app per file: compiling every schema anew for each took 8 % of its CPU (497 busy
 * core-seconds against 459 with this).
 */
const compiledBySchema = new WeakMap<z.ZodType, ((data: unknown) => string) | null>();

function compile(schema: z.ZodType): ((data: unknown) => string) | null {
  let compiled = compiledBySchema.get(schema);
  if (compiled === undefined) {
    compiled = compileNow(schema);
    compiledBySchema.set(schema, compiled);
  }
  return compiled;
}

function compileNow(schema: z.ZodType): ((data: unknown) => string) | null {
  let json: Record<string, unknown>;
  try {
    // "throw": a part JSON Schema cannot express (a transform's output, a date) is refused
    // rather than approximated.
    json = z.toJSONSchema(schema, { io: "output", target: "draft-7", unrepresentable: "throw" });
  } catch {
    return null;
  }
  const { $schema: _, ...rest } = simplified(json) as Record<string, unknown>;
  return fastJson(rest as unknown as Parameters<typeof fastJson>[0]) as (data: unknown) => string;
}

/** Every route's answers by their compiled serializers; `checked` in tests (see above). */
export function registerSerializers(app: FastifyInstance, checked: boolean) {
  const compileAnswer = (
    schema: z.ZodType,
    where: { method: string; url: string; httpStatus?: string },
  ) => responseSerializer(schema, where, checked);
  app.decorate("compileAnswer", compileAnswer);
  app.setSerializerCompiler(({ schema, method, url, httpStatus }) =>
    compileAnswer(schema as z.ZodType, { method, url, httpStatus }),
  );
}

const PRIMITIVES = new Set(["string", "number", "integer", "boolean", "null"]);

/**
 * A union of primitives (a nullable string, a tri-state "inherit" | 1 | 0) as one `type` list:
 * fast-json-stringify writes that by a `typeof`, where `anyOf` makes it run a validator on
 * every value. Only the type matters to writing the value; zod checks the values in the tests.
 */
function simplified(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(simplified);
  if (typeof node !== "object" || node === null) return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) out[key] = simplified(value);
  const branches = out.anyOf;
  if (!Array.isArray(branches)) return out;
  const types = new Set<string>();
  for (const branch of branches as Record<string, unknown>[]) {
    const type = typeOfPrimitive(branch);
    if (!type) return out;
    types.add(type);
  }
  const { anyOf: _, ...rest } = out;
  return { ...rest, type: [...types] };
}

/** The type of a branch that is a primitive and nothing else: a type, a const or an enum. */
function typeOfPrimitive(branch: Record<string, unknown>): string | null {
  const extra = Object.keys(branch).filter((k) => !["type", "const", "enum"].includes(k));
  if (extra.length > 0) return null;
  if (typeof branch.type === "string" && PRIMITIVES.has(branch.type)) return branch.type;
  if ("const" in branch) {
    const value = branch.const;
    if (value === null) return "null";
    if (typeof value === "number") return Number.isInteger(value) ? "integer" : "number";
    if (typeof value === "string" || typeof value === "boolean") return typeof value;
  }
  return null;
}
