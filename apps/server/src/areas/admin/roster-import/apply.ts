import { randomInt } from "node:crypto";
import {
  type ApplyInput,
  DATA_FILES,
  easyPassword,
  type RosterState,
  type SchoolPlan,
} from "@refrain/domain";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Mailer } from "../../../adapters/mail.ts";
import type { StudentPasswordBox } from "../../../core/passwords.ts";
import type { Db } from "../../../db/client.ts";
import {
  groupMemberships,
  rosterImports,
  rosterRecords,
  schools,
  sessions,
  studentGroups,
  users,
} from "../../../db/schema/index.ts";
import {
  freeUsername,
  INVITATION_LINK_MINUTES,
  invitationLetter,
  issueToken,
} from "../../auth/index.ts";
import { breathe, canonical } from "./state.ts";
import { examine, type ImportDeps, previewOf } from "./validate.ts";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export interface ApplyDeps extends ImportDeps {
  box: StudentPasswordBox;
  mailer: Mailer;
  publicUrl: string;
}

interface Invitation {
  adult: { id: number; username: string; email: string; firstName: string; lastName: string };
  school: string;
  token: string;
}

const DEFAULT_OPTIONS: ApplyInput = {
  schoolMatches: {},
  levelsFromGrades: false,
  inviteTeachers: false,
};

/**
 * The `roster-apply` job. It plans again from the package and the district as they are now
 * (the preview may be hours old), then writes each school in a transaction of its own, so a
 * failure leaves no school half imported, then deactivates what the roster no longer lists,
 * then keeps the roster's records. Every step writes only what differs, so a retry after a crash, or
 * the same package imported twice, changes nothing more.
 */
export async function applyImport(deps: ApplyDeps, importId: number) {
  const { db } = deps;
  const [found] = await db.select().from(rosterImports).where(eq(rosterImports.id, importId));
  if (found?.status !== "applying") return;
  const fail = (failure: string) =>
    db
      .update(rosterImports)
      .set({ status: "failed", failure })
      .where(eq(rosterImports.id, importId));
  const zip = await deps.store.get(found.fileKey);
  if (!zip) return fail("The uploaded package is gone; upload it again.");
  const options = found.options ?? DEFAULT_OPTIONS;
  const { roster, problems, plan, existing } = await examine(db, found.districtId, zip, options);
  if (!plan || !existing || problems.some((p) => p.severity === "error"))
    return fail(
      "The package has errors against the district as it is now (its accounts changed since the preview). Upload it again to see them.",
    );
  const total =
    plan.schools.reduce((n, s) => n + 1 + s.teachers.length + s.students.length, 0) +
    plan.deactivate.teacherIds.length +
    plan.deactivate.studentIds.length;
  let done = 0;
  const progress = () =>
    db
      .update(rosterImports)
      .set({ progressDone: done, progressTotal: total })
      .where(eq(rosterImports.id, importId));
  await progress();

  const teacherIds = new Map<string, number>();
  for (const school of plan.schools) {
    const invited = await db.transaction((tx) =>
      applySchool(tx, deps.box, found.districtId, school, teacherIds, options.inviteTeachers),
    );
    // Queued once the school is in, before the next: a retry after a later school failed
    // finds these teachers made and would invite no one.
    await sendInvitations(deps, invited);
    done += 1 + school.teachers.length + school.students.length;
    await progress();
  }
  const gone = [...plan.deactivate.teacherIds, ...plan.deactivate.studentIds];
  await db.transaction(async (tx) => {
    if (gone.length > 0) {
      await tx.update(users).set({ deactivatedAt: sql`now()` }).where(inArray(users.id, gone));
      await tx.delete(sessions).where(inArray(sessions.userId, gone));
    }
    if (plan.deactivate.schoolIds.length > 0)
      await tx
        .update(schools)
        .set({ deactivatedAt: sql`now()` })
        .where(inArray(schools.id, plan.deactivate.schoolIds));
  });
  done += gone.length;
  await progress();
  // Last: the records say what the last applied import left. After a failure part-way they are
  // still the previous import's, so the same package uploaded again is counted and merged as
  // it was the first time, and finishes what the failed run left.
  await writeRecords(db, found.districtId, roster.previous, roster.state);
  // What was applied, as the page tells it: the plan of this run, not the preview's older one.
  const applied = previewOf(roster, plan, existing.teachers, problems, {
    schoolMatches: options.schoolMatches,
    levelsFromGrades: options.levelsFromGrades,
  });
  await db
    .update(rosterImports)
    .set({ status: "applied", appliedAt: new Date(), preview: applied })
    .where(eq(rosterImports.id, importId));
  // The package held people's names: once applied it is no longer kept.
  await deps.store.delete(found.fileKey);
  deps.log.info({ importId, counts: plan.counts }, "roster import applied");
}

