/**
 * The pages whose time counts as teacher investment (access spec §3: time on the grading and
 * report pages): the class reports and the fluency grading pages.
 */
export function isTeacherTimePath(pathname: string): boolean {
  return (
    pathname.startsWith("/teacher/reports/") ||
    pathname === "/teacher/fluency" ||
    pathname.startsWith("/teacher/fluency/")
  );
}
