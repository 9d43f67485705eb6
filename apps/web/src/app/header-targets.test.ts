import { Menubar } from "@mantine/core";
import { describe, expect, it } from "vitest";
import { MENUBAR_CLASSES } from "./header-targets.tsx";

describe("the header's menu bar before its menus load", () => {
  it("draws with Mantine's own Menubar classes", () => {
    expect(MENUBAR_CLASSES.root.split(" ")).toEqual([Menubar.classes.root, "mantine-Menubar-root"]);
    expect(MENUBAR_CLASSES.target.split(" ")).toEqual([
      Menubar.classes.target,
      "mantine-Menubar-target",
    ]);
  });
});
