import { fileURLToPath } from "node:url";
import type { Locator, Page } from "@playwright/test";
import { expect, screenshot, signInAs, takingScreenshots, teacher, test } from "./fixtures.ts";

/** The demo class's groups, as ms.rivera has them: 22 students, 9 of them in no group. */
const demoGroups = [
  { name: "Bluebirds", size: 5 },
  { name: "Robins", size: 4 },
  { name: "Owls", size: 4 },
];

/**
 * A pointer drag as a person's hand makes it: small steps (dnd-kit starts after 4 px) to the
 * middle of the part of the target in view, a rest there once the target lights up, as a person
 * waits for it before letting go (a few of the page's frames), then the release.
 */
async function drag(page: Page, source: Locator, target: Locator) {
  const from = await source.boundingBox();
  const to = await target.boundingBox();
  const view = page.viewportSize();
  if (!from || !to || !view) throw new Error("drag: an element is not on screen");
  const toY = (to.y + Math.min(to.y + to.height, view.height)) / 2;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 12, from.y + from.height / 2, { steps: 4 });
  await page.mouse.move(to.x + to.width / 2, toY, { steps: 12 });
  await expect(target).toHaveAttribute("data-over", "true");
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        let frames = 20;
        const next = () => (--frames > 0 ? requestAnimationFrame(next) : resolve());
        requestAnimationFrame(next);
      }),
  );
  await page.mouse.up();
}

/** The live region dnd-kit speaks through. */
const announcement = (page: Page, text: string) =>
  page.locator("[aria-live='assertive']").filter({ hasText: text });

/**
 * Picks a student up with Space. dnd-kit's keyboard sensor starts listening for arrow keys in
 * a zero-delay timer after the pick-up; one more zero-delay timer in the page runs after it,
 * so the next key press is never sent before anyone listens (a person is never that fast).
 */
async function pickUp(page: Page, chip: Locator) {
  await chip.focus();
  await page.keyboard.press("Space");
  await expect(chip).toHaveAttribute("aria-pressed", "true");
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
}

