// What other areas may use of the account area (apps/web/src/borders.test.ts keeps them to it).
export { usePlans } from "./api/subscription.ts";
export { SETTINGS_PATH } from "./paths.ts";
