/** The adults: teachers grading and reading reports, the admins, and the typist of passwords. */
import { setTimeout as sleep } from "node:timers/promises";
import { DEMO_ADULT_PASSWORD } from "../../apps/server/src/demo/plan/world.ts";
import { HttpClient } from "../../apps/server/test/http-client.ts";
import {
  CallFailed,
  call,
  checkFailed,
  data,
  nextServer,
  servers,
  sessionCheck,
} from "./measure.ts";
import { students } from "./people.ts";
import { type Upload, uploads } from "./recordings.ts";
import {
  between,
  DRAIN_S,
  dayMs,
  dayOver,
  pick,
  randInt,
  since,
  THINK_SCALE,
  think,
} from "./settings.ts";
import { studentSignIn } from "./students.ts";

interface Me {
  id: number;
  schoolId: number | null;
  districtId: number | null;
}

export async function adultSignIn(login: string): Promise<{ client: HttpClient; me: Me }> {
  const client = new HttpClient(servers[0] as string);
  await sessionCheck(client);
  await call(client, "sign-in: adult password", "POST", "/login", {
    body: { login, password: DEMO_ADULT_PASSWORD },
  });
  const session = (await call(client, "sign-in: who am I", "GET", "/auth/session")).json as {
    user: Me;
  };
  return { client, me: session.user };
}

const today = () => new Date().toISOString().slice(0, 10);
const daysAgo = (days: number) =>
  new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

/** The teacher's reports, one per turn, in the order a teacher opens them. */
function teacherReports(client: HttpClient, me: Me, studentIds: number[]) {
  const someone = () => pick(studentIds);
  const month = `start_date=${daysAgo(30)}&end_date=${today()}`;
  const reports: (() => Promise<unknown>)[] = [
    () =>
      call(
        client,
        "reports: class summary",
        "GET",
        `/teacher/${me.id}/dashboard/class_summary?${month}`,
      ),
    () =>
      call(
        client,
        "reports: class summary of a student",
        "GET",
        `/teacher/${me.id}/dashboard/class_summary?student_id=${someone()}`,
      ),
    () =>
      call(
        client,
        "reports: detailed report",
        "POST",
        `/teacher/reports/detailed/${someone()}/data`,
        {
          body: { verb: "view", type: "lessons" },
        },
      ),
    () =>
      call(
        client,
        "reports: graph of the class",
        "GET",
        `/teacher/reports/graphs?types=${pick(["fluency_cold_hot", "quiz_complete"])}&aggregate_type=class`,
      ),
    () =>
      call(
        client,
        "reports: graph of a student",
        "GET",
        `/teacher/reports/graphs?types=${pick(["fluency", "fluency_benchmark"])}&student_id=${someone()}`,
      ),
    () =>
      call(client, "reports: scores by story", "GET", `/teacher/reports/scores_by_story?${month}`),
    () =>
      call(
        client,
        "reports: seven-day table",
        "GET",
        `/teacher/reports/seven_day/overall/rows?start_date=${daysAgo(6)}&end_date=${today()}`,
      ),
    () =>
      call(
        client,
        "reports: conference summary",
        "GET",
        `/teacher/reports/conference/${someone()}?${month}`,
      ),
  ];
  let i = randInt(0, reports.length - 1);
  let turns = 0;
  return async () => {
    turns++;
    // Now and then a printed report for a parents' conference.
    if (turns % 12 === 0)
      return call(client, "reports: report PDF", "POST", `/teacher/reports/pdf/${someone()}`, {
        body: { start_date: daysAgo(90), end_date: today() },
      });
    return (reports[i++ % reports.length] as () => Promise<unknown>)();
  };
}

interface RecordingRow {
  id: number;
  status: string;
  graded_at: string | null;
}
export interface ReadingSet {
  selected: string;
  entries: Record<
    string,
    {
      url: string | null;
      thumbnail_url: string | null;
      grade: { feedback: string } | null;
    }
  >;
  words: { id: number }[];
}

