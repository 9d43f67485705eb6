import { Drawer, NavLink } from "@mantine/core";
import { useEffect, useState } from "react";
import { Link, useLocation } from "react-router";
import type { MenuGroup } from "./menus.ts";

/**
 * The role's menus below the desktop breakpoint, in the drawer behind the menu button: a chunk
 * of its own (Mantine's Drawer with its scroll area, focus trap and scroll lock), which
 * signed-in-header.tsx loads only once the menu button is reached for.
 */
export function NavDrawer({
  menus,
  opened,
  onClose,
}: {
  menus: MenuGroup[];
  opened: boolean;
  onClose: () => void;
}) {
  // Drawn closed first, then opened: a drawer that opens as it mounts neither slides in nor
  // notes the menu button to give the focus back to on closing.
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return (
    <Drawer opened={opened && mounted} onClose={onClose} size={300} title="Menu">
      <nav aria-label="Main menu">
        <NavMenus menus={menus} onNavigate={onClose} />
      </nav>
    </Drawer>
  );
}

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
