/** What other parts of the server may use of the admin area: everything else in it is its own. */
export { searchDistrict } from "./people.ts";
export { adminQueues } from "./queues.ts";
export { adminArea } from "./routes.ts";
export { listDistrictSchools, listSchoolTeachers } from "./service.ts";
export { schoolBreakdown } from "./usage.ts";
