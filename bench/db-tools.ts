/** What the database benches share: raw rows of a statement, and a spy on the statements run. */
import type { SQL } from "drizzle-orm";
import type { Db } from "../apps/server/src/db/client.ts";

export async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** Records the raw statements a service runs, so a bench can explain the ones it timed. */
export function spying(db: Db) {
  const seen: SQL[] = [];
  const spy = new Proxy(db, {
    get(target, key, receiver) {
      if (key !== "execute") return Reflect.get(target, key, receiver);
      return (query: SQL) => {
        seen.push(query);
        return target.execute(query);
      };
    },
  });
  return { spy, seen };
}
