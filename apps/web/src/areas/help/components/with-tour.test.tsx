import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { staticMarkup as html } from "../../../components/static-markup.tsx";
import { tutorialQuery } from "../api/get-tutorial.ts";
import { WithTour } from "./tutorial-popup.tsx";

const page = (client: QueryClient) =>
  html(
    <WithTour name="roster">
      <h1>Add or Edit Students</h1>
    </WithTour>,
    client,
  );

describe("WithTour", () => {
  // Once its call has failed, not after the retries: page-states.test.tsx (awaitingFirstAnswer).
  it("shows a loader in the page's place until the tour has answered, so that its card comes with the page", () => {
    const waiting = page(new QueryClient());
    expect(waiting).toContain('role="status"');
    expect(waiting).not.toContain("Add or Edit Students");

    const answered = new QueryClient();
    answered.setQueryData(tutorialQuery("roster").queryKey, { success: false });
    expect(page(answered)).toContain("<h1>Add or Edit Students</h1>");
  });
});
