// What parents themselves see and call: their catalogs and the unsubscribe calls.
export * from "./i18n.ts";
export * from "./unsubscribe.ts";
