import type { Db } from "../db/client.ts";
import { schools } from "../db/schema/index.ts";

/**
 * Schools without Refrain accounts, so the sign-up form's ZIP lookup finds a few in several
 * places. The names are invented; the list is fixed, so every demo world has the same ones.
 */
export const DEMO_SIGNUP_SCHOOLS: {
  name: string;
  zip: string;
  city: string;
  state: string;
}[] = [
  { name: "Willamette Heights Elementary", zip: "97201", city: "Portland", state: "OR" },
  { name: "Terwilliger Creek School", zip: "97201", city: "Portland", state: "OR" },
  { name: "Park Blocks Academy", zip: "97205", city: "Portland", state: "OR" },
  { name: "Goose Hollow Elementary", zip: "97205", city: "Portland", state: "OR" },
  { name: "Lantern Street Primary", zip: "97205", city: "Portland", state: "OR" },
  { name: "Chelsea Commons Elementary", zip: "10001", city: "New York", state: "NY" },
  { name: "Hudson Yards Community School", zip: "10001", city: "New York", state: "NY" },
  { name: "Penn Station Reading Academy", zip: "10001", city: "New York", state: "NY" },
  { name: "Lakefront Loop Elementary", zip: "60601", city: "Chicago", state: "IL" },
  { name: "Riverwalk Primary School", zip: "60601", city: "Chicago", state: "IL" },
  { name: "Bluebonnet Trail Elementary", zip: "73301", city: "Austin", state: "TX" },
  { name: "Live Oak Learning Center", zip: "73301", city: "Austin", state: "TX" },
  { name: "Pecan Grove Elementary", zip: "73301", city: "Austin", state: "TX" },
  { name: "Mission Murals Elementary", zip: "94110", city: "San Francisco", state: "CA" },
  { name: "Bernal Hill School", zip: "94110", city: "San Francisco", state: "CA" },
];

export async function seedDemoSchools(db: Db) {
  await db.insert(schools).values(DEMO_SIGNUP_SCHOOLS);
}
