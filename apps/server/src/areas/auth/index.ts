/** What other parts of the server may use of the auth area: everything else in it is its own. */
export { changeClassCode, classCodeOf } from "./class-code.ts";
export {
  adultWithEmail,
  consumeToken,
  findAdultsByEmail,
  INVITATION_LINK_MINUTES,
  invitationLetter,
  issueToken,
  passwordResetLetter,
  peekToken,
  voidLinks,
} from "./link-service.ts";
export { authArea, sessionAnswer } from "./routes.ts";
export { namedPerson } from "./service.ts";
export { freeUsername } from "./sso-service.ts";
