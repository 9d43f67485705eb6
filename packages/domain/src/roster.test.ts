import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { EASY_PASSWORD_COUNT, easyPassword, PASSWORD_WORDS } from "./roster/easy-password.ts";
import { compareByLastName, type GroupsState, moveStudent } from "./roster/groups.ts";
import {
  generateUsernames,
  isRowComplete,
  isUsernameTaken,
  mostCommonLevel,
  namePrompts,
  type RosterRow,
  rowChanged,
  shouldSaveRow,
} from "./roster/rows.ts";
import {
  FOLLOWS_THE_CLASS,
  ROSTER_LIMITS,
  rosterAutocreateRequest,
  rosterCalls,
  rosterCountText,
  rosterMessages,
  rosterSaveRequest,
  rosterStudentInput,
} from "./roster.ts";
import { fieldErrors } from "./validation.ts";

const row = (over: Partial<RosterRow> = {}): RosterRow => ({
  id: 1,
  firstname: "Ava",
  lastname: "Lopez",
  planid: 8,
  username: "aval",
  password: "otter42",
  parent_email: null,
  ...FOLLOWS_THE_CLASS,
  ...over,
});

const triState = fc.constantFrom("inherit" as const, 1 as const, 0 as const);
const arbRow: fc.Arbitrary<RosterRow> = fc.record({
  id: fc.option(fc.integer({ min: 1, max: 50 }), { nil: undefined }),
  firstname: fc.string({ maxLength: 8 }),
  lastname: fc.option(fc.string({ maxLength: 8 }), { nil: null }),
  planid: fc.integer({ min: 6, max: 11 }),
  username: fc.string({ maxLength: 8 }),
  password: fc.string({ maxLength: 8 }),
  parent_email: fc.constantFrom(null, "", "mom@example.org"),
  require_3x: triState,
  require_retake: triState,
  slow_video: triState,
  enable_fluency_recording: triState,
  fluency_recording_lyrics_only: triState,
});
const arbClass = fc.array(
  fc.record({
    id: fc.integer({ min: 1, max: 50 }),
    username: fc.constantFrom("avaL", "student1", "Student2", " mia ", "x"),
  }),
  { maxLength: 6 },
);
/** Changes the case of some letters, as a teacher typing in a hurry would. */
const recase = (s: string, mask: boolean[]) =>
  [...s].map((c, i) => (mask[i % Math.max(1, mask.length)] ? c.toUpperCase() : c)).join("");

describe("username uniqueness in the class", () => {
  it("finds another student's username whatever its case and surrounding spaces", () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[a-z0-9.]{1,25}$/),
        fc.array(fc.boolean(), { minLength: 1 }),
        (name, mask) => {
          const classmates = [{ id: 7, username: ` ${recase(name, mask)} ` }];
          expect(isUsernameTaken(name, classmates)).toBe(true);
          expect(isUsernameTaken(name.toUpperCase(), classmates, 3)).toBe(true);
          // The student's own name never counts against them.
          expect(isUsernameTaken(name, classmates, 7)).toBe(false);
        },
      ),
    );
  });

  it("never calls a name taken that nobody else has", () => {
    fc.assert(
      fc.property(fc.string(), arbClass, (name, classmates) => {
        const others = classmates.filter(
          (c) => c.username.trim().toLowerCase() === name.trim().toLowerCase(),
        );
        expect(isUsernameTaken(name, classmates)).toBe(name.trim() !== "" && others.length > 0);
      }),
    );
  });
});

describe("row complete", () => {
  it("is exactly: first name, username and password non-blank, last name not null, username unique", () => {
    fc.assert(
      fc.property(arbRow, arbClass, (r, classmates) => {
        const unique = !classmates.some(
          (c) =>
            c.id !== r.id &&
            r.username.trim() !== "" &&
            c.username.trim().toLowerCase() === r.username.trim().toLowerCase(),
        );
        const expected =
          r.firstname.trim() !== "" &&
          r.username.trim() !== "" &&
          r.password.trim() !== "" &&
          r.lastname !== null &&
          unique;
        expect(isRowComplete(r, classmates)).toBe(expected);
      }),
    );
  });

  it("allows a blank last name but not a missing one", () => {
    expect(isRowComplete(row({ lastname: "" }), [])).toBe(true);
    expect(isRowComplete(row({ lastname: null }), [])).toBe(false);
    expect(isRowComplete(row({ firstname: "  " }), [])).toBe(false);
    expect(isRowComplete(row({ password: "" }), [])).toBe(false);
    expect(isRowComplete(row(), [{ id: 2, username: "AVAL" }])).toBe(false);
  });
});

