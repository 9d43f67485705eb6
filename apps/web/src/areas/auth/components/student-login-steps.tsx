import {
  Avatar,
  Group,
  PasswordInput,
  type PasswordInputProps,
  SimpleGrid,
  Text,
  UnstyledButton,
} from "@mantine/core";
import { initials, type StudentTile } from "@refrain/domain";
import classes from "../pages/student-login-page.module.css";

/**
 * The student login's later steps, loaded while the teacher's username is checked: a student on
 * the first step never downloads the name tiles or the password field.
 */

/** The class's name tiles: the student clicks their own. */
export function StudentTiles({
  tiles,
  busy,
  onPick,
}: {
  tiles: StudentTile[];
  busy: boolean;
  onPick: (tile: StudentTile) => void;
}) {
  return (
    <SimpleGrid cols={{ base: 2, xs: 3, sm: 4 }} spacing="sm">
      {tiles.map((tile) => (
        <UnstyledButton
          key={tile.id}
          className={classes.tile}
          onClick={() => onPick(tile)}
          disabled={busy}
        >
          <Avatar color="initials" name={tile.name} size="lg" radius="xl" aria-hidden>
            {initials(tile.name)}
          </Avatar>
          <Text fw={600} ta="center" lh={1.2}>
            {tile.name}
          </Text>
        </UnstyledButton>
      ))}
    </SimpleGrid>
  );
}

/** Who is signing in, and their password. */
export function PasswordStep({ student, ...field }: { student: string } & PasswordInputProps) {
  return (
    <>
      <Group gap="sm">
        <Avatar color="teal" radius="xl">
          {initials(student)}
        </Avatar>
        <Text fw={600}>{student}</Text>
      </Group>
      <PasswordInput {...field} label="Password" autoComplete="current-password" />
    </>
  );
}
