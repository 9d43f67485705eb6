import type { Page } from "@playwright/test";
import { standInSession } from "./auth-helpers.ts";
import { watchCalls } from "./calls-in-flight.ts";
import { expect, schoolAdmin, screenshot, signInAs, test } from "./fixtures.ts";

/**
 * The header's texts that do not fit: cut by their box (unless a title holds the whole text,
 * where the header shortens a long name on purpose) or wrapped onto a second line.
 */
function headerMisfits(page: Page) {
  return page.getByRole("banner").evaluate((header) => {
    const misfits: string[] = [];
    const walker = document.createTreeWalker(header, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const box = node.parentElement;
      const text = node.textContent?.trim();
      if (!box || !text || box.getClientRects().length === 0) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.bottom)));
      if (lines.size > 1) misfits.push(`wraps: ${text}`);
      // The nearest box that clips decides whether the text is cut.
      let clip: HTMLElement | null = box;
      while (clip && clip !== header && getComputedStyle(clip).overflowX === "visible")
        clip = clip.parentElement;
      if (clip && clip !== header && clip.scrollWidth > clip.clientWidth && !clip.title)
        misfits.push(`cut: ${text}`);
    }
    return misfits;
  });
}

/**
 * The demo school's teachers have short names; a teacher's may be 45 + 45 letters long. The
 * session answers with one while the admin acts as the teacher (the header is all it changes).
 */
const longName = "Maximiliana Featherstonehaugh-Castellanos";

test("the school admin impersonates a teacher and returns to the admin home", async ({ page }) => {
  await signInAs(page, schoolAdmin);
  await page.goto("/school_admin/teachers");
  await expect(
    page.getByRole("heading", { name: "Teacher Usernames and Passwords" }),
  ).toBeVisible();
  await expect(page.getByText("seats used")).toBeVisible();
  await screenshot(page, "school-admin-teachers");

  const teachersCalls = watchCalls(page, {
    tutorial: "class_summary",
    polled: "**/teacher/recordings/by_student*",
  });
  await page.getByRole("button", { name: "Impersonate Elena Rivera" }).click();

  await expect(page.getByRole("heading", { name: "My Class" })).toBeVisible();
  await expect(page.getByText("22 students", { exact: true })).toBeVisible();
  const banner = page.getByRole("banner");
  // The way back is a button in the header, not only an entry of the account menu.
  const returnButton = banner.getByRole("button", { name: "Return to Admin" });
  await expect(returnButton).toBeVisible();
  expect(await headerMisfits(page)).toEqual([]);
  await expect(banner.getByText("IMPERSONATING", { exact: true })).toBeVisible();
  await expect(banner.getByText("Elena Rivera")).toBeVisible();
  await screenshot(page, "impersonating");

  // A long name fits too: shortened, with the whole of it in the name's title.
  await standInSession(page, (session) => ({
    ...session,
    user: session.user?.impersonated ? { ...session.user, fullname: longName } : session.user,
  }));
  await page.reload();
  await expect(banner.getByTitle(longName)).toBeVisible();
  expect(await headerMisfits(page)).toEqual([]);
  await screenshot(page, "impersonating-long-name", { fullPage: false });

  await page.getByRole("button", { name: /Account menu/ }).click();
  const menu = page.getByRole("menu");
  await expect(menu.getByText("IMPERSONATING", { exact: true })).toBeVisible();
  await expect(menu.getByText(longName)).toBeVisible();
  await expect(menu.getByRole("menuitem", { name: "Sign Out" })).toHaveCount(0);
  await expect(menu.getByRole("menuitem", { name: "Return to Admin" })).toBeVisible();
  await screenshot(page, "impersonating-menu");
  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();

  // A small laptop: the menu bar, and beside it the way back as an icon and the account's avatar.
  await page.setViewportSize({ width: 1024, height: 768 });
  await expect(returnButton).toBeInViewport();
  await expect(page.getByRole("button", { name: /Account menu/ })).toBeInViewport();
  expect(await headerMisfits(page)).toEqual([]);
  await screenshot(page, "impersonating-laptop", { fullPage: false });

  // On a tablet the button stays in the header beside the account's name.
  await page.setViewportSize({ width: 820, height: 1180 });
  await expect(returnButton).toBeInViewport();
  await expect(
    page.getByRole("button", { name: `Account menu: impersonating ${longName}` }),
  ).toBeInViewport();
  expect(await headerMisfits(page)).toEqual([]);
  await screenshot(page, "impersonating-tablet", { fullPage: false });
  await teachersCalls.settled();
  await returnButton.click();

  // Back at the admin's home: their school's usage.
  await expect(page.getByRole("heading", { name: "Maple Grove Elementary" })).toBeVisible();
  await expect(page.getByText(/IMPERSONATING/)).toHaveCount(0);
  await expect(page.getByRole("button", { name: /Account menu: Dana Hughes/ })).toBeVisible();
});