describe("row save", () => {
  it("never saves a row equal to its last saved copy", () => {
    fc.assert(
      fc.property(arbRow, arbClass, (r, classmates) => {
        expect(shouldSaveRow(r, { ...r }, classmates)).toBe(false);
      }),
    );
  });

  it("saves a changed row exactly when it is complete", () => {
    fc.assert(
      fc.property(arbRow, arbRow, arbClass, (r, saved, classmates) => {
        expect(shouldSaveRow(r, saved, classmates)).toBe(
          rowChanged(r, saved) && isRowComplete(r, classmates),
        );
      }),
    );
  });

  it("counts a level or setting change, not spaces around text", () => {
    expect(rowChanged(row({ planid: 9 }), row())).toBe(true);
    expect(rowChanged(row({ slow_video: 1 }), row())).toBe(true);
    expect(rowChanged(row({ firstname: " Ava " }), row())).toBe(false);
    expect(rowChanged(row({ parent_email: "" }), row({ parent_email: null }))).toBe(false);
    expect(rowChanged(row(), null)).toBe(true);
  });
});

describe("enter student name", () => {
  // New students, placeholder or blank first names and blank last names are asked for a name.
  it.each([
    ["Ava", "Lopez", true, { firstname: true, lastname: true }],
    ["Student", "Lopez", false, { firstname: true, lastname: false }],
    ["Ava", " ", false, { firstname: false, lastname: true }],
    ["Ava", "Lopez", false, { firstname: false, lastname: false }],
  ])("%j %j (new: %s) is asked %o", (firstname, lastname, isNew, asked) => {
    expect(namePrompts({ firstname, lastname }, isNew)).toEqual(asked);
  });
});

describe("generated usernames", () => {
  it("are as many as asked, unique, new to the class ignoring case, and short enough", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: ROSTER_LIMITS.autocreate }),
        fc.array(
          fc.oneof(
            fc.integer({ min: 1, max: 120 }).map((n) => `Student${n}`),
            fc.string({ maxLength: 10 }),
          ),
          { maxLength: 40 },
        ),
        (count, taken) => {
          const names = generateUsernames(count, taken);
          expect(names).toHaveLength(count);
          const keys = names.map((n) => n.toLowerCase());
          expect(new Set(keys).size).toBe(count);
          const takenKeys = new Set(taken.map((t) => t.trim().toLowerCase()));
          expect(keys.some((k) => takenKeys.has(k))).toBe(false);
          expect(names.every((n) => n.length <= ROSTER_LIMITS.username)).toBe(true);
        },
      ),
    );
  });

  it("start at student1 and fill the gaps", () => {
    expect(generateUsernames(3, ["STUDENT1", "student3"])).toEqual([
      "student2",
      "student4",
      "student5",
    ]);
  });
});

describe("easy passwords", () => {
  it("are two short words from the list and two digits", () => {
    const words = new Set<string>(PASSWORD_WORDS);
    fc.assert(
      fc.property(fc.infiniteStream(fc.nat()), (stream) => {
        const it = stream[Symbol.iterator]();
        const password = easyPassword((max) => (it.next().value as number) % max);
        const [, letters = "", digits] = /^([a-z]+)([1-9]\d)$/.exec(password) ?? [];
        expect(digits, password).toBeDefined();
        const split = [...words].some(
          (first) => letters.startsWith(first) && words.has(letters.slice(first.length)),
        );
        expect(split, password).toBe(true);
        expect(password.length).toBeLessThanOrEqual(ROSTER_LIMITS.password);
      }),
    );
  });

  it("are words a six-year-old can type", () => {
    for (const word of PASSWORD_WORDS) expect(word).toMatch(/^[a-z]{3,5}$/);
    expect(new Set(PASSWORD_WORDS).size).toBe(PASSWORD_WORDS.length);
  });

  it("come in at least a million different spellings (about 20 bits)", () => {
    // Distinct texts, not choices: two word pairs that run together alike count once.
    const pairs = new Set(PASSWORD_WORDS.flatMap((a) => PASSWORD_WORDS.map((b) => a + b)));
    const combinations = pairs.size * 90;
    expect(combinations).toBeGreaterThanOrEqual(1_000_000);
    // The count the sign-in limits are weighed against (config.ts) is that of distinct texts.
    expect(combinations).toBe(EASY_PASSWORD_COUNT);
  });

  it("use every word in either place and every number", () => {
    const draws = [0, PASSWORD_WORDS.length - 1, 89];
    const last = easyPassword(() => draws.shift() ?? 0);
    expect(last).toBe(`${PASSWORD_WORDS[0]}${PASSWORD_WORDS.at(-1)}99`);
  });
});

describe("most common level", () => {
  it("is First Grade for an empty class, else the most frequent (lower on a tie)", () => {
    expect(mostCommonLevel([])).toBe(7);
    expect(mostCommonLevel([9, 8, 9, 10])).toBe(9);
    expect(mostCommonLevel([10, 8])).toBe(8);
  });
});

describe("count text", () => {
  it("reads N students created, M available", () => {
    expect(rosterCountText(22, 30)).toBe("22 students created, 8 available");
    expect(rosterCountText(1, 5)).toBe("1 student created, 4 available");
    expect(rosterCountText(6, 5)).toBe("6 students created, 0 available");
  });
});

