import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { staticMarkup } from "../../../components/static-markup.tsx";
import { AddTeachersPanel } from "./add-teachers-panel.tsx";

/** The panel as the browser first gets it. */
function panel(used: number, seats: number) {
  return staticMarkup(
    <MemoryRouter>
      <AddTeachersPanel used={used} seats={seats} />
    </MemoryRouter>,
  );
}

describe("AddTeachersPanel", () => {
  it("offers the invitation while a seat is free, its button off until the form is valid", () => {
    const html = panel(2, 10);
    expect(html).toContain("Send Invitation");
    expect(html).toMatch(
      /<button[^>]*disabled[^>]*type="submit"|<button[^>]*type="submit"[^>]*disabled/,
    );
    expect(html).toContain("Add New Teachers");
    expect(html).not.toContain("All seats are used");
  });

  it("says how to get more seats once all are used", () => {
    const html = panel(10, 10);
    expect(html).not.toContain("Send Invitation");
    expect(html).not.toContain("Add New Teachers");
    expect(html).toContain("All 10 teacher seats");
    expect(html).toContain('href="/quote"');
  });
});
