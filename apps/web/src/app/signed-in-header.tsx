import { Box, Burger, Group, UnstyledButton } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import type { SessionUser } from "@refrain/domain";
import {
  type KeyboardEvent,
  lazy,
  type PointerEvent,
  Suspense,
  type SyntheticEvent,
  useEffect,
  useRef,
  useState,
} from "react";
import { SETTINGS_PATH } from "../areas/account/paths.ts";
import { type PagePolicies, pageOpens } from "../lib/pages.ts";
import { HeaderBar, Wordmark } from "./header-bar.tsx";
import {
  ACCOUNT_TARGET,
  AccountButton,
  HEADER_TARGET,
  MENU_TARGET_STYLE,
  MENUBAR_CLASSES,
  MenuTargetLabel,
  menuTarget,
} from "./header-targets.tsx";
import { headerMenus, type MenuGroup } from "./menus.ts";

type HeaderMenus = typeof import("./header-menus.tsx");

let menusChunk: Promise<HeaderMenus> | undefined;
/** The menus' own chunk, loaded once; a failed load is tried again at the next reach. */
function loadMenus() {
  menusChunk ??= import("./header-menus.tsx").catch((error: unknown) => {
    menusChunk = undefined;
    throw error;
  });
  return menusChunk;
}

const NavDrawer = lazy(() => import("./nav-drawer.tsx").then((m) => ({ default: m.NavDrawer })));
// Only while an admin impersonates someone: its tooltip brings the positioning library.
const ReturnToAdminButton = lazy(() =>
  import("./return-to-admin.tsx").then((m) => ({ default: m.ReturnToAdminButton })),
);

/**
 * The header of a signed-in user: the role's menus (a menu bar, or a drawer behind the menu
 * button on narrow screens) and the account menu. Its own chunk (shell.tsx loads it lazily), so
 * the sign-in pages never download it; and it draws the menus' buttons itself, as Mantine's
 * Menubar and Menu draw them, leaving the menus (their chunk: Mantine's Menu and its positioning
 * library) until the pointer, the focus or a press reaches one of the buttons, and the drawer
 * (its scroll area, focus trap and scroll lock) until the menu button is reached for. A press or
 * key before the menus have loaded is played again on the loaded menu's button, which also takes
 * the focus, so nothing a reader does is lost.
 */
export function SignedInHeader({ user, pages }: { user: SessionUser; pages: PagePolicies }) {
  const [navOpened, nav] = useDisclosure(false);
  const [drawerWanted, setDrawerWanted] = useState(false);
  const wantDrawer = () => setDrawerWanted(true);
  const menus = headerMenus(user.role, pages);
  const hasMenus = menus.length > 0;
  const loaded = useMenusOnReach();
  const showSettings = pageOpens(pages, SETTINGS_PATH, user.role);

  return (
    <>
      <HeaderBar
        start={
          <>
            {hasMenus && (
              <Burger
                opened={navOpened}
                onClick={() => {
                  wantDrawer();
                  nav.toggle();
                }}
                onPointerEnter={wantDrawer}
                onPointerDown={wantDrawer}
                onFocus={wantDrawer}
                hiddenFrom="md"
                size="sm"
                aria-label={navOpened ? "Close the menu" : "Open the menu"}
              />
            )}
            <Wordmark />
            {hasMenus &&
              (loaded.menus ? (
                <loaded.menus.HeaderMenubar menus={menus} />
              ) : (
                <MenubarButtons menus={menus} reach={loaded.reach} />
              ))}
          </>
        }
        end={
          <Group gap="sm" wrap="nowrap" miw={0}>
            {user.impersonated && (
              <Suspense fallback={null}>
                <ReturnToAdminButton />
              </Suspense>
            )}
            {loaded.menus ? (
              <loaded.menus.UserMenu user={user} showSettings={showSettings} />
            ) : (
              <AccountButton
                user={user}
                aria-haspopup="menu"
                aria-expanded={false}
                {...{ [HEADER_TARGET]: ACCOUNT_TARGET }}
                onPointerEnter={loaded.reach}
                onPointerDown={loaded.reach}
                onFocus={loaded.reach}
                onClick={loaded.reach}
              />
            )}
          </Group>
        }
      />
      {hasMenus && drawerWanted && (
        <Suspense fallback={null}>
          <NavDrawer menus={menus} opened={navOpened} onClose={nav.close} />
        </Suspense>
      )}
    </>
  );
}

