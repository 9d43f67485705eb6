/**
 * `node bench/logging.ts`: what the one request line (apps/server/src/plugins/request-log.ts)
 * costs at `info`: pino writing it to /dev/null synchronously, as to a file or a pipe, on a
 * request's child logger.
 */
import pino from "pino";

const logger = pino({ level: "info" }, pino.destination({ dest: "/dev/null", sync: true }));
const request = logger.child({ reqId: crypto.randomUUID() });
const line = () =>
  request.info(
    { method: "POST", route: "/teacher/students", status: 200, ms: 1.3, user: 1234 },
    "request",
  );

const rounds = 200_000;
for (let i = 0; i < rounds / 10; i++) line();
const started = process.hrtime.bigint();
for (let i = 0; i < rounds; i++) line();
const perLine = Number(process.hrtime.bigint() - started) / 1000 / rounds;
console.log(`one request line at info: ${perLine.toFixed(2)} µs`);