/** Opens, watches and grades one reading; the grade is read back from the other server. */
async function grade(client: HttpClient, upload: Upload) {
  const set = data<ReadingSet>(
    await call(client, "grading: reading", "GET", `/teacher/recordings/${upload.id}`),
  );
  const entry = set.entries[set.selected];
  await call(
    client,
    "grading: video",
    "GET",
    entry?.url ?? `/media/recordings/${upload.id}/video`,
    {
      headers: { range: "bytes=0-" },
      expect: [200, 206],
    },
  );
  if (entry?.thumbnail_url) await call(client, "grading: thumbnail", "GET", entry.thumbnail_url);
  await think(4, 10);
  const missed =
    set.words.length === 0 ? [] : Array.from({ length: randInt(0, 3) }, () => pick(set.words).id);
  const selectedWordIds = [...new Set(missed)];
  const feedback = `Soak reading ${upload.id}: smooth and clear, watch the long words.`;
  const server = nextServer();
  await call(client, "grading: grade", "POST", `/teacher/recordings/${upload.id}/grade`, {
    server,
    body: {
      accuracy: -selectedWordIds.length,
      expression: randInt(2, 5),
      feedback,
      selectedWordIds,
      wpm: randInt(40, 140),
      submission: crypto.randomUUID(),
    },
  });
  const back = data<ReadingSet>(
    await call(client, "grading: reading", "GET", `/teacher/recordings/${upload.id}`, {
      server: (server + 1) % servers.length,
    }),
  );
  if (back.entries[back.selected]?.grade?.feedback !== feedback)
    checkFailed("grading: grade", server, `the grade of ${upload.id} did not read back`);
  upload.gradedAt = since();
  upload.feedback = feedback;
  await call(client, "grading: heartbeat", "POST", "/teacher/heartbeat", {
    body: { seconds: randInt(20, 60) },
  });
}

const ungraded = (teacher: string) =>
  [...uploads.values()].filter((u) => u.teacher === teacher && u.gradedAt === null);
/** The students' browsers have all left: no reading will come any more. */
let studentsGone = false;

/** Called by main once the readers and recorders have finished. */
export function markStudentsGone() {
  studentsGone = true;
}

/**
 * A recording class's teacher: new readings graded as they come, reports in between; after the
 * day, grading only, until every reading of the class is graded (or SOAK_DRAIN_SECONDS).
 */
export async function teacher(login: string) {
  let signedIn: { client: HttpClient; me: Me } | undefined;
  let report: (() => Promise<unknown>) | undefined;
  const done = () =>
    dayOver && ((studentsGone && ungraded(login).length === 0) || since() > dayMs + DRAIN_S * 1000);
  while (!done()) {
    try {
      if (!signedIn) {
        signedIn = await adultSignIn(login);
        const list = data<{ id: number }[]>(
          await call(
            signedIn.client,
            "reports: student list",
            "GET",
            `/teacher/reports/criteria/student_list/${signedIn.me.id}`,
          ),
        );
        report = teacherReports(
          signedIn.client,
          signedIn.me,
          list.map((s) => s.id),
        );
      }
      const { client } = signedIn;
      await call(client, "grading: overview", "GET", "/teacher/fluency/overview");
      const rows = data<{ recordings: RecordingRow[] }[]>(
        await call(
          client,
          "grading: new readings",
          "GET",
          "/teacher/recordings/by_student?type=new",
        ),
      ).flatMap((s) => s.recordings);
      const ready = rows
        .map((r) => ({ row: r, upload: uploads.get(r.id) }))
        .filter((r) => r.upload && r.upload.gradedAt === null && r.row.status === "complete");
      for (const { upload } of ready.slice(0, dayOver ? 10 : 2))
        if (upload && !done()) await grade(client, upload);
      if (!dayOver && report) await report();
      await think(dayOver ? 2 : 6, dayOver ? 4 : 14);
    } catch (error) {
      if (!(error instanceof CallFailed)) throw error;
      await think(3, 6);
    }
  }
}

/** The small classes' teachers, one browser going from one to the next: reports only. */
export async function otherTeachers(logins: string[]) {
  const signed = new Map<string, () => Promise<unknown>>();
  let i = 0;
  while (!dayOver) {
    const login = logins[i++ % logins.length] as string;
    try {
      let report = signed.get(login);
      if (!report) {
        const { client, me } = await adultSignIn(login);
        const list = data<{ id: number }[]>(
          await call(
            client,
            "reports: student list",
            "GET",
            `/teacher/reports/criteria/student_list/${me.id}`,
          ),
        );
        report = teacherReports(
          client,
          me,
          list.map((s) => s.id),
        );
        signed.set(login, report);
      }
      await report();
      await think(2, 5);
      await report();
    } catch (error) {
      if (!(error instanceof CallFailed)) throw error;
    }
    await think(8, 16);
  }
}