async function sendInvitations(deps: ApplyDeps, invitations: Invitation[]) {
  for (const invitation of invitations)
    await deps.mailer.send(
      await invitationLetter(
        { adult: invitation.adult, invitedBy: "Your district", school: invitation.school },
        `${deps.publicUrl}/password/reset/${invitation.token}`,
      ),
    );
}

/**
 * The district's roster records as the package leaves them: only the records that changed are
 * written, so a package imported again writes nothing. Statement after statement, not one
 * transaction: every write is idempotent, a retry finishes what a crash left, and PGlite's one
 * connection serves the API between them. Each batch is one JSON parameter, which costs far
 * less to build than a row of placeholders per record.
 */
async function writeRecords(db: Db, districtId: number, before: RosterState, after: RosterState) {
  for (const file of DATA_FILES) {
    if (file === "demographics") continue;
    const b = before[file] as Map<string, unknown>;
    const a = after[file] as Map<string, unknown>;
    const gone = [...b.keys()].filter((id) => !a.has(id));
    for (let i = 0; i < gone.length; i += 2000)
      await db
        .delete(rosterRecords)
        .where(
          and(
            eq(rosterRecords.districtId, districtId),
            eq(rosterRecords.kind, file),
            inArray(rosterRecords.sourcedId, gone.slice(i, i + 2000)),
          ),
        );
    const changed = [...a].filter(
      ([id, record]) => !b.has(id) || canonical(b.get(id)) !== canonical(record),
    );
    for (let i = 0; i < changed.length; i += 2000) {
      const batch = changed.slice(i, i + 2000).map(([s, r]) => ({ s, r }));
      await db.execute(sql`
        insert into roster_records (district_id, kind, sourced_id, record)
        select ${districtId}, ${file}, e ->> 's', e -> 'r'
        from jsonb_array_elements(${JSON.stringify(batch)}::jsonb) e
        on conflict (district_id, kind, sourced_id) do update set record = excluded.record`);
      await breathe();
    }
  }
}

