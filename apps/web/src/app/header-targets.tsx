import {
  Avatar,
  Group,
  Stack,
  Text,
  UnstyledButton,
  type UnstyledButtonProps,
} from "@mantine/core";
import { initials, type SessionUser } from "@refrain/domain";
import { IconChevronDown } from "@tabler/icons-react";
import type { ComponentPropsWithRef } from "react";
import classes from "./signed-in-header.module.css";

/**
 * What the header's menus are opened with, drawn alike before and after their menus have loaded
 * (signed-in-header.tsx draws them first, header-menus.tsx once someone reaches for a menu).
 */

/** Marks a menu's button, so the loaded menus can take over the one in use (signed-in-header.tsx). */
export const HEADER_TARGET = "data-header-target";
export const ACCOUNT_TARGET = "account";
export const menuTarget = (index: number) => `menu-${index}`;

/**
 * Mantine's Menubar classes (`Menubar.classes`, its stylesheet's, and the static ones), written
 * out so the header's own chunk needs none of Menubar's code; header-targets.test.ts holds them to Mantine's.
 */
export const MENUBAR_CLASSES = {
  root: "m_de2654db mantine-Menubar-root",
  target: "m_f08a2b4a mantine-Menubar-target",
};

/** A menu bar button's label: the menu's name and a chevron, on one line. */
export function MenuTargetLabel({ label }: { label: string }) {
  return (
    <Group gap={4} wrap="nowrap">
      {label}
      <IconChevronDown size={14} />
    </Group>
  );
}

/** The menu bar's buttons' look, as Mantine's Menubar's `styles.target` takes it. */
export const MENU_TARGET_STYLE = { fontWeight: 500, whiteSpace: "nowrap" } as const;

type AccountButtonProps = { user: SessionUser } & UnstyledButtonProps &
  Omit<ComponentPropsWithRef<"button">, keyof UnstyledButtonProps>;

/** The account menu's button: the avatar, the user's name where there is room, and a chevron. */
export function AccountButton({ user, ...props }: AccountButtonProps) {
  return (
    <UnstyledButton
      aria-label={`Account menu: ${user.impersonated ? "impersonating " : ""}${user.fullname}`}
      px={6}
      py={4}
      miw={0}
      {...props}
    >
      <Group gap="xs" wrap="nowrap">
        <Avatar color="teal" radius="xl" size={36}>
          <span className={classes.initials} data-initials={initials(user.fullname)} />
        </Avatar>
        <Stack gap={0} visibleFrom="sm" miw={0} className={classes.roomy}>
          {/* The space makes the visible text "IMPERSONATING name", as the label says it. */}
          {user.impersonated && (
            <>
              <Text size="xs" fw={700} c="orange.9" lh={1.2}>
                IMPERSONATING
              </Text>{" "}
            </>
          )}
          {/* A long name is shortened to keep the header on one row; the title holds it all. */}
          <Text fw={500} size="sm" lh={1.3} maw={200} truncate title={user.fullname}>
            {user.fullname}
          </Text>
        </Stack>
        <IconChevronDown size={14} style={{ flexShrink: 0 }} />
      </Group>
    </UnstyledButton>
  );
}
