import {
  CLASS_CODE_ALPHABET,
  CLASS_CODE_LENGTH,
  easyPassword,
  printedClassCode,
  type Role,
} from "@refrain/domain";
import { FIRST_NAMES, LAST_NAMES } from "./names.ts";
import { seededRandom } from "./random.ts";

export type WorldSize = "demo" | "large";
export const DEMO_ADULT_PASSWORD = "refrain-demo";

export interface PlannedUser {
  key: string;
  role: Role;
  username: string;
  email: string | null;
  firstName: string;
  lastName: string;
  password: string;
  schoolIdx?: number;
  districtIdx?: number;
  teacherKey?: string;
  planId?: number;
  studentLoginType?: "input" | "select";
  /** A class that picks tiles: its class code, fixed so the README and journeys can print it. */
  classCode?: string;
}

export interface WorldPlan {
  districts: { name: string }[];
  schools: {
    name: string;
    zip: string;
    city: string;
    state: string;
    districtIdx: number | null;
    seats: number;
  }[];
  users: PlannedUser[];
}

/**
 * The students' passwords, shaped like the ones teachers get (two words and two digits), from a
 * pool of 100 drawn with a random of their own: the large world hashes each distinct password
 * once, and the rest of the plan draws the same names whatever the pool holds.
 */
const passwordRandom = seededRandom(7);
const STUDENT_PASSWORDS = Array.from({ length: 100 }, () =>
  easyPassword((maxExclusive) => Math.floor(passwordRandom.next() * maxExclusive)),
);

/**
 * A tile class's code, drawn with a random seeded by the teacher's username: the same on every
 * machine and in every plan, and drawing nothing from the plan's own random.
 */
function classCodeOf(username: string) {
  let seed = 0;
  for (const char of username) seed = (Math.imul(seed, 31) + char.charCodeAt(0)) >>> 0;
  const random = seededRandom(seed);
  return Array.from({ length: CLASS_CODE_LENGTH }, () =>
    random.pick([...CLASS_CODE_ALPHABET]),
  ).join("");
}

interface ClassSpec {
  username: string;
  firstName: string;
  lastName: string;
  schoolIdx: number;
  mode: "input" | "select";
  students: number;
  planId: number;
  role?: "teacher" | "parent";
}

/** The demo world: one district, its first two schools, their people and classes of different sizes. */
const DEMO_CLASSES: ClassSpec[] = [
  {
    username: "ms.rivera",
    firstName: "Elena",
    lastName: "Rivera",
    schoolIdx: 0,
    mode: "select",
    students: 22,
    planId: 8,
  },
  {
    username: "mr.okafor",
    firstName: "James",
    lastName: "Okafor",
    schoolIdx: 0,
    mode: "input",
    students: 16,
    planId: 9,
  },
  {
    username: "ms.chen",
    firstName: "Lily",
    lastName: "Chen",
    schoolIdx: 1,
    mode: "select",
    students: 14,
    planId: 7,
  },
  {
    username: "mr.patel",
    firstName: "Arjun",
    lastName: "Patel",
    schoolIdx: 1,
    mode: "input",
    students: 6,
    planId: 10,
  },
];

/**
 * The rest of the district, so its page has ten schools to load (access spec §3 "School
 * (district page)"): small classes, planned after the first schools' people so that the names
 * and passwords drawn for those stay the same. The last school joined without teachers yet.
 */
