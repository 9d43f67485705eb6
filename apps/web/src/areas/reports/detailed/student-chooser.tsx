import { Select } from "@mantine/core";
import { useNavigate } from "react-router";
import { useCriteriaStudents } from "../api/criteria.ts";

/** The class's students by name; choosing one opens their detailed report. */
export function StudentChooser({ teacherId, current }: { teacherId: number; current?: number }) {
  const navigate = useNavigate();
  const students = useCriteriaStudents(teacherId);
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
      error={students.isError ? "The class's students could not be loaded." : undefined}
      w={{ base: "100%", xs: 300 }}
    />
  );
}
