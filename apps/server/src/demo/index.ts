import { count } from "drizzle-orm";
import { ensureCatalog } from "../catalog/catalog.ts";
import type { Config } from "../config.ts";
import { hashPassword, StudentPasswordBox } from "../core/passwords.ts";
import type { Db } from "../db/client.ts";
import { districts, schools, users } from "../db/schema/index.ts";
import { generateAssignments } from "./assignments.ts";
import { seedDemoGrades } from "./grades.ts";
import { seedDemoGroups } from "./groups.ts";
import { generateHistory } from "./history.ts";
import { type PlannedUser, planWorld, type WorldSize } from "./plan/world.ts";
import { seedDemoRecordings } from "./recordings.ts";
import { seedDemoSchools } from "./schools.ts";
import { seedDemoScreening } from "./screening.ts";

export { DEMO_ADULT_PASSWORD, type DemoLogin, demoLogins, planWorld } from "./plan/world.ts";

function chunks<T>(list: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

/**
 * Creates a world of `size` in an empty database: the lesson catalog, then districts,
 * schools and people, their lesson plans and what they did in them (history.ts).
 * Deterministic: the same names, usernames and passwords every time.
 */
/** The demo parent's free trial, as a sign-up's default (config TRIAL_DAYS). */
const DEMO_TRIAL_DAYS = 30;

export async function generateWorld(db: Db, config: Pick<Config, "APP_SECRET">, size: WorldSize) {
  await ensureCatalog(db);
  const plan = planWorld(size);
  const box = new StudentPasswordBox(config.APP_SECRET);
  // Hash each distinct password once: argon2id is slow on purpose.
  const distinct = [...new Set(plan.users.map((u) => u.password))];
  const hashes = new Map(
    await Promise.all(distinct.map(async (p) => [p, await hashPassword(p)] as const)),
  );

  await db.transaction(async (tx) => {
    const districtIds = (
      await tx.insert(districts).values(plan.districts).returning({ id: districts.id })
    ).map((r) => r.id);
    const schoolIds = (
      await tx
        .insert(schools)
        .values(
          plan.schools.map(({ districtIdx, ...s }) => ({
            ...s,
            districtId: districtIdx === null ? null : districtIds[districtIdx],
          })),
        )
        .returning({ id: schools.id })
    ).map((r) => r.id);

    const idOf = new Map<string, number>();
    const row = (u: PlannedUser) => ({
      role: u.role,
      username: u.username,
      email: u.email,
      firstName: u.firstName,
      lastName: u.lastName,
      passwordHash: hashes.get(u.password) ?? null,
      passwordEncrypted: u.role === "student" ? box.encrypt(u.password) : null,
      schoolId: u.schoolIdx === undefined ? null : (schoolIds[u.schoolIdx] ?? null),
      districtId: u.districtIdx === undefined ? null : (districtIds[u.districtIdx] ?? null),
      teacherId: u.teacherKey ? (idOf.get(u.teacherKey) ?? null) : null,
      planId: u.planId ?? null,
      studentLoginType: u.studentLoginType ?? "select",
      classCode: u.classCode ?? null,
      // The parent signed up today: a trial a reviewer can subscribe out of with a test card.
      // The demo teachers' schools hold seats, so they are school-paid.
      trialEndsAt: u.role === "parent" ? new Date(Date.now() + DEMO_TRIAL_DAYS * 86_400_000) : null,
    });
    // Adults first, so students can point at their teacher's id.
    for (const phase of [
      plan.users.filter((u) => u.role !== "student"),
      plan.users.filter((u) => u.role === "student"),
    ]) {
      for (const batch of chunks(phase, 1000)) {
        const ids = await tx.insert(users).values(batch.map(row)).returning({ id: users.id });
        batch.forEach((u, i) => {
          idOf.set(u.key, ids[i]?.id as number);
        });
      }
    }
  });
  await seedDemoGroups(db, size);
  // One moment for both, so the history falls inside its assignments' dates.
  const now = new Date();
  await generateAssignments(db, now);
  await generateHistory(db, size, now);
  // Before the other readings: a monitored student's cold reads are their plan's check-ins.
  await seedDemoScreening(db, size, now);
  await seedDemoRecordings(db, size, now);
  await seedDemoGrades(db, size, now);
  await seedDemoSchools(db);
  return plan;
}

/** On first start: the catalog, and the demo world when nobody exists yet. True if created. */
export async function ensureDemoWorld(
  db: Db,
  config: Pick<Config, "APP_SECRET">,
  /** Told just before the world is made (it takes seconds: the start says so). */
  creating: () => void = () => {},
): Promise<boolean> {
  await ensureCatalog(db);
  const [existing] = await db.select({ n: count() }).from(users);
  if ((existing?.n ?? 0) > 0) return false;
  creating();
  await generateWorld(db, config, "demo");
  return true;
}
