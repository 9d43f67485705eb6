import { Menu, Menubar, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { ROLE_LABELS, type SessionUser } from "@refrain/domain";
import { IconArrowBackUp, IconLogout, IconSettings } from "@tabler/icons-react";
import { Link } from "react-router";
import { SETTINGS_PATH } from "../areas/account/paths.ts";
import { useLogout } from "../areas/auth/api/logout.ts";
import { errorText } from "../lib/api.ts";
import {
  ACCOUNT_TARGET,
  AccountButton,
  HEADER_TARGET,
  MENU_TARGET_STYLE,
  MenuTargetLabel,
  menuTarget,
} from "./header-targets.tsx";
import type { MenuGroup } from "./menus.ts";
import { useReturnToAdmin } from "./use-return-to-admin.ts";

/**
 * The header's menus themselves: Mantine's Menubar and Menu with the positioning library under
 * them. A chunk of its own that signed-in-header.tsx loads when someone first reaches for a menu
 * (pointer over, focus or press on one of its buttons), drawn in place of the buttons it drew.
 */

export function HeaderMenubar({ menus }: { menus: MenuGroup[] }) {
  return (
    <Menubar
      visibleFrom="md"
      aria-label="Main menu"
      // A label on one line: the account's name beside the menus gives way, never a menu.
      styles={{ target: MENU_TARGET_STYLE }}
    >
      {menus.map((group, index) => (
        <Menubar.Menu key={group.label} width={240}>
          <Menubar.Target {...{ [HEADER_TARGET]: menuTarget(index) }}>
            <MenuTargetLabel label={group.label} />
          </Menubar.Target>
          <Menubar.Dropdown>
            {group.entries.map((entry) => (
              <Menu.Item key={entry.path} component={Link} to={entry.path}>
                {entry.label}
              </Menu.Item>
            ))}
          </Menubar.Dropdown>
        </Menubar.Menu>
      ))}
    </Menubar>
  );
}

export function UserMenu({ user, showSettings }: { user: SessionUser; showSettings: boolean }) {
  const logout = useLogout();
  const back = useReturnToAdmin();
  // Who is signed in changes on the server: a full load picks up the new session everywhere.
  const reloadHome = () => window.location.assign("/");
  const failed = (title: string) => (error: unknown) =>
    notifications.show({ color: "red", title, message: errorText(error) });

  return (
    <Menu position="bottom-end" width={240} withArrow>
      <Menu.Target>
        <AccountButton user={user} {...{ [HEADER_TARGET]: ACCOUNT_TARGET }} />
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label c={user.impersonated ? "orange.8" : undefined}>
          {user.impersonated ? "IMPERSONATING" : ROLE_LABELS[user.role]}
        </Menu.Label>
        <Text px="sm" pb="xs" size="sm" fw={600}>
          {user.fullname}
        </Text>
        {showSettings && (
          <Menu.Item
            component={Link}
            to={SETTINGS_PATH.replace(":teacherId", String(user.id))}
            leftSection={<IconSettings size={16} />}
          >
            Settings and Preferences
          </Menu.Item>
        )}
        <Menu.Divider />
        {user.impersonated ? (
          <Menu.Item
            leftSection={<IconArrowBackUp size={16} />}
            disabled={back.pending}
            onClick={back.returnToAdmin}
          >
            Return to Admin
          </Menu.Item>
        ) : (
          <Menu.Item
            leftSection={<IconLogout size={16} />}
            disabled={logout.isPending}
            onClick={() =>
              logout.mutate(undefined, {
                onSuccess: reloadHome,
                onError: failed("Could not sign out"),
              })
            }
          >
            Sign Out
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
