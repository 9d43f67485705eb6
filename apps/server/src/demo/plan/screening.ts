import {
  aimAt,
  type BenchmarkWindow,
  cadenceFor,
  type DecisionKind,
  dayOf,
  defaultWindows,
  gradeOfPlan,
  normCuts,
  PASSAGES_PER_WINDOW,
  schoolYearNumber,
  type Tier,
} from "@refrain/domain";
import { type Random, seededRandom } from "./random.ts";

/**
 * The demo classes' screening (issue 39, docs/decisions/0037) on the day the world is made: each
 * student of a recording class reads their grade's three passages in every window of this school
 * year that has begun, graded by their teacher, so the Screening pages show tiers (mostly at or
 * above, a few below, a couple well below, one student per class incomplete). In a window open
 * today a few students have not read yet and the last two days' readings wait for their grade:
 * the benchmark session has work to show. In ms.rivera's class three students below benchmark
 * are monitored from after their last finished window: graded cold reads of lessons of their
 * level, one plan flagged by the four-point rule and another with a decision in its history.
 *
 * Rows are made as recordings.ts makes them, queued without a file (recordings-media.ts makes the
 * clips in the background). A student's readings of one passage in several windows share one
 * cached clip, since a clip is named by its reader and passage. The scores are chosen, not read
 * off the clip: the synthetic reader reads at 90–125 words a minute, faster than the struggling
 * readers this story needs. The demo sets no calendar, so the default windows apply, each grade
 * reading its first three passages (screening's defaultCalendar).
 */

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
/** Readings this recent in a window open today still wait for their grade. */
const TO_GRADE_DAYS = 2;

export interface ScreeningStudent {
  id: number;
  firstName: string;
  teacherId: number;
  /** Which recording class (DEMO_RECORDING_TEACHERS' order): ms.rivera's, 0, is monitored. */
  classIdx: number;
  planId: number;
  lyricsOnly: boolean;
}

/** A lesson of a student's level: when they first read it along (a cold read must come before). */
export interface LevelLesson {
  lessonId: number;
  firstReadAlong: Date | null;
}

export interface ScreeningInput {
  students: readonly ScreeningStudent[];
  /** Each grade's three passages of the windows. */
  passages: ReadonlyMap<number, readonly number[]>;
  /** Each student's lessons of their level, by student id. */
  levelLessons: ReadonlyMap<number, readonly LevelLesson[]>;
}

export interface PlannedScreeningReading {
  studentId: number;
  lessonId: number;
  classification: "benchmark" | "cold_read";
  lyricsOnly: boolean;
  createdAt: Date;
  /** Words correct a minute and missed words the teacher confirmed; null: waiting for a grade. */
  grade: { wcpm: number; missed: number; gradedAt: Date } | null;
}

export interface PlannedMonitoring {
  studentId: number;
  teacherId: number;
  startedOn: string;
  createdAt: Date;
  tier: Exclude<Tier, "at_or_above">;
  baselineWcpm: number;
  goalWcpm: number;
  goalOn: string;
  cadenceDays: number;
  decisions: { kind: DecisionKind; note: string; decidedAt: Date }[];
}

export interface ScreeningPlan {
  windows: BenchmarkWindow[];
  readings: PlannedScreeningReading[];
  plans: PlannedMonitoring[];
}

type Standing = Tier | "incomplete";

export const atDay = (day: string, hour: number, minute = 0) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + hour * HOUR_MS + minute * 60_000);
const addDays = (day: string, days: number) =>
  dayOf(new Date(atDay(day, 0).getTime() + days * DAY_MS));
const isSchoolDay = (day: string) => ![0, 6].includes(atDay(day, 12).getUTCDay());
/** The day, or the last school day before it. */
const schoolDayBy = (day: string): string =>
  isSchoolDay(day) ? day : schoolDayBy(addDays(day, -1));

