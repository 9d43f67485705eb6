import { Select } from "@mantine/core";
import { classWords } from "@refrain/domain";
import { useNavigate } from "react-router";
import { useViewerRole } from "../../../lib/viewer-role.ts";
import { useCriteriaStudents } from "../api/criteria.ts";

/** The class's students by name; choosing one opens their detailed report. */
export function StudentChooser({ teacherId, current }: { teacherId: number; current?: number }) {
  const navigate = useNavigate();
  const students = useCriteriaStudents(teacherId);
  const { studentsNotLoaded } = classWords(useViewerRole());
  return (
    <Select
      label="Student"
      placeholder={students.isPending ? "Loading Students..." : "Choose a student"}
      data={(students.data ?? []).map((s) => ({ value: String(s.id), label: s.name }))}
      value={current === undefined ? null : String(current)}
      onChange={(id) => id && void navigate(`/teacher/reports/detailed/${id}`)}
      allowDeselect={false}
      searchable
      nothingFoundMessage="No student by that name"
      error={students.isError ? studentsNotLoaded : undefined}
      w={{ base: "100%", xs: 300 }}
    />
  );
}