const MORE_SCHOOLS: { name: string; zip: string; seats: number }[] = [
  { name: "Alder Creek Elementary", zip: "97203", seats: 6 },
  { name: "Sellwood Bluff Elementary", zip: "97202", seats: 5 },
  { name: "Hawthorne Lantern Elementary", zip: "97214", seats: 6 },
  { name: "Foxglove Park Elementary", zip: "97206", seats: 4 },
  { name: "Tabor Ridge Elementary", zip: "97215", seats: 5 },
  { name: "Columbia Slough Elementary", zip: "97217", seats: 6 },
  { name: "Kenton Orchard Elementary", zip: "97217", seats: 4 },
  { name: "Johnson Creek Primary", zip: "97266", seats: 8 },
];
/** A small class of one of MORE_SCHOOLS (the first two schools are 0 and 1). */
function smallClass(
  schoolIdx: number,
  username: string,
  name: string,
  size: number,
  planId: number,
) {
  const [firstName = "", lastName = ""] = name.split(" ");
  const mode = schoolIdx % 2 ? "input" : "select";
  return { username, firstName, lastName, schoolIdx, mode, students: size, planId } as const;
}
const MORE_CLASSES: ClassSpec[] = [
  smallClass(2, "ms.nguyen", "Thao Nguyen", 4, 6),
  smallClass(3, "mr.larsen", "Erik Larsen", 5, 7),
  smallClass(4, "ms.adeyemi", "Funmi Adeyemi", 3, 8),
  smallClass(5, "mr.kowalski", "Piotr Kowalski", 4, 9),
  smallClass(6, "ms.haddad", "Rania Haddad", 5, 10),
  smallClass(7, "mr.brennan", "Liam Brennan", 3, 11),
  smallClass(8, "ms.tanaka", "Yui Tanaka", 4, 8),
];

function addClass(
  plan: WorldPlan,
  spec: ClassSpec,
  random: ReturnType<typeof seededRandom>,
  emailDomain: string,
) {
  const teacherKey = `t:${spec.username}`;
  plan.users.push({
    key: teacherKey,
    role: spec.role ?? "teacher",
    username: spec.username,
    email: `${spec.username}@${emailDomain}`,
    firstName: spec.firstName,
    lastName: spec.lastName,
    password: DEMO_ADULT_PASSWORD,
    schoolIdx: spec.role === "parent" ? undefined : spec.schoolIdx,
    studentLoginType: spec.mode,
    ...(spec.mode === "select" && { classCode: classCodeOf(spec.username) }),
  });
  const taken = new Set<string>();
  for (let i = 0; i < spec.students; i++) {
    const firstName = random.pick(FIRST_NAMES);
    const lastName = random.pick(LAST_NAMES);
    let username = `${firstName}${lastName[0]}`.toLowerCase();
    for (let n = 2; taken.has(username); n++)
      username = `${firstName}${lastName[0]}${n}`.toLowerCase();
    taken.add(username);
    const planId = Math.min(11, Math.max(6, spec.planId + random.int(-1, 1)));
    plan.users.push({
      key: `s:${spec.username}:${username}`,
      role: "student",
      username,
      email: null,
      firstName,
      lastName,
      password: random.pick(STUDENT_PASSWORDS),
      teacherKey,
      planId,
    });
  }
}

function planDemo(): WorldPlan {
  const random = seededRandom(20261122);
  const plan: WorldPlan = {
    districts: [{ name: "Riverbend Unified School District" }],
    schools: [
      {
        name: "Maple Grove Elementary",
        zip: "97201",
        city: "Portland",
        state: "OR",
        districtIdx: 0,
        seats: 10,
      },
      {
        name: "Cedar Hill Elementary",
        zip: "97202",
        city: "Portland",
        state: "OR",
        districtIdx: 0,
        seats: 6,
      },
    ],
    users: [
      {
        key: "district-admin",
        role: "district_admin",
        username: "dr.santos",
        email: "dr.santos@riverbend.example.org",
        firstName: "Maria",
        lastName: "Santos",
        password: DEMO_ADULT_PASSWORD,
        districtIdx: 0,
      },
      {
        key: "school-admin",
        role: "school_admin",
        username: "principal.hughes",
        email: "principal.hughes@riverbend.example.org",
        firstName: "Dana",
        lastName: "Hughes",
        password: DEMO_ADULT_PASSWORD,
        schoolIdx: 0,
      },
      {
        key: "staff",
        role: "staff",
        username: "refrain.staff",
        email: "staff@refrain.example.com",
        firstName: "Sam",
        lastName: "Reyes",
        password: DEMO_ADULT_PASSWORD,
      },
    ],
  };
  for (const spec of DEMO_CLASSES) addClass(plan, spec, random, "riverbend.example.org");
  addClass(
    plan,
    {
      username: "jordan.parent",
      firstName: "Jordan",
      lastName: "Taylor",
      schoolIdx: 0,
      mode: "select",
      students: 2,
      planId: 7,
      role: "parent",
    },
    random,
    "home.example.com",
  );
  for (const school of MORE_SCHOOLS)
    plan.schools.push({ ...school, city: "Portland", state: "OR", districtIdx: 0 });
  for (const spec of MORE_CLASSES) addClass(plan, spec, random, "riverbend.example.org");
  return plan;
}