function shuffled<T>(random: Random, list: readonly T[]): T[] {
  const out = [...list];
  for (let i = out.length - 1; i > 0; i--) {
    const j = random.int(0, i);
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

/** The school days from `first` to `last`, inclusive. */
function schoolDays(first: string, last: string): string[] {
  const out: string[] = [];
  for (let d = first; d <= last; d = addDays(d, 1)) if (isSchoolDay(d)) out.push(d);
  return out;
}

/**
 * Who stands where in each class: a couple well below and a few below among the grades the norms
 * rate all year (2 and up), one student incomplete in the latest window, the rest at or above.
 */
function standings(random: Random, students: readonly ScreeningStudent[]) {
  const out = new Map<number, Standing>();
  const classes = [...new Set(students.map((s) => s.classIdx))];
  for (const c of classes) {
    const mine = students.filter((s) => s.classIdx === c && gradeOfPlan(s.planId) >= 1);
    const rated = mine.filter((s) => gradeOfPlan(s.planId) >= 2);
    const order = shuffled(random, rated);
    const wellBelow = Math.floor(mine.length / 10);
    const below = Math.ceil(mine.length / 8);
    for (const [i, s] of order.entries())
      out.set(s.id, i < wellBelow ? "well_below" : i < wellBelow + below ? "below" : "at_or_above");
    for (const s of mine) if (!out.has(s.id)) out.set(s.id, "at_or_above");
    const steady = mine.filter((s) => out.get(s.id) === "at_or_above");
    if (steady.length > 1) out.set(random.pick(steady).id, "incomplete");
  }
  return out;
}

/** A median score for a standing against a season's cuts; a grade without norms reads 12–45. */
function medianFor(
  random: Random,
  standing: Standing,
  grade: number,
  season: BenchmarkWindow["season"],
) {
  const cuts = normCuts(grade, season);
  if (!cuts) return random.int(12, 45);
  if (standing === "well_below") return Math.max(8, cuts.wellBelow - random.int(3, 14));
  if (standing === "below") return cuts.benchmark - random.int(2, 8);
  return cuts.benchmark + random.int(3, 35);
}

/** Missed words for a score at an accuracy a reader of that standing keeps. */
function missedFor(random: Random, standing: Standing, wcpm: number) {
  const [low, high] =
    standing === "well_below" ? [84, 92] : standing === "below" ? [90, 96] : [95, 99];
  const accuracy = random.int(low, high);
  return Math.round((wcpm * (100 - accuracy)) / accuracy);
}

/**
 * The screening and monitoring of the demo's recording classes on `now`'s day, the same every
 * time for the same students and day.
 */
export function planDemoScreening(input: ScreeningInput, now: Date): ScreeningPlan {
  const random = seededRandom(3939);
  const today = dayOf(now);
  const year = schoolYearNumber(today);
  const windows = defaultWindows(`${year}-07-01`);
  const begun = windows.filter((w) => w.start < today);
  const standing = standings(random, input.students);
  const readings: PlannedScreeningReading[] = [];
  /** Each student's readings per window, for the baseline a plan starts from. */
  const medians = new Map<string, { wcpm: number; last: Date }>();
  const monitoredClass = input.students.find((s) => s.classIdx === 0)?.teacherId;
  const candidates = pickMonitored(input, standing, monitoredClass);
  const latestPast = begun.filter((w) => w.end < today).at(-1);

  for (const w of begun) {
    const open = w.end >= today;
    const days = schoolDays(w.start, open ? addDays(today, -1) : w.end);
    if (days.length === 0) continue;
    for (const s of input.students) {
      const grade = gradeOfPlan(s.planId);
      const ids = input.passages.get(grade) ?? [];
      const place = standing.get(s.id);
      if (ids.length < PASSAGES_PER_WINDOW || !place) continue;
      // A window open today: the monitored and one in six have not read yet.
      if (open && (candidates.includes(s.id) || random.next() < 1 / 6)) continue;
      // The class's session (early in a past window; in one open today, in the last days, so
      // ms.rivera's is still to grade), or a make-up a few school days later for one in five.
      const session = open
        ? Math.max(0, days.length - 1 - s.classIdx * 2)
        : Math.min(days.length - 1, s.classIdx * 2);
      const day = days[
        Math.min(days.length - 1, session + (random.next() < 0.2 ? random.int(1, 3) : 0))
      ] as string;
      const median = medianFor(
        random,
        place === "incomplete" ? "at_or_above" : place,
        grade,
        w.season,
      );
      const scores = shuffled(random, [
        median - random.int(1, 7),
        median,
        median + random.int(1, 7),
      ]);
      // The incomplete student missed the third passage of the latest window.
      const read = place === "incomplete" && w === begun.at(-1) ? 2 : PASSAGES_PER_WINDOW;
      let at = atDay(day, random.int(14, 17), random.int(0, 50));
      for (let i = 0; i < read; i++) {
        at = new Date(at.getTime() + random.int(2, 4) * 60_000);
        const wcpm = Math.max(5, scores[i] as number);
        const gradedAt = new Date(
          Math.min(at.getTime() + random.int(3, 26) * HOUR_MS, now.getTime() - HOUR_MS),
        );
        const waits = open && now.getTime() - at.getTime() < TO_GRADE_DAYS * DAY_MS;
        readings.push({
          studentId: s.id,
          lessonId: ids[i] as number,
          classification: "benchmark",
          lyricsOnly: s.lyricsOnly,
          createdAt: at,
          grade: waits ? null : { wcpm, missed: missedFor(random, place, wcpm), gradedAt },
        });
      }
      medians.set(`${s.id}|${w.season}`, { wcpm: median, last: at });
    }
  }

  const plans: PlannedMonitoring[] = [];
  if (latestPast) {
    const stories: Story[] = ["flagged", "decided", "steady"];
    for (const [i, id] of candidates.entries()) {
      const s = input.students.find((x) => x.id === id) as ScreeningStudent;
      const screened = medians.get(`${id}|${latestPast.season}`);
      const place = standing.get(id);
      if (!screened || (place !== "below" && place !== "well_below")) continue;
      const monitoring = planMonitoring(random, {
        student: s,
        tier: place,
        baseline: screened,
        story: stories[i] as Story,
        lessons: input.levelLessons.get(id) ?? [],
        goalOn: windows.find((w) => w.season === "spring")?.end as string,
        now,
      });
      plans.push(monitoring.plan);
      readings.push(...monitoring.points);
    }
  }
  return { windows, readings, plans };
}

/**
 * Three students of ms.rivera's class below benchmark to monitor, well below first: those whose
 * lessons leave the most cold reads to make (a lesson is read cold once, before it is read along).
 */
function pickMonitored(
  input: ScreeningInput,
  standing: ReadonlyMap<number, Standing>,
  teacherId: number | undefined,
): number[] {
  const rank = (id: number) => (standing.get(id) === "well_below" ? 0 : 1);
  return input.students
    .filter((s) => s.teacherId === teacherId)
    .filter((s) => ["well_below", "below"].includes(standing.get(s.id) ?? ""))
    .sort(
      (a, b) =>
        rank(a.id) - rank(b.id) ||
        (input.levelLessons.get(b.id)?.length ?? 0) - (input.levelLessons.get(a.id)?.length ?? 0) ||
        a.id - b.id,
    )
    .slice(0, 3)
    .map((s) => s.id);
}

/**
 * flagged: the last four points under the aim line (change the intervention); decided: four
 * under, the teacher's change of intervention, then two above; steady: around the line.
 */
type Story = "flagged" | "decided" | "steady";
const GAPS: Record<Story, number[]> = {
  flagged: [2, -1, -3, -5, -4, -7],
  decided: [-2, -3, -5, -4, 2, 5],
  steady: [1, -2, 2, -1],
};

function planMonitoring(
  random: Random,
  p: {
    student: ScreeningStudent;
    tier: "below" | "well_below";
    baseline: { wcpm: number; last: Date };
    story: Story;
    lessons: readonly LevelLesson[];
    goalOn: string;
    now: Date;
  },
): { plan: PlannedMonitoring; points: PlannedScreeningReading[] } {
  const { student, now } = p;
  const grade = gradeOfPlan(student.planId);
  const cadenceDays = p.story === "steady" ? cadenceFor("below") : cadenceFor("well_below");
  const goalWcpm = Math.max(
    p.baseline.wcpm + 1,
    normCuts(grade, "spring")?.benchmark ?? p.baseline.wcpm + 30,
  );
  const gaps = GAPS[p.story];
  // The last point a few days ago, the others a cadence apart before it; the plan began a few
  // days after the screening and before the first point.
  const earliest = addDays(dayOf(p.baseline.last), 3);
  const lastDay = addDays(dayOf(now), -random.int(1, 3));
  const days = gaps
    .map((_, i) => schoolDayBy(addDays(lastDay, -(gaps.length - 1 - i) * cadenceDays)))
    .filter((d) => d > earliest);
  const startedOn = addDays(days[0] ?? lastDay, -Math.min(cadenceDays, 3));
  const startDay = [startedOn, earliest].sort()[1] as string;
  const plan: PlannedMonitoring = {
    studentId: student.id,
    teacherId: student.teacherId,
    startedOn: startDay,
    createdAt: atDay(startDay, 22),
    tier: p.tier,
    baselineWcpm: p.baseline.wcpm,
    goalWcpm,
    goalOn: p.goalOn,
    cadenceDays,
    decisions: [],
  };
  const aim = {
    from: { day: startDay, wcpm: p.baseline.wcpm },
    to: { day: p.goalOn, wcpm: goalWcpm },
  };
  // Each point a lesson not read along before it, the soonest read along first.
  const unused = [...p.lessons].sort(
    (a, b) => (a.firstReadAlong?.getTime() ?? Infinity) - (b.firstReadAlong?.getTime() ?? Infinity),
  );
  const points: PlannedScreeningReading[] = [];
  const shift = gaps.length - days.length;
  for (const [i, day] of days.entries()) {
    const at = atDay(day, random.int(15, 18), random.int(0, 59));
    if (at <= plan.createdAt) continue;
    const k = unused.findIndex((l) => !l.firstReadAlong || l.firstReadAlong > at);
    if (k < 0) continue;
    const [lesson] = unused.splice(k, 1);
    const wcpm = Math.max(5, Math.round(aimAt(aim, day) + (gaps[i + shift] as number)));
    points.push({
      studentId: student.id,
      lessonId: (lesson as LevelLesson).lessonId,
      classification: "cold_read",
      lyricsOnly: student.lyricsOnly,
      createdAt: at,
      grade: {
        wcpm,
        missed: missedFor(random, p.tier, wcpm),
        gradedAt: new Date(
          Math.min(at.getTime() + random.int(2, 20) * HOUR_MS, now.getTime() - HOUR_MS),
        ),
      },
    });
    if (p.story === "decided" && i + shift === 3)
      plan.decisions.push({
        kind: "change_intervention",
        note: "Four points under the line: moving to daily partner reading in a group of three.",
        decidedAt: new Date(at.getTime() + DAY_MS),
      });
  }
  return { plan, points };
}
