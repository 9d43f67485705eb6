/** What other parts of the server may use of the roster area: everything else in it is its own. */
export { listGroups } from "./groups.ts";
export { rosterArea } from "./routes.ts";
