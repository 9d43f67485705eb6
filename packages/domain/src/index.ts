export * from "./admin.ts";
export * from "./auth.ts";
export * from "./learning.ts";
export * from "./lessons.ts";
export * from "./roster.ts";
export * from "./validation.ts";