test.describe("groups", () => {
  test("a teacher moves students by drag and drop, by keyboard and with the trash icon", async ({
    page,
    consoleGuard,
    ownClass,
  }) => {
    consoleGuard.allow(/status of 422/);
    await ownClass({ students: 22, groups: demoGroups });
    await page.goto("/teacher/groups");
    await expect(page.getByRole("heading", { name: "Groups", level: 1 })).toBeVisible();

    const ungrouped = page.getByRole("region", { name: "Students without a group" });
    const bluebirds = page.getByRole("region", { name: "Bluebirds" });
    const robins = page.getByRole("region", { name: "Robins" });
    const owls = page.getByRole("region", { name: "Owls" });
    const chips = (place: Locator) => place.locator("[aria-roledescription='draggable']");
    await expect(chips(ungrouped)).toHaveCount(9);
    await expect(chips(bluebirds)).toHaveCount(5);
    await expect(chips(robins)).toHaveCount(4);
    await expect(chips(owls)).toHaveCount(4);
    await screenshot(page, "groups");

    // Both lists are sorted by last name.
    const lastNames = async (place: Locator) =>
      (await chips(place).allTextContents()).map((name) => name.trim().split(" ").pop() ?? "");
    for (const place of [ungrouped, bluebirds]) {
      const names = await lastNames(place);
      expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    }

    // Drag and drop with the pointer, onto Robins at the foot of the window.
    const dragged = (await chips(ungrouped).first().textContent())?.trim() ?? "";
    await drag(page, chips(ungrouped).first(), robins);
    await expect(
      announcement(page, `${dragged} was dropped into the group Robins.`),
    ).toBeAttached();
    await expect(chips(robins).filter({ hasText: dragged })).toHaveCount(1);
    await expect(chips(ungrouped).filter({ hasText: dragged })).toHaveCount(0);
    await expect(chips(robins)).toHaveCount(5);

    // A collapsed group keeps its members counted.
    await bluebirds.getByRole("button", { name: "Collapse Group" }).click();
    await expect(chips(bluebirds)).toHaveCount(0);
    await expect(bluebirds.getByText("5 students")).toBeVisible();
    await expect(bluebirds.getByRole("button", { name: "Expand Group" })).toBeVisible();

    // The keyboard: Space picks up, arrows move place by place, Space drops.
    const carried = (await chips(ungrouped).first().textContent())?.trim() ?? "";
    await pickUp(page, chips(ungrouped).first());
    await expect(
      announcement(page, `${carried} is over the list of students without a group.`),
    ).toBeAttached();
    await page.keyboard.press("ArrowDown");
    await expect(announcement(page, "is over the group Bluebirds.")).toBeAttached();
    await page.keyboard.press("ArrowDown");
    await expect(announcement(page, "is over the group Robins.")).toBeAttached();
    await page.keyboard.press("ArrowDown");
    await expect(announcement(page, "is over the group Owls.")).toBeAttached();
    // Not a full-page capture: resizing the window cancels a keyboard move.
    if (takingScreenshots("groups-keyboard-move"))
      await page.screenshot({
        path: fileURLToPath(new URL("screenshots/groups-keyboard-move.png", import.meta.url)),
      });
    await page.keyboard.press("Space");
    await expect(announcement(page, `${carried} was dropped into the group Owls.`)).toBeAttached();
    await expect(chips(owls).filter({ hasText: carried })).toHaveCount(1);
    await expect(chips(ungrouped)).toHaveCount(7);

    // Escape puts a carried student back where they were.
    await pickUp(page, chips(owls).first());
    await page.keyboard.press("ArrowUp");
    await page.keyboard.press("Escape");
    await expect(chips(owls)).toHaveCount(5);

    // The trash icon returns a member to the ungrouped list.
    await robins.getByRole("button", { name: `Remove ${dragged} from Robins` }).click();
    await expect(chips(ungrouped).filter({ hasText: dragged })).toHaveCount(1);
    await expect(chips(robins)).toHaveCount(4);

    // The moves were saved.
    await page.reload();
    await expect(chips(owls).filter({ hasText: carried })).toHaveCount(1);
    await expect(chips(ungrouped)).toHaveCount(8);

    // The filter narrows the ungrouped list.
    await ungrouped.getByLabel("Filter student list").fill(dragged);
    await expect(chips(ungrouped)).toHaveCount(1);
    await ungrouped.getByLabel("Filter student list").fill("nobody at all");
    await expect(ungrouped.getByText("No student matches “nobody at all”.")).toBeVisible();
    await ungrouped.getByLabel("Filter student list").fill("");

    // Create, refuse a duplicate name, rename and delete a group.
    await page.getByLabel("New group name").fill("Cardinals");
    await page.getByRole("button", { name: "Create Group" }).click();
    const cardinals = page.getByRole("region", { name: "Cardinals" });
    await expect(cardinals.getByText("No students have been added to this group.")).toBeVisible();
    await page.getByLabel("New group name").fill("owls");
    await page.getByRole("button", { name: "Create Group" }).click();
    await expect(page.getByText("You already have a group with this name.")).toBeVisible();
    await screenshot(page, "groups-created");

    await cardinals.getByRole("button", { name: "Options for Cardinals" }).click();
    await page.getByRole("menuitem", { name: "Rename group" }).click();
    const rename = page.getByRole("dialog", { name: "Rename Cardinals" });
    await rename.getByLabel("Group name").fill("Jays");
    await rename.getByRole("button", { name: "Save" }).click();
    const jays = page.getByRole("region", { name: "Jays" });
    await expect(jays).toBeVisible();

    await jays.getByRole("button", { name: "Options for Jays" }).click();
    await page.getByRole("menuitem", { name: "Delete group" }).click();
    const confirm = page.getByRole("dialog", { name: "Delete the group Jays?" });
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expect(jays).toHaveCount(0);
  });

  test("a parent groups both of their children, and the list says everyone is placed", async ({
    page,
    ownClass,
  }) => {
    await ownClass({ userType: "parent", students: 2 });
    await page.goto("/teacher/groups");
    await expect(page.getByText("No groups yet")).toBeVisible();
    await page.getByLabel("New group name").fill("Reading buddies");
    await page.getByRole("button", { name: "Create Group" }).click();
    const group = page.getByRole("region", { name: "Reading buddies" });
    await expect(group.getByText("No students have been added to this group.")).toBeVisible();

    const ungrouped = page.getByRole("region", { name: "Students without a group" });
    const chips = ungrouped.locator("[aria-roledescription='draggable']");
    await expect(chips).toHaveCount(2);
    for (let i = 0; i < 2; i++) {
      await pickUp(page, chips.first());
      // Arrow keys move the student once the sensor has placed it over its own list.
      await expect(
        announcement(page, "is over the list of students without a group."),
      ).toBeAttached();
      await page.keyboard.press("ArrowRight");
      await expect(announcement(page, "is over the group Reading buddies.")).toBeAttached();
      await page.keyboard.press("Enter");
      await expect(chips).toHaveCount(1 - i);
    }
    await expect(ungrouped.getByText("All students have been placed into groups.")).toBeVisible();
    await screenshot(page, "groups-all-placed");
  });

  test.describe("at tablet width", () => {
    test.use({ viewport: { width: 768, height: 1024 } });

    test("the groups page", async ({ page }) => {
      await signInAs(page, teacher);
      await page.goto("/teacher/groups");
      await expect(page.getByRole("region", { name: "Owls" })).toBeVisible();
      await screenshot(page, "groups-tablet");
    });
  });
});