/** Keys a menu bar's button acts on (Mantine's MenubarTarget), kept for the loaded one. */
const MENUBAR_KEYS = new Set([
  "Enter",
  " ",
  "ArrowDown",
  "ArrowUp",
  "ArrowLeft",
  "ArrowRight",
  "Home",
  "End",
]);

/**
 * The menus' chunk once loaded, and `reach`, the handler of the drawn buttons' pointer, focus,
 * press and key events: it loads the chunk, and keeps a press or key to play again on the loaded
 * button of the same `data-header-target`, which then also takes the focus if its stand-in had it.
 */
function useMenusOnReach() {
  const [menus, setMenus] = useState<HeaderMenus | null>(null);
  const pending = useRef<{ target: string; key?: string; press: boolean; focused: boolean }>({
    target: "",
    press: false,
    focused: false,
  });

  useEffect(() => {
    if (!menus) return;
    const { target, key, press, focused } = pending.current;
    if (!target) return;
    // After Mantine's menus have learnt their places in the bar (in their layout effects).
    const timer = window.setTimeout(() => {
      const button = document.querySelector<HTMLElement>(`[${HEADER_TARGET}="${target}"]`);
      if (!button) return;
      if (focused) button.focus();
      if (key)
        button.dispatchEvent(
          new KeyboardEvent("keydown", { key, bubbles: true, cancelable: true }),
        );
      else if (press) button.click();
    });
    return () => window.clearTimeout(timer);
  }, [menus]);

  const reach = (event: SyntheticEvent<HTMLElement>) => {
    const target = event.currentTarget.getAttribute(HEADER_TARGET) ?? "";
    const next = pending.current;
    // A press counts from the moment the button goes down: menus arriving before it is released
    // replace the button under it, and the release then makes no click at all (a tap on a tablet
    // while the menus load, or a journey's click, did nothing).
    const pressed =
      event.type === "click" ||
      (event.type === "pointerdown" && (event as PointerEvent<HTMLElement>).button === 0);
    if (pressed) Object.assign(next, { target, press: true, key: undefined });
    else if (event.type === "keydown") {
      const { key } = event as KeyboardEvent<HTMLElement>;
      if (!MENUBAR_KEYS.has(key)) return;
      event.preventDefault();
      Object.assign(next, { target, key, press: false });
    } else if (!next.press && !next.key) next.target = target;
    void loadMenus().then(
      (loaded) => {
        // The stand-in with the focus is about to go: its loaded button takes it.
        const active = document.activeElement?.getAttribute(HEADER_TARGET);
        next.focused = Boolean(active);
        if (active) next.target = next.press || next.key ? next.target : active;
        setMenus(() => loaded);
      },
      // Offline or a new release: the next reach tries again; the buttons stay as they are.
      () => {},
    );
  };

  return { menus, reach };
}

/**
 * The menu bar as Mantine's Menubar draws it (its classes and roles, one tab stop), before its
 * menus have loaded.
 */
function MenubarButtons({
  menus,
  reach,
}: {
  menus: MenuGroup[];
  reach: (event: SyntheticEvent<HTMLElement>) => void;
}) {
  return (
    <Box
      role="menubar"
      aria-orientation="horizontal"
      aria-label="Main menu"
      visibleFrom="md"
      className={MENUBAR_CLASSES.root}
      data-menubar
    >
      {menus.map((group, index) => (
        <UnstyledButton
          key={group.label}
          role="menuitem"
          tabIndex={index === 0 ? 0 : -1}
          aria-haspopup="menu"
          aria-expanded={false}
          className={MENUBAR_CLASSES.target}
          style={MENU_TARGET_STYLE}
          data-menubar-target
          {...{ [HEADER_TARGET]: menuTarget(index) }}
          onPointerEnter={reach}
          onPointerDown={reach}
          onFocus={reach}
          onClick={reach}
          onKeyDown={reach}
        >
          <MenuTargetLabel label={group.label} />
        </UnstyledButton>
      ))}
    </Box>
  );
}
