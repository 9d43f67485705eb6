// Mantine's Select (its combobox, popover and positioning library) as a chunk of its own for
// criteria-select.tsx to import when reached for: importing "@mantine/core" there would bring
// the whole library.
export { Select } from "@mantine/core";
