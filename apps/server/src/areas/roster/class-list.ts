import {
  type ClassListCells,
  type ClassListStudent,
  checkClassList,
  classListErrors,
  classListMessages,
} from "@refrain/domain";
import { allStudentsOf } from "../../core/access.ts";
import type { Auth } from "../../core/context.ts";
import { invalid } from "../../core/errors.ts";
import type { StudentPasswordBox } from "../../core/passwords.ts";
import type { Db } from "../../db/client.ts";
import { users } from "../../db/schema/index.ts";
import { uniqueViolation } from "../../db/unique.ts";
import {
  addStudents,
  checkClassLimit,
  easyCredentials,
  listStudents,
  type Tx,
  usernameInUse,
} from "./service.ts";

/**
 * The rows as the class now stands, checked by the roster's rules (domain checkClassList, as
 * the browser's preview checked them): the students to create, or a 422 naming every problem
 * as students.{index}.{column}, creating nobody.
 */
async function studentsToCreate(
  db: Db | Tx,
  teacherId: number,
  rows: readonly Required<ClassListCells>[],
): Promise<ClassListStudent[]> {
  const classmates = await db
    .select({
      username: users.username,
      firstname: users.firstName,
      lastname: users.lastName,
      planid: users.planId,
    })
    .from(users)
    .where(allStudentsOf(teacherId));
  const checked = checkClassList(rows, { classmates });
  const refused = checked.filter((row) => row.student === null).length;
  if (refused > 0) throw invalid(classListErrors(checked), classListMessages.refused(refused));
  return checked.flatMap((row) => (row.student ? [row.student] : []));
}

/**
 * Creates the students of a class list (issue 21), all of them or none: each with the names,
 * username, level and parent e-mail of its row and an easy password, as autocreate makes them,
 * with one audit row naming them. Answers the whole class and the new ids.
 */
export async function createClassList(
  db: Db,
  box: StudentPasswordBox,
  auth: Auth,
  rows: readonly Required<ClassListCells>[],
  ip: string,
) {
  const teacherId = auth.user.id;
  // A list with a problem is refused before the slow hashing; the check is made again under
  // the class limit's lock, where it decides.
  await studentsToCreate(db, teacherId, rows);
  const credentials = await easyCredentials(rows.length);
  try {
    const newids = await db.transaction(async (tx) => {
      await checkClassLimit(tx, teacherId, rows.length, "students");
      const students = await studentsToCreate(tx, teacherId, rows);
      const newStudents = students.map((student) => ({
        username: student.username,
        firstName: student.firstname,
        lastName: student.lastname,
        planId: student.planid,
        parentEmail: student.parent_email,
      }));
      return addStudents(tx, { box, auth, ip }, newStudents, credentials, {
        source: "class_list",
      });
    });
    return { students: await listStudents(db, box, teacherId), newids };
  } catch (error) {
    // A save racing for one of the usernames: the class's unique index decides.
    if (uniqueViolation(error) !== null) throw usernameInUse("students");
    throw error;
  }
}
