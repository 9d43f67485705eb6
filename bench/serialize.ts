/**
 * `node bench/serialize.ts`: what answering the student list of a class of 25 and of 250 costs
 * to serialize, with zod's serializer (check the answer, then JSON.stringify) and with the
 * serializer compiled once from the same schema (apps/server/src/plugins/serialize.ts).
 */
import { type RosterStudent, rosterCalls } from "@refrain/domain";
import { responseSerializer } from "../apps/server/src/plugins/serialize.ts";

const contract = rosterCalls.students.list;

function classOf(n: number): { success: true; students: RosterStudent[] } {
  const students = Array.from({ length: n }, (_, i) => ({
    id: 1000 + i,
    firstname: `First${i}`,
    lastname: `Last${i}`,
    planid: 8,
    username: `student${i}`,
    password: "blue-cat-42",
    parent_email: i % 3 === 0 ? `parent${i}@example.org` : null,
    require_3x: "inherit" as const,
    require_retake: 1 as const,
    slow_video: 0 as const,
    enable_fluency_recording: "inherit" as const,
    fluency_recording_lyrics_only: "inherit" as const,
  }));
  return { success: true, students };
}

function microseconds(run: () => unknown, rounds: number) {
  for (let i = 0; i < rounds / 10; i++) run();
  const started = process.hrtime.bigint();
  for (let i = 0; i < rounds; i++) run();
  return Number(process.hrtime.bigint() - started) / 1000 / rounds;
}

const where = { method: "POST", url: "/teacher/students" };
// "checked" false for the compiled one: production's; zod's alone is what answered before.
const compiled = responseSerializer(contract.response, where, false);
const { serializerCompiler } = await import("fastify-type-provider-zod");
const viaZod = serializerCompiler({ schema: contract.response, ...where, httpStatus: "200" }) as (
  data: unknown,
) => string;

console.log("class   zod µs   compiled µs");
for (const n of [25, 250]) {
  const answer = classOf(n);
  if (JSON.stringify(JSON.parse(compiled(answer))) !== JSON.stringify(JSON.parse(viaZod(answer))))
    throw new Error("the two serializers disagree");
  const rounds = n === 25 ? 20_000 : 3_000;
  const z = microseconds(() => viaZod(answer), rounds);
  const c = microseconds(() => compiled(answer), rounds);
  console.log(`${String(n).padStart(5)} ${z.toFixed(1).padStart(8)} ${c.toFixed(1).padStart(13)}`);
}
