import { zodResolver } from "@hookform/resolvers/zod";
import { Group, Paper, Radio, Stack } from "@mantine/core";
import { SEARCH_QUERY, type SearchInput, type SearchRole, searchRequest } from "@refrain/domain";
import { useForm } from "react-hook-form";
import { ErrorAlert } from "../../../components/form-alerts.tsx";
import { FormRadioGroup } from "../../../components/form-fields.tsx";
import { PageLoader } from "../../../components/page-states.tsx";
import { PageTitle } from "../../../components/page-title.tsx";
import { SearchBar } from "../../../components/search-bar.tsx";
import { applyFieldErrors } from "../../../lib/form-errors.ts";
import { useSearchPeople } from "../api/search-people.ts";
import { SearchResults } from "../components/search-results.tsx";

const ROLE_LABELS: Record<SearchRole, string> = {
  teacher: "Search Teachers",
  student: "Search Students",
};

/**
 * Search Teachers and Students (access spec screen 17): find anyone of the district by login,
 * name or e-mail and log in as them.
 */
export function DistrictSearchPage() {
  const search = useSearchPeople();
  const form = useForm<SearchInput>({
    resolver: zodResolver(searchRequest),
    defaultValues: { role: "teacher", q: "" },
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit((values) =>
    search.mutate(values, {
      onError: (error) => applyFieldErrors(form, error, ["role", "q"]),
    }),
  );
  // The results keep the role and words they were found with, whatever is typed since.
  const searched = search.variables;
  const fieldRefused = errors.q?.type === "server" || errors.role?.type === "server";

  return (
    <Stack gap="lg">
      <PageTitle>Search Teachers and Students</PageTitle>
      <Paper withBorder p="lg">
        <form onSubmit={onSubmit} noValidate aria-label="Search the district">
          <Stack gap="md">
            <FormRadioGroup form={form} name="role" aria-label="Search for">
              <Group gap="lg">
                {(Object.keys(ROLE_LABELS) as SearchRole[]).map((role) => (
                  <Radio key={role} value={role} label={ROLE_LABELS[role]} />
                ))}
              </Group>
            </FormRadioGroup>
            <SearchBar
              form={form}
              name="q"
              label="Login/Name/Email"
              maxLength={SEARCH_QUERY.max}
              searching={search.isPending}
            />
          </Stack>
        </form>
      </Paper>
      {search.isPending && <PageLoader label="Searching..." />}
      {search.isError && !fieldRefused && <ErrorAlert error={search.error} />}
      {search.isSuccess && searched && (
        <SearchResults role={searched.role} query={searched.q.trim()} answer={search.data.data} />
      )}
    </Stack>
  );
}
