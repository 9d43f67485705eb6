import { randomInt, timingSafeEqual } from "node:crypto";
import { CLASS_CODE_ALPHABET, CLASS_CODE_LENGTH, normalClassCode } from "@refrain/domain";
import { and, eq, isNull } from "drizzle-orm";
import type { RateLimiter } from "../../core/limits.ts";
import type { Db } from "../../db/client.ts";
import { users } from "../../db/schema/index.ts";
import { CLASS_ON_DEVICE } from "./login-limits.ts";

export function newClassCode(): string {
  let code = "";
  for (let i = 0; i < CLASS_CODE_LENGTH; i++)
    code += CLASS_CODE_ALPHABET[randomInt(CLASS_CODE_ALPHABET.length)];
  return code;
}

/**
 * The class code of `teacherId`'s class, made the first time it is needed (the settings page,
 * the login cards). Two first asks at once agree: only the first update finds it unset.
 */
export async function classCodeOf(db: Db, teacherId: number): Promise<string> {
  const [made] = await db
    .update(users)
    .set({ classCode: newClassCode() })
    .where(and(eq(users.id, teacherId), isNull(users.classCode)))
    .returning({ classCode: users.classCode });
  if (made?.classCode) return made.classCode;
  const [row] = await db
    .select({ classCode: users.classCode })
    .from(users)
    .where(eq(users.id, teacherId));
  return row?.classCode ?? "";
}

/**
 * A new code for the class, for a code that went around: the browsers that showed the class's
 * tiles (by the old code or a sign-in) are forgotten, and show them again after the new code
 * or a sign-in of the class there.
 */
export async function changeClassCode(db: Db, limiter: RateLimiter, teacherId: number) {
  const classCode = newClassCode();
  await db.update(users).set({ classCode }).where(eq(users.id, teacherId));
  await limiter.forgetStartingWith(CLASS_ON_DEVICE(teacherId));
  return classCode;
}

/** Whether `typed` is the class's code, however it was spaced or cased. */
export function classCodeMatches(saved: string | null, typed: string): boolean {
  if (!saved) return false;
  const a = Buffer.from(normalClassCode(typed));
  const b = Buffer.from(saved);
  return a.length === b.length && timingSafeEqual(a, b);
}
