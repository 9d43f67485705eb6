import Fastify from "fastify";

// The ceiling: a bare Fastify answering JSON on this machine, measured in the same run.
const app = Fastify();
app.get("/", async () => ({ hello: "world" }));
await app.listen({ host: "127.0.0.1", port: Number(process.env.PORT) });
console.log("ready");