describe("request schemas", () => {
  it("keys a save's field errors by student.{field}", () => {
    const parsed = rosterSaveRequest.safeParse({
      verb: "save",
      student: { firstname: " ", lastname: "L", planid: 5, username: "x".repeat(26), password: "" },
    });
    expect(parsed.success).toBe(false);
    if (parsed.success) return;
    expect(fieldErrors(parsed.error)).toEqual({
      "student.firstname": ["Field is required"],
      "student.planid": [rosterMessages.chooseLevel],
      "student.username": ["Field cannot have more than 25 characters."],
      "student.password": ["Field is required"],
    });
  });

  it("accepts a blank or missing parent e-mail and refuses a malformed one", () => {
    const base = { firstname: "A", lastname: "", planid: 7, username: "a", password: "p" };
    expect(rosterStudentInput.parse({ ...base, parent_email: "  " }).parent_email).toBe("");
    expect(rosterStudentInput.parse(base).parent_email).toBeNull();
    const bad = rosterStudentInput.safeParse({ ...base, parent_email: "mom@" });
    expect(bad.success).toBe(false);
  });

  it("requires a count of students to create", () => {
    const parsed = rosterAutocreateRequest.safeParse({ verb: "autocreate" });
    expect(parsed.success).toBe(false);
    if (!parsed.success) expect(fieldErrors(parsed.error).count).toEqual(["Field is required"]);
  });

  it("gives each verb its own request and answer, on the endpoint's one path", () => {
    const { students } = rosterCalls;
    expect(
      students.autocreate.response.parse({ success: true, students: [], newids: [3] }),
    ).toEqual({ success: true, students: [], newids: [3] });
    // The list answer is not the autocreate answer: no union picks the first that fits.
    expect(students.autocreate.response.safeParse({ success: true, students: [] }).success).toBe(
      false,
    );
    expect(new Set(Object.values(students).map((c) => c.path))).toEqual(
      new Set(["/teacher/students"]),
    );
    for (const [verb, call] of Object.entries(students)) {
      expect(call.verb).toBe(verb);
      expect(call.body.safeParse({ verb: "nonsense" }).success).toBe(false);
    }
  });
});

describe("groups", () => {
  const member = (userId: number, name: string, lastname: string, userMembershipId = 0) => ({
    userId,
    name,
    lastname,
    userMembershipId,
  });
  const arbState: fc.Arbitrary<GroupsState> = fc
    .uniqueArray(fc.integer({ min: 1, max: 40 }), { maxLength: 12 })
    .chain((ids) =>
      fc
        .array(fc.integer({ min: 0, max: 3 }), { minLength: ids.length, maxLength: ids.length })
        .map((placement) => {
          const people = ids.map((id) => member(id, `N${id % 5}`, `L${id % 7}`, id));
          return {
            ungroupedStudents: people
              .filter((_, i) => placement[i] === 0)
              .map((p) => ({ ...p, userMembershipId: 0 }))
              .sort(compareByLastName),
            groups: [1, 2, 3].map((g) => ({
              details: { id: g, name: `Group ${g}` },
              memberships: people.filter((_, i) => placement[i] === g).sort(compareByLastName),
            })),
          };
        }),
    );
  const everyone = (s: GroupsState) =>
    [...s.ungroupedStudents, ...s.groups.flatMap((g) => g.memberships)].map((m) => m.userId);
  const isSorted = (list: GroupsState["ungroupedStudents"]) =>
    list.every((m, i) => i === 0 || compareByLastName(list[i - 1] as typeof m, m) <= 0);

  it("moving keeps every student exactly once, in the target, with lists sorted", () => {
    fc.assert(
      fc.property(
        arbState,
        fc.integer({ min: 1, max: 40 }),
        fc.integer({ min: 0, max: 3 }),
        (state, studentId, groupId) => {
          const next = moveStudent(state, studentId, groupId);
          expect(everyone(next).sort()).toEqual(everyone(state).sort());
          expect(isSorted(next.ungroupedStudents)).toBe(true);
          expect(next.groups.every((g) => isSorted(g.memberships))).toBe(true);
          if (everyone(state).includes(studentId)) {
            const target =
              groupId === 0
                ? next.ungroupedStudents
                : next.groups.find((g) => g.details.id === groupId)?.memberships;
            expect(target?.some((m) => m.userId === studentId)).toBe(true);
          } else {
            expect(next).toBe(state);
          }
        },
      ),
    );
  });

  it("sorts by last name, then first name, ignoring case", () => {
    const list = [member(1, "zoe", "Baker"), member(2, "Ava", "adams"), member(3, "amir", "Baker")];
    expect(list.sort(compareByLastName).map((m) => m.userId)).toEqual([2, 3, 1]);
  });

  it("leaves the state alone for an unknown group", () => {
    const state: GroupsState = { ungroupedStudents: [member(1, "A", "B")], groups: [] };
    expect(moveStudent(state, 1, 99)).toBe(state);
  });
});
