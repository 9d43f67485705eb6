import { Button, Group } from "@mantine/core";
import { IconSearch } from "@tabler/icons-react";
import type { FieldValues } from "react-hook-form";
import { type Bound, FormTextInput } from "./form-fields.tsx";

/**
 * A search form's words, as the form's field `name`, and its Search button beside them, which
 * spins while `searching`.
 */
export function SearchBar<T extends FieldValues, C, O>({
  searching,
  ...field
}: Bound<T, C, O> & { label: string; maxLength: number; searching: boolean }) {
  return (
    <Group align="flex-start" gap="xs" wrap="nowrap">
      <FormTextInput {...field} style={{ flex: 1, maxWidth: 480 }} />
      <Button type="submit" mt={25} leftSection={<IconSearch size={16} />} loading={searching}>
        Search
      </Button>
    </Group>
  );
}
