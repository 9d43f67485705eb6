import {
  Anchor,
  AppShell,
  Avatar,
  Badge,
  Burger,
  Button,
  Container,
  Drawer,
  Group,
  Menu,
  Menubar,
  NavLink,
  Text,
  ThemeIcon,
  UnstyledButton,
} from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { notifications } from "@mantine/notifications";
import {
  CLASS_OWNER_ROLES,
  initials,
  ROLE_LABELS,
  type Role,
  type SessionUser,
} from "@refrain/domain";
import {
  IconArrowBackUp,
  IconChevronDown,
  IconLogout,
  IconMusic,
  IconSettings,
} from "@tabler/icons-react";
import { Suspense } from "react";
import { Link, Outlet, useLocation } from "react-router";
import { useSession } from "../areas/auth/api/get-session.ts";
import { useLeaveImpersonation } from "../areas/auth/api/leave-impersonation.ts";
import { useLogout } from "../areas/auth/api/logout.ts";
import { RequireCompleteSignup } from "../areas/auth/components/signup-guard.tsx";
import { LoadError, PageLoader } from "../components/page-states.tsx";
import { errorText } from "../lib/api.ts";
import { headerMenus, type MenuGroup, SETTINGS_PATH } from "./menus.ts";

/** The page shell: header with the role's menus and the user menu, and the current page. */
export function Shell({ implementedPaths }: { implementedPaths: ReadonlySet<string> }) {
  const session = useSession();
  const [navOpened, nav] = useDisclosure(false);
  const user = session.data?.user ?? null;
  const menus = user ? headerMenus(user.role, implementedPaths) : [];
  const hasMenus = menus.length > 0;

  return (
    <AppShell header={{ height: 64 }} padding="md">
      <AppShell.Header>
        <Group h="100%" px="lg" justify="space-between" wrap="nowrap">
          <Group gap="lg" wrap="nowrap">
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
          </Group>
          {user ? (
            <Group gap="sm" wrap="nowrap">
              {user.impersonated && (
                <Badge color="orange" size="lg" tt="none" variant="light">
                  IMPERSONATING {user.fullname}
                </Badge>
              )}
              <UserMenu user={user} showSettings={implementedPaths.has(SETTINGS_PATH)} />
            </Group>
          ) : (
            session.isSuccess && <PublicLinks />
          )}
        </Group>
      </AppShell.Header>

      <Drawer opened={navOpened} onClose={nav.close} size={300} title="Menu">
        <nav aria-label="Main menu">
          <NavMenus menus={menus} onNavigate={nav.close} />
        </nav>
      </Drawer>

      <AppShell.Main bg="gray.0">
        <Container size="lg" py="md">
          {session.isPending ? (
            <PageLoader />
          ) : session.isError ? (
            <LoadError error={session.error} onRetry={() => void session.refetch()} />
          ) : (
            <Suspense fallback={<PageLoader />}>
              <RequireCompleteSignup>
                <Outlet />
              </RequireCompleteSignup>
            </Suspense>
          )}
        </Container>
      </AppShell.Main>
    </AppShell>
  );
}

function Wordmark() {
  return (
    <Anchor component={Link} to="/" underline="never" c="inherit" aria-label="Refrain home">
      <Group gap={8} wrap="nowrap">
        <ThemeIcon size="lg" radius="md" variant="filled">
          <IconMusic size={20} />
        </ThemeIcon>
        <Text fw={750} fz={22} lts={-0.5}>
          Refrain
        </Text>
      </Group>
    </Anchor>
  );
}

function HeaderMenubar({ menus }: { menus: MenuGroup[] }) {
  return (
    <Menubar visibleFrom="md" aria-label="Main menu" styles={{ target: { fontWeight: 500 } }}>
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
    <NavLink key={group.label} label={group.label} defaultOpened fw={600}>
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

function PublicLinks() {
  return (
    <Group gap="xs" wrap="nowrap">
      <Button component={Link} to="/pricing" variant="subtle" visibleFrom="sm">
        Pricing
      </Button>
      <Button component={Link} to="/login" variant="subtle">
        Teacher Login
      </Button>
      <Button component={Link} to="/student/login" variant="light">
        Student Login
      </Button>
    </Group>
  );
}

// The settings page is a class owner's (classroom spec); widened so `includes` takes any role.
const SETTINGS_ROLES: readonly Role[] = CLASS_OWNER_ROLES;

function UserMenu({ user, showSettings }: { user: SessionUser; showSettings: boolean }) {
  const logout = useLogout();
  const leave = useLeaveImpersonation();
  // Who is signed in changes on the server: a full load picks up the new session everywhere.
  const reloadHome = () => window.location.assign("/");
  const failed = (title: string) => (error: unknown) =>
    notifications.show({ color: "red", title, message: errorText(error) });

  return (
    <Menu position="bottom-end" width={240} withArrow>
      <Menu.Target>
        <UnstyledButton aria-label={`Account menu: ${user.fullname}`} px={6} py={4}>
          <Group gap="xs" wrap="nowrap">
            <Avatar color="teal" radius="xl" size={36}>
              {initials(user.fullname)}
            </Avatar>
            <Text fw={500} size="sm" visibleFrom="sm">
              {user.fullname}
            </Text>
            <IconChevronDown size={14} />
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
        {showSettings && SETTINGS_ROLES.includes(user.role) && (
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
            disabled={leave.isPending}
            onClick={() =>
              leave.mutate(undefined, {
                onSuccess: reloadHome,
                onError: failed("Could not return to your account"),
              })
            }
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
