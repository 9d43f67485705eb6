import type { Role } from "@refrain/domain";
import fc from "fast-check";
import type { RouteOptions } from "fastify";
import { afterAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import { CALLERS, type Caller, rolePeople } from "../test/authorization.ts";
import { buildTestApp, type TestClient } from "../test/build-test-app.ts";

/**
 * The net under every route: arbitrary strings, numbers and objects, shaped after the route's
 * own schemas and filled with the bytes and numbers PostgreSQL refuses, sent as every caller.
 * Whatever comes in, the answer is never a server error. Routes are read from the app, so a
 * route added later is probed without touching this file.
 *
 * A failure prints fast-check's seed and path; FUZZ_SEED=<seed> replays the same inputs.
 */

// A route that reads input (body, path or query schema) gets the full number of runs from each
// caller its guard lets through. A caller refused up front (401/403 whatever it sends), or a
// route that reads no input, needs only a few to show that junk changes nothing.
const RUNS_FULL = 20;
const RUNS_FEW = 2;
const seed = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;

const ctx = await buildTestApp();
afterAll(() => ctx.close());

// ───────────────────────── The world the callers act in ─────────────────────────

const world = await rolePeople(ctx);
// The student who signs in belongs to another teacher, so the fuzzed roster (which may delete
// the whole class) never removes the account a caller uses.
const otherTeacher = await ctx.factories.user({ role: "teacher", schoolId: world.school.id });
const people = {
  ...world.people,
  student: await ctx.factories.user({ role: "student", teacherId: otherTeacher.id }),
};
// Students of the fuzzed teacher (the world's student and one more), so small ids in paths and
// bodies reach real rows.
await ctx.factories.user({ role: "student", teacherId: world.people.teacher.id });

const clients = new Map<Caller, TestClient>();

async function signedIn(role: Role) {
  const client = ctx.client();
  await client.signIn({ ...people[role], teacherUsername: otherTeacher.username });
  return client;
}

async function clientOf(caller: Caller) {
  let client = clients.get(caller);
  if (!client) {
    client = caller === "anonymous" ? ctx.client() : await signedIn(caller);
    clients.set(caller, client);
  }
  return client;
}

/**
 * A fuzzed call may sign the caller out, in as someone else (sign-up, impersonation) or end the
 * session: put the caller back as it was, so later runs still speak for that role.
 */
async function restore(caller: Caller) {
  const client = await clientOf(caller);
  const { body } = await client.get("/auth/session");
  const user = body?.user;
  if (caller === "anonymous") {
    if (!user) return;
    client.cookies.clear();
    client.csrfToken = "";
    return;
  }
  if (user && user.id === people[caller].id && !user.impersonated) return;
  clients.set(caller, await signedIn(caller));
}

// ───────────────────────── Nasty values ─────────────────────────

const NASTY_STRINGS = [
  "",
  " ",
  "\u0000",
  "a\u0000b",
  "\udc00",
  "\ud800",
  "a\ud83dz",
  "\ud83d\ude00",
  "a\u0000@example.org",
  "\udc00@example.org",
  "x<victim@example.org>",
  "2147483648",
  "-1",
  "0",
  "1e308",
  "NaN",
  "Infinity",
  "null",
  "true",
  "97201",
  "\u202e\ufeff\uffff",
  "' OR 1=1 --",
  "<script>alert(1)</script>",
  "../../etc/passwd",
  "x".repeat(5000),
  "x".repeat(100_000),
];

const NASTY_NUMBERS = [
  0,
  -1,
  1,
  2,
  3,
  5,
  1.5,
  2147483647,
  2147483648,
  -2147483649,
  4294967296,
  2 ** 53,
  2 ** 53 + 2,
  1e21,
  1e308,
  -1e308,
  5e-324,
];

/** Strings, with a bad character now and then spliced into ordinary text. */
const nastyString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...NASTY_STRINGS),
  fc.string({ unit: "binary", maxLength: 30 }),
  fc
    .tuple(
      fc.string({ maxLength: 10 }),
      fc.constantFrom("\u0000", "\udc00", "\ud800", "\uffff"),
      fc.string({ maxLength: 10 }),
    )
    .map((parts) => parts.join("")),
);

