/**
 * What other areas may use of auth (docs/architecture.md: the server's areas are getting one
 * entry file each, as the web's have): the class code the account settings and login cards
 * show, and voiding a new password's outstanding links.
 */
export { changeClassCode, classCodeOf } from "./class-code.ts";
export { voidLinks } from "./link-service.ts";