/** The large world's `n`th district or school admin. */
function benchAdmin(kind: "district" | "school", n: number) {
  return {
    role: `${kind}_admin` as const,
    username: `${kind}.admin${n}`,
    email: `${kind}.admin${n}@bench.example.org`,
    firstName: kind === "district" ? "District" : "School",
    lastName: `Admin ${n}`,
    password: DEMO_ADULT_PASSWORD,
  };
}

/** About 40 schools, 800 teachers and 20,000 students, for benchmarks. */
function planLarge(): WorldPlan {
  const random = seededRandom(4242);
  const plan: WorldPlan = { districts: [], schools: [], users: [] };
  for (let d = 0; d < 4; d++) {
    plan.districts.push({ name: `Bench District ${d + 1}` });
    plan.users.push({ key: `da${d}`, ...benchAdmin("district", d + 1), districtIdx: d });
  }
  for (let s = 0; s < 40; s++) {
    plan.schools.push({
      name: `Bench Elementary ${s + 1}`,
      zip: String(10001 + s),
      city: "Springfield",
      state: "IL",
      districtIdx: s % 4,
      seats: 25,
    });
    plan.users.push({ key: `sa${s}`, ...benchAdmin("school", s + 1), schoolIdx: s });
    for (let t = 0; t < 20; t++) {
      const n = s * 20 + t + 1;
      addClass(
        plan,
        {
          username: `teacher${n}`,
          firstName: random.pick(FIRST_NAMES),
          lastName: random.pick(LAST_NAMES),
          schoolIdx: s,
          mode: n % 2 ? "select" : "input",
          students: 25,
          planId: 6 + (n % 6),
        },
        random,
        "bench.example.org",
      );
    }
  }
  return plan;
}

export function planWorld(size: WorldSize): WorldPlan {
  return size === "demo" ? planDemo() : planLarge();
}

export interface DemoLogin {
  role: string;
  login: string;
  password: string;
  note?: string;
}

/** What `npm start` prints: one login per role, read off the planned world. */
export function demoLogins(plan: WorldPlan = planDemo()): DemoLogin[] {
  const find = (key: string) => plan.users.find((u) => u.key === key);
  const adult = (role: string, key: string, note?: string): DemoLogin => {
    const u = find(key);
    return { role, login: u?.username ?? "", password: u?.password ?? "", ...(note && { note }) };
  };
  const studentOf = (teacher: string) => plan.users.find((u) => u.teacherKey === `t:${teacher}`);
  const tile = studentOf("ms.rivera");
  const typed = studentOf("mr.okafor");
  return [
    adult(
      "Teacher",
      "t:ms.rivera",
      `students pick a tile; class code ${printedClassCode(find("t:ms.rivera")?.classCode ?? "")}`,
    ),
    adult("Teacher", "t:mr.okafor", "students type their username"),
    adult("Parent", "t:jordan.parent"),
    adult("School admin", "school-admin"),
    adult("District admin", "district-admin"),
    adult("Staff", "staff"),
    {
      role: "Student",
      login: tile?.username ?? "",
      password: tile?.password ?? "",
      note: "teacher ms.rivera",
    },
    {
      role: "Student",
      login: typed?.username ?? "",
      password: typed?.password ?? "",
      note: "teacher mr.okafor",
    },
  ];
}
