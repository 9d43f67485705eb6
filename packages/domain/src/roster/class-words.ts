import type { Role } from "../auth.ts";

const count = (one: string, many: string) => (n: number) => (n === 1 ? `1 ${one}` : `${n} ${many}`);

/**
 * What the class owner's pages call their class. A parent teaches their own children at home,
 * where "My Class" and bare "Groups" are a school's words; the spec's roster texts (Add or Edit
 * Students, New Student) and a field's "Student" label stay, since at home the children are the
 * students. Sentences and counts about the whole class take these words.
 */
export function classWords(role: Role | null) {
  return role === "parent"
    ? {
        home: "My Children",
        groups: "Reading Groups",
        count: count("child", "children"),
        empty: "No children yet",
        emptyHint: "Your children have no accounts yet. Create them under Add or Edit Students.",
        overall: "Overall (all my children)",
        /** Whose children, as reports name a home class. */
        classOf: (owner: string) => `${owner}'s children`,
        /** One of them and all of them inside a sentence: "each child's latest exam attempt". */
        student: "child",
        students: "children",
        /** All of them as a column heading. */
        studentsHeading: "Children",
        /** What "your" names: "Each lesson your children worked", "Your children's readings". */
        classNoun: "children",
        /** One to pick: "Pick one of your children to see their scores". */
        oneStudent: "one of your children",
        studentsNotLoaded: "Your children's names could not be loaded.",
      }
    : {
        home: "My Class",
        groups: "Groups",
        count: count("student", "students"),
        empty: "No students yet",
        emptyHint:
          "Your class has no student accounts yet. Create them under Add or Edit Students.",
        overall: "Overall (whole class)",
        classOf: (owner: string) => `${owner}'s class`,
        student: "student",
        students: "students",
        studentsHeading: "Students",
        classNoun: "class",
        oneStudent: "a student of your class",
        studentsNotLoaded: "The class's students could not be loaded.",
      };
}
