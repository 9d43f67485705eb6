/** What other parts of the server may use of the leads area: everything else in it is its own. */
export { leadsArea } from "./routes.ts";
