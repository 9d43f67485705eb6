export * from "./auth.ts";
export * from "./core.ts";
export * from "./lessons.ts";
