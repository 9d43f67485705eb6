/** A student's pages as the web app calls them, and the readers who go through them. */
import { randomUUID } from "node:crypto";
import { HttpClient } from "../../apps/server/test/http-client.ts";
import { CallFailed, call, data, servers, sessionCheck } from "./measure.ts";
import { busy, nextReader, type Student } from "./people.ts";
import { dayOver, pick, randInt, think } from "./settings.ts";

interface Progress {
  lessonid: number;
  readAlongs: number;
  readAlongsRequired: number;
  days: { day: number; attempts: number; percent: number | null; locked: string | null }[];
  extension: { state: string; locked: string | null };
  next: "read" | "done" | number;
}
interface Home {
  classOpen: boolean;
  continueLessonId: number | null;
  lessons: { lessonid: number }[];
  assignedLessons: { lessonid: number }[];
  progress: Progress[];
}
export interface LessonRecordings {
  allowed: boolean;
  lyricsOnly: boolean;
  options: { cold_read: string; hot_read: string; benchmark: string };
}

/** The student login page: the session, the teacher's name (step 1), then the password. */
export async function studentSignIn(
  student: Student,
  password = student.password,
): Promise<HttpClient> {
  const client = new HttpClient(servers[0] as string);
  await sessionCheck(client);
  const start = data<{ type: string; students?: { id: number; name: string }[] }>(
    await call(client, "sign-in: student teacher step", "POST", "/student/login", {
      body: { step: 1, teacher: student.teacher },
    }),
  );
  const tile = `${student.firstName} ${student.lastName.slice(0, 1)}`.trim();
  const tiles = (start.students ?? []).filter((s) => s.name === tile);
  const who =
    start.type === "select" && tiles.length === 1
      ? { type: "select", studentId: tiles[0]?.id }
      : { type: "input", student: student.username };
  const wrong = password !== student.password;
  await call(
    client,
    wrong ? "deliberate: wrong student password" : "sign-in: student password",
    "POST",
    "/student/login",
    {
      body: { step: 3, teacher: student.teacher, ...who, password },
      ...(wrong && { expect: [401], deliberate: true }),
    },
  );
  return client;
}

export async function studentHome(client: HttpClient): Promise<Home> {
  return data<Home>(await call(client, "student: home", "GET", "/learning/home"));
}

/** The lesson player's read-along: the lesson, its track and timings, then the count. */
export async function readAlong(client: HttpClient, lessonId: number) {
  await call(client, "student: lesson", "GET", `/service/objects/lesson/${lessonId}`);
  await call(client, "student: lesson track", "GET", `/media/lessons/${lessonId}/track`, {
    headers: { range: "bytes=0-" },
    expect: [200, 206],
  });
  await call(client, "student: word timings", "GET", `/media/lessons/${lessonId}/words.vtt`);
  await think(4, 10);
  await call(client, "student: heartbeat", "POST", "/student/heartbeat", {
    body: { lesson: lessonId, kind: "reading", seconds: randInt(30, 60) },
  });
  await call(client, "student: read-along", "POST", "/student/readAlong", {
    body: { lesson: lessonId, play: randomUUID() },
  });
}

interface ExamData {
  questions: { id: number; answers: { id: number }[] }[];
}

async function takeDay(client: HttpClient, student: Student, progress: Progress, day: number) {
  const lesson = progress.lessonid;
  const exam = (
    await call(client, "student: exam questions", "POST", "/student/examData", {
      body: { lesson, day, mode: "take" },
    })
  ).json as ExamData;
  await think(5, 12);
  await call(client, "student: heartbeat", "POST", "/student/heartbeat", {
    body: { lesson, kind: "comprehension", seconds: randInt(20, 60) },
  });
  const answers = exam.questions.map((q) => {
    const known = student.known.get(q.id);
    const answer = known !== undefined && Math.random() < 0.85 ? known : pick(q.answers).id;
    return { question: q.id, answer };
  });
  const attempts = progress.days.find((d) => d.day === day)?.attempts ?? 0;
  const submitted = (
    await call(client, "student: exam submit", "POST", "/student/examSubmit", {
      body: { lesson, day, attempt: attempts + 1, answers },
    })
  ).json as { results: { question: number; correctAnswer: number }[] };
  for (const r of submitted.results) student.known.set(r.question, r.correctAnswer);
}

async function writeExtension(client: HttpClient, lesson: number) {
  await call(client, "student: exam questions", "POST", "/student/examData", {
    body: { lesson, day: 4, mode: "take" },
  });
  const text = "The story was about friends who helped each other. I liked the ending because";
  await think(5, 10);
  await call(client, "student: extension draft", "POST", "/student/extensionDraft", {
    body: { lesson, text },
  });
  await think(3, 8);
  await call(client, "student: extension submit", "POST", "/student/extensionSubmit", {
    body: { lesson, text: `${text} everyone was happy.` },
  });
}

/** The lesson a student continues: the one the home offers, else the first not done. */
function lessonToWork(home: Home): Progress | undefined {
  const open = home.progress.filter((p) => p.next !== "done");
  return open.find((p) => p.lessonid === home.continueLessonId) ?? open[0];
}

/** One step of a lesson as its `next` says; false when nothing could be done. */
async function lessonStep(client: HttpClient, student: Student, progress: Progress) {
  const next = progress.next;
  if (next === "read" || progress.readAlongs < progress.readAlongsRequired) {
    await readAlong(client, progress.lessonid);
    return true;
  }
  if (typeof next === "number" && next >= 1 && next <= 3) {
    if (progress.days.find((d) => d.day === next)?.locked) return false;
    await takeDay(client, student, progress, next);
    return true;
  }
  if (next === 4 && progress.extension.locked === null) {
    await writeExtension(client, progress.lessonid);
    return true;
  }
  return false;
}

export async function signOut(client: HttpClient, deliberateCheck: boolean) {
  await call(client, "sign-in: sign out", "POST", "/logout");
  // The tab left open after signing out: its next call is refused.
  if (deliberateCheck)
    await call(client, "deliberate: signed-out page", "GET", "/learning/home", {
      expect: [401],
      deliberate: true,
    });
}

/**
 * One session of `student`, busy meanwhile so that no other worker takes them: signed in, then
 * `work`. A call that fails ends the session after a pause; anything else is a bug and throws.
 */
export async function studentSession(
  student: Student,
  work: (client: HttpClient) => Promise<void>,
) {
  busy.add(student);
  student.sessions++;
  try {
    await work(await studentSignIn(student));
  } catch (error) {
    if (!(error instanceof CallFailed)) throw error;
    await think(3, 6);
  } finally {
    busy.delete(student);
  }
}

/** A reader: one student after another, a few lesson steps each. */
export async function reader() {
  while (!dayOver) {
    const student = nextReader();
    if (!student) {
      await think(2, 4);
      continue;
    }
    await studentSession(student, async (client) => {
      let home = await studentHome(client);
      await call(client, "student: graded readings", "GET", "/student/recordings");
      if (!home.classOpen) throw new CallFailed(`${student.username}'s class is closed`);
      const steps = randInt(2, 5);
      for (let i = 0; i < steps && !dayOver; i++) {
        const progress = lessonToWork(home);
        if (!progress || !(await lessonStep(client, student, progress))) break;
        await think(2, 5);
        home = await studentHome(client);
      }
      await signOut(client, Math.random() < 0.15);
    });
    await think(1, 4);
  }
}
