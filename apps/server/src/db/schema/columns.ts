import { type AnyPgColumn, integer, timestamp } from "drizzle-orm/pg-core";

/**
 * Columns many tables share, written once. Each is a function, so that every table gets a column
 * builder of its own rather than one shared between tables.
 */

/** A moment, kept with its time zone as every moment here is. */
export const timestamptz = (name: string) => timestamp(name, { withTimezone: true });

/** When the row was written: the database fills it in. */
export const createdAt = () => timestamptz("created_at").notNull().defaultNow();

/** When the row last changed: filled in on insert, set by each update. */
export const updatedAt = () => timestamptz("updated_at").notNull().defaultNow();

/** A key to the row this one belongs to: deleting that row deletes this one. */
export const cascadingRef = (name: string, target: () => AnyPgColumn) =>
  integer(name).notNull().references(target, { onDelete: "cascade" });

/** A key to a row this one only mentions (who did something): it is emptied when that goes. */
export const nullingRef = (name: string, target: () => AnyPgColumn) =>
  integer(name).references(target, { onDelete: "set null" });