export async function schoolAdmin() {
  const { client, me } = await adultSignIn("principal.hughes");
  const teachers = data<{ teachers: { userid: number }[] }>(
    await call(client, "admin: school teachers", "GET", "/school/admin/teachers_json"),
  ).teachers;
  const pages: (() => Promise<unknown>)[] = [
    () => call(client, "admin: school teachers", "GET", "/school/admin/teachers_json"),
    () =>
      call(
        client,
        "admin: report criteria teachers",
        "GET",
        `/teacher/reports/criteria/admin_teachers/${me.id}`,
      ),
    () =>
      call(client, "admin: school usage", "GET", `/district_admin/school_breakdown/${me.schoolId}`),
    () =>
      call(
        client,
        "admin: graph of the school",
        "GET",
        `/teacher/reports/graphs?types=${pick(["fluency", "quiz_complete"])}&aggregate_type=school`,
      ),
    () =>
      call(
        client,
        "admin: graph of a class",
        "GET",
        `/teacher/reports/graphs?types=fluency_cold_hot&aggregate_type=class&teacher_id=${pick(teachers).userid}`,
      ),
  ];
  await adminLoop(pages);
}

export async function districtAdmin() {
  const { client, me } = await adultSignIn("dr.santos");
  const schools = data<{ schools: { id: number }[] }>(
    await call(
      client,
      "admin: district schools",
      "GET",
      `/district_admin/school_list/${me.districtId}`,
    ),
  ).schools;
  const pages: (() => Promise<unknown>)[] = [
    () =>
      call(
        client,
        "admin: district schools",
        "GET",
        `/district_admin/school_list/${me.districtId}`,
      ),
    () =>
      call(
        client,
        "admin: school usage",
        "GET",
        `/district_admin/school_breakdown/${pick(schools).id}`,
      ),
    () =>
      call(
        client,
        "admin: graph of the district",
        "GET",
        `/teacher/reports/graphs?types=${pick(["fluency", "fluency_benchmark", "quiz_complete"])}&aggregate_type=district`,
      ),
    () =>
      call(
        client,
        "admin: graph of the school",
        "GET",
        `/teacher/reports/graphs?types=fluency&aggregate_type=school&school_id=${pick(schools).id}`,
      ),
    () =>
      call(client, "admin: district search", "POST", "/district_admin/search_postback", {
        body: pick([
          { role: "teacher", q: pick(["ms", "mr", "rivera", "chen"]) },
          { role: "student", q: pick(["an", "el", "ma", "jo"]) },
        ]),
      }),
    () =>
      call(
        client,
        "admin: report criteria teachers",
        "GET",
        `/teacher/reports/criteria/admin_teachers/${me.id}?school_id=${pick(schools).id}`,
      ),
  ];
  await adminLoop(pages);
}

async function adminLoop(pages: (() => Promise<unknown>)[]) {
  let i = randInt(0, pages.length - 1);
  while (!dayOver) {
    try {
      await (pages[i++ % pages.length] as () => Promise<unknown>)();
    } catch (error) {
      if (!(error instanceof CallFailed)) throw error;
    }
    await think(6, 16);
  }
}

/** A long pause that ends with the day (nothing is sent after it). */
async function pause(minS: number, maxS: number) {
  const until = since() + between(minS, maxS) * 1000 * THINK_SCALE;
  while (!dayOver && since() < until) await sleep(Math.min(1000, until - since()));
}

/** Typos: a wrong password about once a minute, an adult's or a student's. */
export async function typos(adults: string[]) {
  await pause(20, 40);
  while (!dayOver) {
    try {
      if (Math.random() < 0.5) {
        const client = new HttpClient(servers[0] as string);
        await call(client, "deliberate: wrong adult password", "POST", "/login", {
          body: { login: pick(adults), password: "refrain-demo-typo" },
          expect: [401],
          deliberate: true,
        });
      } else {
        const student = pick(students);
        await studentSignIn(student, `${student.password}x`);
      }
    } catch (error) {
      if (!(error instanceof CallFailed)) throw error;
    }
    await pause(40, 80);
  }
}