const nastyNumber: fc.Arbitrary<number | string> = fc.oneof(
  fc.constantFrom(...NASTY_NUMBERS),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom("2147483648", "1e308", "NaN", "-1", "1.5"),
);

/** Any JSON at all, leaning on the values above. */
const nastyAnything: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: nastyString },
  { weight: 3, arbitrary: nastyNumber },
  { weight: 1, arbitrary: fc.constantFrom(null, true, false, [], {}) },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  {
    weight: 1,
    arbitrary: fc.array(fc.oneof(nastyString, nastyNumber), { maxLength: 4 }),
  },
);

// ───────────────────────── Values shaped after a zod schema ─────────────────────────

/** The parts of zod's schema definitions the generator reads. */
interface Def {
  type: string;
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  in?: z.ZodType;
  options?: z.ZodType[];
  element?: z.ZodType;
  items?: z.ZodType[];
  valueType?: z.ZodType;
  left?: z.ZodType;
  right?: z.ZodType;
  getter?: () => z.ZodType;
  values?: unknown[];
  entries?: Record<string, unknown>;
}

const defOf = (schema: z.ZodType) => schema._zod.def as unknown as Def;

/** Ordinary values; each field draws the ones its own schema accepts. */
const PLAIN_STRINGS = [
  "Ann",
  "Lee",
  "ann.lee",
  "ann@example.org",
  "97201",
  "Portland",
  "OR",
  "555-0100",
  "1 Main St",
  "Lincoln Elementary",
  "Owls",
  "Secret-horse-7",
  "A Friend Referred Me",
  "Thank you, the songs keep my class reading every day.",
];
const PLAIN_NUMBERS = [1, 2, 3, 4, 5, 7, 8, 10, 25, 100];

/** Of `candidates`, those the field's schema accepts. */
const accepted = <T>(schema: z.ZodType, candidates: T[]) =>
  candidates.filter((candidate) => schema.safeParse(candidate).success);

/**
 * A value of the schema's shape: the right keys, discriminators and enum members. `plain`
 * fills the fields with values they accept (where one of ours fits), so that a single bad
 * leaf put in afterwards reaches the code behind validation; otherwise any part may be junk.
 */
function shapedLike(schema: z.ZodType, plain: boolean, depth = 0): fc.Arbitrary<unknown> {
  const typed = typedValue(schema, plain, depth);
  return plain || depth > 4 ? typed : fc.oneof({ weight: 8, arbitrary: typed }, nastyAnything);
}

