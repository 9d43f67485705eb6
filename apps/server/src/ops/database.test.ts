import { describe, expect, it } from "vitest";
import { describeUrl, shippedMigrations, toolConnection } from "./database.ts";

describe("the database's part of a backup", () => {
  it("gives pg_dump and pg_restore the password in their environment, never on the command line", () => {
    expect(
      toolConnection("postgres://app:s%40cret@db.internal:5433/refrain?sslmode=require"),
    ).toEqual({
      dbname: "postgres://app@db.internal:5433/refrain?sslmode=require",
      env: { PGPASSWORD: "s@cret" },
    });
    expect(toolConnection("postgres://postgres@127.0.0.1/postgres")).toEqual({
      dbname: "postgres://postgres@127.0.0.1/postgres",
      env: {},
    });
  });

  it("prints a database as its server and name only", () => {
    expect(describeUrl("postgres://app:secret@db.internal:5433/refrain")).toBe(
      "PostgreSQL db.internal:5433/refrain",
    );
  });

  it("knows the migrations this code ships, in order", () => {
    const tags = shippedMigrations();
    expect(tags[0]).toBe("0000_core");
    expect([...tags].sort()).toEqual(tags);
  });
});
