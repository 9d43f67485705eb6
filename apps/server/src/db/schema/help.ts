import { pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { cascadingRef, timestamptz } from "./columns.ts";
import { users } from "./core.ts";

/**
 * A tutorial popup a user completed ("Complete This Step"): it does not come back for them. The
 * name is one of the domain's TUTORIALS; a renamed tutorial simply shows again.
 */
export const tutorialCompletions = pgTable(
  "tutorial_completions",
  {
    userId: cascadingRef("user_id", () => users.id),
    name: text("name").notNull(),
    completedAt: timestamptz("completed_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.name] })],
);