function typedValue(schema: z.ZodType, plain: boolean, depth: number): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  const inner = (child: z.ZodType | undefined) =>
    child ? shapedLike(child, plain, depth + 1) : nastyAnything;
  const fitting = (candidates: unknown[], otherwise: fc.Arbitrary<unknown>) => {
    const fits = accepted(schema, candidates);
    if (fits.length === 0) return otherwise;
    return plain ? fc.constantFrom(...fits) : fc.oneof(fc.constantFrom(...fits), otherwise);
  };
  switch (def.type) {
    case "string":
      return fitting(PLAIN_STRINGS, nastyString);
    case "number":
      return fitting(PLAIN_NUMBERS, nastyNumber);
    case "boolean":
      return fc.boolean();
    case "literal":
      return fc.constantFrom(...(def.values ?? [null]));
    case "enum":
      return fc.constantFrom(...Object.values(def.entries ?? { none: "" }));
    case "optional":
    case "nullable":
    case "default":
    case "prefault":
    case "catch":
    case "readonly":
    case "nonoptional":
      return fc.oneof({ weight: 4, arbitrary: inner(def.innerType) }, fc.constant(undefined));
    case "pipe":
      return inner(def.in);
    case "lazy":
      return inner(def.getter?.());
    case "union":
      return fc.oneof(...(def.options ?? []).map((option) => shapedLike(option, plain, depth + 1)));
    case "intersection":
      return fc
        .tuple(inner(def.left), inner(def.right))
        .map(([a, b]) => (isObject(a) && isObject(b) ? { ...a, ...b } : a));
    case "array": {
      const list = fc.array(inner(def.element), { minLength: plain ? 1 : 0, maxLength: 4 });
      // More entries than any list limit, every one out of range.
      const overlong = Array.from({ length: 600 }, (_, i) => 2147483648 + i);
      return plain ? list : fc.oneof(list, fc.constant(overlong));
    }
    case "tuple":
      return fc.tuple(...(def.items ?? []).map((item) => shapedLike(item, plain, depth + 1)));
    case "record":
      return fc.dictionary(
        plain ? fc.constantFrom(...PLAIN_STRINGS) : nastyString,
        inner(def.valueType),
        {
          maxKeys: 3,
        },
      );
    case "object": {
      // A plain object has every field (optional ones may still come out undefined).
      const fields = Object.entries(def.shape ?? {}).map(([key, field]) => {
        const value = shapedLike(field, plain, depth + 1);
        return (plain ? value : fc.option(value, { freq: 8, nil: undefined })).map((v) => ({
          key,
          value: v,
        }));
      });
      const extra = plain ? fc.constant(null) : fc.option(fc.tuple(nastyString, nastyAnything));
      return fc.tuple(fc.tuple(...fields), extra).map(([present, more]) => {
        const object: Record<string, unknown> = {};
        for (const { key, value } of present) if (value !== undefined) object[key] = value;
        if (more) object[more[0]] = more[1];
        return object;
      });
    }
    default:
      return nastyAnything;
  }
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

type Path = (string | number)[];

/** Where the strings, numbers, booleans and nulls of a JSON value sit. */
function leafPaths(value: unknown, path: Path = []): Path[] {
  if (Array.isArray(value)) return value.flatMap((item, i) => leafPaths(item, [...path, i]));
  if (isObject(value)) return Object.entries(value).flatMap(([k, v]) => leafPaths(v, [...path, k]));
  return [path];
}

function replacedAt(value: unknown, path: Path, replace: (leaf: unknown) => unknown): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return replace(value);
  if (Array.isArray(value))
    return value.map((v, i) => (i === head ? replacedAt(v, rest, replace) : v));
  if (isObject(value)) return { ...value, [head]: replacedAt(value[head], rest, replace) };
  return value;
}

/** What becomes of the one bad leaf: a bad character spliced in, or a hostile value instead. */
const badLeaf: fc.Arbitrary<(leaf: unknown) => unknown> = fc.oneof(
  fc
    .constantFrom("\u0000", "\udc00", "\ud800")
    .map(
      (char) => (leaf: unknown) =>
        typeof leaf === "string" ? `${leaf.slice(0, 1)}${char}${leaf.slice(1)}` : `a${char}b`,
    ),
  nastyNumber.map((number) => () => number),
  nastyAnything.map((value) => () => value),
);

/** A plain value of the schema with exactly one leaf made hostile. */
function oneBadLeaf(schema: z.ZodType): fc.Arbitrary<unknown> {
  return fc.tuple(shapedLike(schema, true), fc.nat(), badLeaf).map(([value, pick, bad]) => {
    const paths = leafPaths(value);
    return replacedAt(value, paths[pick % paths.length] ?? [], bad);
  });
}

/** Anything for a schema: one bad leaf in a plain value, junk of its shape, or any JSON. */
function hostile(schema: z.ZodType | undefined): fc.Arbitrary<unknown> {
  if (!schema) return nastyAnything;
  return fc.oneof(
    { weight: 3, arbitrary: oneBadLeaf(schema) },
    { weight: 2, arbitrary: shapedLike(schema, false) },
    { weight: 1, arbitrary: nastyAnything },
  );
}

