/**
 * What a lapsed class is told (subscription.ts decides when a class has lapsed). Apart from the
 * subscription's schemas, so that a student's home, which shows the student's words, does not
 * download them.
 */
export const lapsedMessages = {
  /** To a teacher or parent whose trial or subscription ended. */
  owner:
    "Your Refrain subscription has ended. Everything your class made is kept: subscribe in Settings and Preferences to add students, assign lessons and let your class practice again.",
  /** To a student of such a class. */
  student:
    "Your class's Refrain subscription has ended. Your scores and readings are kept; ask your teacher to renew it to keep practicing.",
} as const;
