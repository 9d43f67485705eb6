// What other areas may use of the auth area (apps/web/src/borders.test.ts keeps them to it).
export { useTakeImpersonation } from "./api/take-impersonation.ts";
