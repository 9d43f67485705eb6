// What other areas may use of the roster area (apps/web/src/borders.test.ts keeps them to it).
export { useDeleteStudent } from "./api/delete-student.ts";
export { groupsQuery, useGroups } from "./api/list-groups.ts";
