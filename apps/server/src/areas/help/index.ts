/** What other parts of the server may use of the help area: everything else in it is its own. */
export { helpMediaArea } from "./media-routes.ts";
export { helpArea } from "./routes.ts";
