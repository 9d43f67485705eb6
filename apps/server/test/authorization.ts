import type { Role } from "@refrain/domain";
import { ROLES } from "@refrain/domain";
import { buildTestApp, type TestClient, type TestContext } from "./build-test-app.ts";

export type Caller = Role | "anonymous";
export const CALLERS: Caller[] = ["anonymous", ...ROLES];

/** One person per role, all in one district and school; the student is in the teacher's class. */
export async function rolePeople(ctx: TestContext) {
  const district = await ctx.factories.district();
  const school = await ctx.factories.school({ districtId: district.id });
  const teacher = await ctx.factories.user({ role: "teacher", schoolId: school.id });
  const people = {
    teacher,
    parent: await ctx.factories.user({ role: "parent" }),
    student: await ctx.factories.user({ role: "student", teacherId: teacher.id }),
    school_admin: await ctx.factories.user({ role: "school_admin", schoolId: school.id }),
    district_admin: await ctx.factories.user({ role: "district_admin", districtId: district.id }),
    staff: await ctx.factories.user({ role: "staff" }),
  } satisfies Record<Role, unknown>;
  return { district, school, people };
}

/**
 * One signed-in client per role of rolePeople, so a route's matrix (every role × expected
 * status) reads as one table. Areas extend it with their routes.
 */
export async function roleClients(ctx: TestContext) {
  const { district, school, people } = await rolePeople(ctx);
  const clients = { anonymous: ctx.client() } as Record<Caller, TestClient>;
  for (const role of ROLES) {
    const client = ctx.client();
    await client.signIn({ ...people[role], teacherUsername: people.teacher.username });
    clients[role] = client;
  }
  return { district, school, people, clients };
}

export type RoleWorld = Awaited<ReturnType<typeof roleClients>>;

/** A test app (buildTestApp's arguments) and roleClients' world in it. */
export async function appWithRoles(...args: Parameters<typeof buildTestApp>) {
  const ctx = await buildTestApp(...args);
  return { ctx, world: await roleClients(ctx) };
}

/** What a call for class owners (teachers and parents) answers every other caller. */
export const NOT_CLASS_OWNERS = {
  anonymous: 401,
  student: 403,
  school_admin: 403,
  district_admin: 403,
  staff: 403,
};

export interface MatrixRoute {
  method: "GET" | "POST" | "DELETE";
  url: string | ((p: RoleWorld) => string);
  body?: unknown;
  /** Expected status per caller; callers left out expect `otherwise`. */
  expect: Partial<Record<Caller, number>>;
  otherwise: number;
}

/**
 * Who may call for a student's records: the class owner and the admins of the student's school
 * and district; a parent is told there is no such student, everyone else is refused.
 */
export const STUDENT_RECORD_KEEPERS = {
  expect: { anonymous: 401, teacher: 200, school_admin: 200, district_admin: 200, parent: 404 },
  otherwise: 403,
} satisfies Pick<MatrixRoute, "expect" | "otherwise">;

/**
 * Calls `route` as every caller; returns the callers whose status differed, as text. The
 * callers expected to be refused (401, 403) go first, so that what an allowed caller changes
 * (a student deleted, a session ended) never decides what another caller is answered: the
 * outcome does not depend on the order of CALLERS.
 */
export async function checkMatrix(world: RoleWorld, route: MatrixRoute) {
  const url = typeof route.url === "function" ? route.url(world) : route.url;
  const expectedOf = (caller: Caller) => route.expect[caller] ?? route.otherwise;
  const refused = (caller: Caller) => [401, 403].includes(expectedOf(caller));
  const callers = [...CALLERS.filter(refused), ...CALLERS.filter((c) => !refused(c))];
  const mismatches: string[] = [];
  for (const caller of callers) {
    const expected = expectedOf(caller);
    const reply = await world.clients[caller].request(
      route.method,
      url,
      route.method === "POST" ? (route.body ?? {}) : undefined,
    );
    if (reply.status !== expected)
      mismatches.push(`${route.method} ${url} as ${caller}: ${reply.status}, expected ${expected}`);
  }
  return mismatches;
}