// ───────────────────────── The sweep: each field in turn made bad ─────────────────────────

/**
 * Plain values of the schema, deterministic: one, plus one per further branch of each union of
 * objects (a verb, a product), so that every field of every branch appears in some value.
 */
function plainValues(schema: z.ZodType, depth = 0): unknown[] {
  const def = defOf(schema);
  const of = (child: z.ZodType | undefined) => (child ? plainValues(child, depth + 1) : [null]);
  if (depth > 10) return [null];
  switch (def.type) {
    case "string":
      return [accepted(schema, PLAIN_STRINGS)[0] ?? PLAIN_STRINGS[0]];
    case "number":
      return [accepted(schema, PLAIN_NUMBERS)[0] ?? 1];
    case "boolean":
      return [true];
    case "literal":
      return [def.values?.[0] ?? null];
    case "enum":
      return [Object.values(def.entries ?? {})[0] ?? ""];
    case "optional":
    case "default":
    case "prefault":
      // Left out first: an optional id, say, would otherwise point every value at some record.
      return [undefined, ...of(def.innerType)];
    case "nullable":
    case "catch":
    case "readonly":
    case "nonoptional":
      return of(def.innerType);
    case "pipe":
      return of(def.in);
    case "lazy":
      return of(def.getter?.());
    case "union": {
      const all = (def.options ?? []).flatMap((option) => plainValues(option, depth + 1));
      return all.some(isObject) ? all : all.slice(0, 1);
    }
    case "array":
      return of(def.element).map((value) => [value]);
    case "tuple":
      return [(def.items ?? []).map((item) => plainValues(item, depth + 1)[0])];
    case "object": {
      const fields = Object.entries(def.shape ?? {}).map(([key, field]) => ({
        key,
        values: plainValues(field, depth + 1),
      }));
      // Every field at its first value, every field at its last (optional ones given), and each
      // further branch of a union in between.
      const base = Object.fromEntries(fields.map(({ key, values }) => [key, values[0]]));
      const full = Object.fromEntries(fields.map(({ key, values }) => [key, values.at(-1)]));
      return [
        base,
        full,
        ...fields.flatMap(({ key, values }) =>
          values.slice(1, -1).map((value) => ({ ...base, [key]: value })),
        ),
      ];
    }
    default:
      return [null];
  }
}

function leafAt(value: unknown, path: Path): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return value;
  if (Array.isArray(value) && typeof head === "number") return leafAt(value[head], rest);
  if (isObject(value)) return leafAt(value[head], rest);
  return undefined;
}

/** What each leaf is made in turn: NUL and a lone surrogate in text, an id past int4, -1. */
function worse(leaf: unknown): unknown[] {
  if (typeof leaf === "string")
    return ["\u0000", "\udc00"].map((char) => `${leaf.slice(0, 1)}${char}${leaf.slice(1)}`);
  if (typeof leaf === "number") return [2147483648, -1];
  return [];
}

/** Plain values of the schema with exactly one leaf made worse, for every leaf of each. */
function sweptValues(schema: z.ZodType | undefined): unknown[] {
  if (!schema) return [];
  return plainValues(schema).flatMap((value) =>
    leafPaths(value).flatMap((path) =>
      worse(leafAt(value, path)).map((bad) => replacedAt(value, path, () => bad)),
    ),
  );
}

/** Bad path segments the sweep puts in each path parameter in turn. */
const SWEPT_SEGMENTS = ["a%00b", "%ED%B0%80", "2147483648", "-1"];

