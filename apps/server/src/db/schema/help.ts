import { integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./core.ts";

/**
 * A tutorial popup a user completed ("Complete This Step"): it does not come back for them. The
 * name is one of the domain's TUTORIALS; a renamed tutorial simply shows again.
 */
export const tutorialCompletions = pgTable(
  "tutorial_completions",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    completedAt: timestamp("completed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.name] })],
);