/** One school: its row, its teachers and their class groups, its students and their groups. */
async function applySchool(
  tx: Tx,
  box: StudentPasswordBox,
  districtId: number,
  school: SchoolPlan,
  teacherIds: Map<string, number>,
  invite: boolean,
): Promise<Invitation[]> {
  const seats = school.teachers.length;
  let schoolId = school.schoolId;
  if (schoolId === null) {
    const [created] = await tx
      .insert(schools)
      .values({
        districtId,
        name: school.name,
        sourcedId: school.sourcedId,
        ncesId: school.identifier || null,
        seats,
      })
      .returning({ id: schools.id });
    schoolId = created?.id ?? null;
  } else if (school.change !== "unchanged")
    await tx
      .update(schools)
      .set({
        sourcedId: school.sourcedId,
        deactivatedAt: null,
        seats: sql`greatest(${schools.seats}, ${seats})`,
      })
      .where(eq(schools.id, schoolId));
  if (schoolId === null) throw new Error("The school was not created");

  const invitations: Invitation[] = [];
  for (const t of school.teachers) {
    const values = {
      firstName: t.firstName,
      lastName: t.lastName,
      email: t.email,
      schoolId,
      rosterDistrictId: districtId,
      sourcedId: t.sourcedId,
      rosterValues: t.rosterValues,
      maxStudents: t.maxStudents,
      deactivatedAt: null,
    };
    let id = t.id;
    if (id === null) {
      const username =
        t.username ??
        (await freeUsername(tx, {
          email: t.email,
          givenName: t.firstName,
          familyName: t.lastName,
        }));
      const [created] = await tx
        .insert(users)
        .values({ ...values, role: "teacher", username, passwordHash: null, signupComplete: true })
        .returning({ id: users.id });
      id = created?.id ?? null;
      if (id === null) throw new Error("The teacher was not created");
      if (invite && t.email) {
        const token = await issueToken(
          tx,
          id,
          "password_reset",
          new Date(),
          INVITATION_LINK_MINUTES,
        );
        invitations.push({
          adult: { id, username, email: t.email, firstName: t.firstName, lastName: t.lastName },
          school: school.name,
          token,
        });
      }
    } else if (t.change !== "unchanged") await tx.update(users).set(values).where(eq(users.id, id));
    teacherIds.set(t.sourcedId, id);
    for (const group of t.groups) {
      if (group.id !== null) {
        // A class renamed in the roster renames its group, unless another group of the
        // teacher's has that name (then it kept "… (class)" when made, and keeps it).
        await tx
          .update(studentGroups)
          .set({ name: group.name })
          .where(
            and(
              eq(studentGroups.id, group.id),
              sql`lower(${studentGroups.name}) <> lower(${group.name})`,
              sql`lower(${studentGroups.name}) <> lower(${`${group.name} (class)`})`,
              sql`not exists (select 1 from student_groups o where o.teacher_id = ${id} and o.id <> ${group.id} and lower(o.name) = lower(${group.name}))`,
            ),
          );
        continue;
      }
      const [made] = await tx
        .insert(studentGroups)
        .values({ teacherId: id, name: group.name, sourcedId: group.classSourcedId })
        .onConflictDoNothing()
        .returning({ id: studentGroups.id });
      // A group of the teacher's own already has the class's title: the class's is told apart.
      group.id =
        made?.id ??
        (
          await tx
            .insert(studentGroups)
            .values({
              teacherId: id,
              name: `${group.name} (class)`,
              sourcedId: group.classSourcedId,
            })
            .returning({ id: studentGroups.id })
        )[0]?.id ??
        null;
    }
  }

  const groupOf = (teacherSourcedId: string, classSourcedId: string | null | undefined) => {
    if (!classSourcedId) return null;
    const teacher = school.teachers.find((t) => t.sourcedId === teacherSourcedId);
    return teacher?.groups.find((g) => g.classSourcedId === classSourcedId)?.id ?? null;
  };
  const regroup: { studentId: number; groupId: number | null }[] = [];
  // Students already here first: a new one may take a username one of them gives up.
  for (const s of school.students) {
    if (s.id === null || s.change === "unchanged") continue;
    const teacherId = teacherIds.get(s.teacherSourcedId) as number;
    await tx
      .update(users)
      .set({
        firstName: s.firstName,
        lastName: s.lastName,
        username: s.username,
        planId: s.planId,
        parentEmail: s.parentEmail,
        teacherId,
        rosterDistrictId: districtId,
        sourcedId: s.sourcedId,
        rosterValues: s.rosterValues,
        deactivatedAt: null,
      })
      .where(eq(users.id, s.id));
    if (s.groupClassSourcedId !== undefined)
      regroup.push({
        studentId: s.id,
        groupId: groupOf(s.teacherSourcedId, s.groupClassSourcedId),
      });
  }
  const created = school.students.filter((s) => s.id === null);
  for (let i = 0; i < created.length; i += 500) {
    const batch = created.slice(i, i + 500);
    const rows = await tx
      .insert(users)
      .values(
        batch.map((s) => ({
          role: "student" as const,
          username: s.username,
          firstName: s.firstName,
          lastName: s.lastName,
          planId: s.planId,
          parentEmail: s.parentEmail,
          teacherId: teacherIds.get(s.teacherSourcedId) as number,
          // Hashed at the student's first sign-in (auth/service.ts): argon2id for thousands of
          // students would hold the import for minutes, and the sealed copy is the card's.
          passwordHash: null,
          passwordEncrypted: box.encrypt(easyPassword((n) => randomInt(n))),
          rosterDistrictId: districtId,
          sourcedId: s.sourcedId,
          rosterValues: s.rosterValues,
        })),
      )
      .returning({ id: users.id });
    for (const [j, row] of rows.entries()) {
      const s = batch[j];
      if (s && s.groupClassSourcedId !== undefined)
        regroup.push({
          studentId: row.id,
          groupId: groupOf(s.teacherSourcedId, s.groupClassSourcedId),
        });
    }
  }
  // The plan regroups only students in no group or in a class's group: a teacher's own stay.
  const regrouped = regroup.map((r) => r.studentId);
  for (let i = 0; i < regrouped.length; i += 1000)
    await tx
      .delete(groupMemberships)
      .where(inArray(groupMemberships.studentId, regrouped.slice(i, i + 1000)));
  const joining = regroup.filter(
    (r): r is { studentId: number; groupId: number } => r.groupId !== null,
  );
  for (let i = 0; i < joining.length; i += 1000)
    await tx.insert(groupMemberships).values(joining.slice(i, i + 1000));
  // A student who changed class does not stay in a group of their old teacher's.
  const updated = school.students.flatMap((s) =>
    s.id !== null && s.change === "update" ? [s.id] : [],
  );
  if (updated.length > 0)
    await tx.execute(sql`
      delete from group_memberships gm using student_groups g, users s
      where g.id = gm.group_id and s.id = gm.student_id and g.teacher_id <> s.teacher_id
        and gm.student_id = any(${`{${updated.join(",")}}`}::int[])`);
  return invitations;
}
