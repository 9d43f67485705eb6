export * from "./auth.ts";
export * from "./core.ts";
export * from "./leads.ts";
export * from "./learning.ts";
export * from "./lessons.ts";
export * from "./mail.ts";
export * from "./roster.ts";
