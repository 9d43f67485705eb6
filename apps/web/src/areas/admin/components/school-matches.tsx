import { Select, SimpleGrid } from "@mantine/core";
import type { ImportDetail, ImportPreview } from "@refrain/domain";
import { IconLock } from "@tabler/icons-react";
import {
  type SchoolMatches as Matches,
  matchNote,
  NEW_SCHOOL,
  schoolChoices,
} from "../roster-import-view.ts";

const people = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * Each school of the package, and the district's school it goes to or a new one. The preview's
 * proposals come first; a school an earlier import linked stays linked (the server keeps it),
 * so its choice is shown, not offered.
 */
export function SchoolMatches({
  schools,
  districtSchools,
  matches,
  onChange,
}: {
  schools: ImportPreview["schools"];
  districtSchools: ImportDetail["districtSchools"];
  matches: Matches;
  onChange: (matches: Matches) => void;
}) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
      {schools.map((school) => {
        const chosen = matches[school.sourcedId] ?? null;
        return (
          <Select
            key={school.sourcedId}
            label={school.name}
            description={`${people(school.teachers, "teacher", "teachers")}, ${people(
              school.students,
              "student",
              "students",
            )} · ${matchNote(school, chosen)}`}
            data={schoolChoices(districtSchools, matches, school.sourcedId)}
            value={chosen === null ? NEW_SCHOOL : String(chosen)}
            onChange={(value) =>
              onChange({
                ...matches,
                [school.sourcedId]: !value || value === NEW_SCHOOL ? null : Number(value),
              })
            }
            allowDeselect={false}
            readOnly={school.how === "sourcedId"}
            rightSection={
              school.how === "sourcedId" ? <IconLock size={14} aria-hidden /> : undefined
            }
            searchable
          />
        );
      })}
    </SimpleGrid>
  );
}
