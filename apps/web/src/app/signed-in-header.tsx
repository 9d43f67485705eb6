import {
  Avatar,
  Burger,
  Drawer,
  Group,
  Menu,
  Menubar,
  NavLink,
  Stack,
  Text,
  UnstyledButton,
} from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { notifications } from "@mantine/notifications";
import { initials, ROLE_LABELS, type SessionUser } from "@refrain/domain";
import { IconArrowBackUp, IconChevronDown, IconLogout, IconSettings } from "@tabler/icons-react";
import { Link, useLocation } from "react-router";
import { SETTINGS_PATH } from "../areas/account/paths.ts";
import { useLogout } from "../areas/auth/api/logout.ts";
import { errorText } from "../lib/api.ts";
import { type PagePolicies, pageOpens } from "../lib/pages.ts";
import { HeaderBar, Wordmark } from "./header-bar.tsx";
import { headerMenus, type MenuGroup } from "./menus.ts";
import { ReturnToAdminButton, useReturnToAdmin } from "./return-to-admin.tsx";
import classes from "./signed-in-header.module.css";

/**
 * The header of a signed-in user: the role's menus (a menu bar, or a drawer behind the menu
 * button on narrow screens) and the account menu. Its own chunk (shell.tsx loads it lazily), so
 * the sign-in pages never download Mantine's menus, drawer and their positioning library.
 */
export function SignedInHeader({ user, pages }: { user: SessionUser; pages: PagePolicies }) {
  const [navOpened, nav] = useDisclosure(false);
  const menus = headerMenus(user.role, pages);
  const hasMenus = menus.length > 0;

  return (
    <>
      <HeaderBar
        start={
          <>
            {hasMenus && (
              <Burger
                opened={navOpened}
                onClick={nav.toggle}
                hiddenFrom="md"
                size="sm"
                aria-label={navOpened ? "Close the menu" : "Open the menu"}
              />
            )}
            <Wordmark />
            {hasMenus && <HeaderMenubar menus={menus} />}
          </>
        }
        end={
          <Group gap="sm" wrap="nowrap" miw={0}>
            {user.impersonated && <ReturnToAdminButton />}
            <UserMenu user={user} showSettings={pageOpens(pages, SETTINGS_PATH, user.role)} />
          </Group>
        }
      />
      <Drawer opened={navOpened} onClose={nav.close} size={300} title="Menu">
        <nav aria-label="Main menu">
          <NavMenus menus={menus} onNavigate={nav.close} />
        </nav>
      </Drawer>
    </>
  );
}

function HeaderMenubar({ menus }: { menus: MenuGroup[] }) {
  return (
    <Menubar
      visibleFrom="md"
      aria-label="Main menu"
      // A label on one line: the account's name beside the menus gives way, never a menu.
      styles={{ target: { fontWeight: 500, whiteSpace: "nowrap" } }}
    >
      {menus.map((group) => (
        <Menubar.Menu key={group.label} width={240}>
          <Menubar.Target>
            <Group gap={4} wrap="nowrap">
              {group.label}
              <IconChevronDown size={14} />
            </Group>
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

/** The same menus below the desktop breakpoint, in the burger's drawer. */
function NavMenus({ menus, onNavigate }: { menus: MenuGroup[]; onNavigate: () => void }) {
  const { pathname } = useLocation();
  return menus.map((group) => (
    // A button, not Mantine's default link without an address, which may not be aria-expanded.
    <NavLink key={group.label} component="button" label={group.label} defaultOpened fw={600}>
      {group.entries.map((entry) => (
        <NavLink
          key={entry.path}
          component={Link}
          to={entry.path}
          label={entry.label}
          active={pathname === entry.path}
          onClick={onNavigate}
        />
      ))}
    </NavLink>
  ));
}

function UserMenu({ user, showSettings }: { user: SessionUser; showSettings: boolean }) {
  const logout = useLogout();
  const back = useReturnToAdmin();
  // Who is signed in changes on the server: a full load picks up the new session everywhere.
  const reloadHome = () => window.location.assign("/");
  const failed = (title: string) => (error: unknown) =>
    notifications.show({ color: "red", title, message: errorText(error) });

  return (
    <Menu position="bottom-end" width={240} withArrow>
      <Menu.Target>
        <UnstyledButton
          aria-label={`Account menu: ${user.impersonated ? "impersonating " : ""}${user.fullname}`}
          px={6}
          py={4}
          miw={0}
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