/** The sweep's calls: each body and query field, and each path parameter, made bad in turn. */
function sweep(target: Target): Probe[] {
  const path = target.url.replaceAll(/:\w+/g, "1");
  const names = [...target.url.matchAll(/:(\w+)/g)].map((match) => match[1] ?? "");
  const json = (body: unknown) => ({ body: JSON.stringify(body), contentType: "application/json" });
  const { body, querystring } = target.schema;
  const plainBody = target.method === "GET" ? {} : json(body ? plainValues(body)[0] : {});
  const search = (query: unknown) =>
    Object.entries(isObject(query) ? query : {})
      .filter(([, value]) => value !== undefined)
      .map(([key, value]) => `${percentEncode(key)}=${percentEncode(String(value))}`)
      .join("&");
  const probes: Probe[] = [
    ...sweptValues(body).map((value) => ({ method: target.method, url: path, ...json(value) })),
    ...sweptValues(querystring).map((query) => ({
      method: target.method,
      url: `${path}?${search(query)}`,
      ...plainBody,
    })),
    ...names.flatMap((name) =>
      SWEPT_SEGMENTS.map((segment) => ({
        method: target.method,
        url: target.url.replace(/:(\w+)/g, (_, other) => (other === name ? segment : "1")),
        ...plainBody,
      })),
    ),
  ];
  const seen = new Set<string>();
  return probes.filter((probe) => {
    const key = `${probe.url} ${probe.body}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

// ───────────────────────── Requests ─────────────────────────

/**
 * Percent-encodes any string, a lone surrogate too (as the bytes a careless client would
 * send), where encodeURIComponent would throw.
 */
function percentEncode(text: string) {
  const hex = (byte: number) => `%${byte.toString(16).toUpperCase()}`;
  let out = "";
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    if (code >= 0xd800 && code <= 0xdfff) {
      out +=
        hex(0xe0 | (code >> 12)) + hex(0x80 | ((code >> 6) & 0x3f)) + hex(0x80 | (code & 0x3f));
    } else {
      out += encodeURIComponent(char);
    }
  }
  return out;
}

/** A path segment: ids out of range, broken escapes, NUL bytes, and a few real small ids. */
const pathSegment: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    "2147483648",
    "99999999999999999999",
    "-1",
    "0",
    "1.5",
    "1e3",
    "0x10",
    "abc",
    "a%00b",
    "%00",
    "%ED%B0%80",
    "%C0%AF",
    "%FF",
    "%",
    "%25",
    "NaN",
    "Infinity",
    "%20",
    "x".repeat(300),
  ),
  fc.integer({ min: 1, max: 20 }).map(String),
  nastyString.map(percentEncode),
);

/** A query string after the route's querystring schema, with junk keys and broken escapes. */
function queryString(schema: z.ZodType | undefined): fc.Arbitrary<string> {
  const pairs = schema
    ? hostile(schema).map((value) =>
        isObject(value)
          ? Object.entries(value).map(([key, v]) => [
              key,
              typeof v === "string" ? v : (JSON.stringify(v) ?? ""),
            ])
          : [],
      )
    : fc.constant([] as string[][]);
  const junk = fc.array(fc.tuple(fc.oneof(nastyString, fc.constant("__proto__")), nastyString), {
    maxLength: 2,
  });
  return fc
    .tuple(pairs, junk, fc.constantFrom("", "&%", "&a=%ZZ", "&a[b]=c", "&x=1&x=2"))
    .map(([known, extra, tail]) => {
      const text = [...known, ...extra]
        .map(([key, value]) => `${percentEncode(key ?? "")}=${percentEncode(value ?? "")}`)
        .join("&");
      return text || tail ? `?${text}${tail}` : "";
    });
}

interface Probe {
  method: string;
  url: string;
  body?: string;
  contentType?: string;
}

interface Target {
  method: string;
  url: string;
  schema: { body?: z.ZodType; querystring?: z.ZodType; params?: z.ZodType };
}

function probes(target: Target): fc.Arbitrary<Probe> {
  const names = [...target.url.matchAll(/:(\w+)/g)].map((match) => match[1] ?? "");
  const path = fc.tuple(...names.map(() => pathSegment)).map((segments) => {
    let index = 0;
    return target.url.replace(/:(\w+)/g, () => segments[index++] ?? "");
  });
  const query = queryString(target.schema.querystring);
  if (target.method === "GET") {
    return fc.tuple(path, query).map(([p, q]) => ({ method: "GET", url: `${p}${q}` }));
  }
  const json = hostile(target.schema.body);
  const body = fc.oneof(
    {
      weight: 9,
      arbitrary: json.map((value) => ({
        body: JSON.stringify(value) ?? "null",
        contentType: "application/json",
      })),
    },
    // Bytes that are not JSON, or not text at all, under a JSON or a form label.
    fc.constantFrom(
      { body: '{"a":', contentType: "application/json" },
      { body: '"\\ud800"', contentType: "application/json" },
      { body: "a=%00", contentType: "application/x-www-form-urlencoded" },
      { body: "\u0000", contentType: "text/plain" },
    ),
  );
  return fc
    .tuple(path, query, body)
    .map(([p, q, b]) => ({ method: target.method, url: `${p}${q}`, ...b }));
}

let address = 0;
/** Each call from its own client address: per-address limits would otherwise stop the runs. */
function nextAddress() {
  address++;
  return `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`;
}

async function send(caller: Caller, probe: Probe) {
  const client = await clientOf(caller);
  return client.request(probe.method as "GET" | "POST", probe.url, probe.body, {
    "x-forwarded-for": nextAddress(),
    ...(probe.contentType && { "content-type": probe.contentType }),
  });
}

/** Sends the probe as the caller; fails on a server error, and puts the caller back after. */
async function call(caller: Caller, probe: Probe) {
  const reply = await send(caller, probe);
  if (reply.status >= 500) {
    const answer = `${reply.status}: ${JSON.stringify(reply.body)}`;
    const sent = (probe.body ?? "").slice(0, 500);
    throw new Error(`${probe.method} ${probe.url} as ${caller} answered ${answer}\nbody: ${sent}`);
  }
  if (probe.method !== "GET" && reply.status < 400) await restore(caller);
  return reply;
}

// ───────────────────────── The routes ─────────────────────────

/** Routes not ours to probe: the API documentation's pages and static files. */
const NOT_PROBED = /^\/api\/docs|\*/;

const targets: Target[] = ctx.routes.flatMap((route: RouteOptions) =>
  [route.method]
    .flat()
    .filter((method) => method !== "HEAD" && method !== "OPTIONS")
    .filter(() => !NOT_PROBED.test(route.url))
    .map((method) => ({
      method,
      url: route.url,
      schema: (route.schema ?? {}) as Target["schema"],
    })),
);

describe("no request of any shape gets a server error", () => {
  it("finds the app's routes", () => {
    expect(targets.length).toBeGreaterThan(40);
    expect(targets.map((t) => `${t.method} ${t.url}`)).toEqual(
      expect.arrayContaining(["POST /feedback", "GET /media/lessons/:lessonId/logo.svg"]),
    );
  });

  for (const target of targets) {
    const { body, params, querystring } = target.schema;
    const readsInput = Boolean(body || params || querystring);
    const swept = sweep(target);
    it(`${target.method} ${target.url}`, async () => {
      for (const caller of CALLERS) {
        // A plain call first shows whether the route's guard admits this caller at all.
        const plain = await call(caller, {
          method: target.method,
          url: target.url.replaceAll(/:\w+/g, "1"),
          ...(target.method !== "GET" && { body: "{}", contentType: "application/json" }),
        });
        const admitted = plain.status !== 401 && plain.status !== 403;
        await fc.assert(
          fc.asyncProperty(probes(target), async (probe) => {
            await call(caller, probe);
          }),
          {
            numRuns: readsInput && admitted ? RUNS_FULL : RUNS_FEW,
            // Before the random runs, the sweep: every field of the route made bad in turn.
            examples: admitted ? swept.map((probe) => [probe]) : [],
            seed,
          },
        );
      }
    });
  }
});
