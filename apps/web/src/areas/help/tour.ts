import type { TourStep } from "@refrain/domain";
import { driver } from "driver.js";
import "driver.js/dist/driver.css";
import "./tour.css";

/**
 * The guided tour of a page: each step highlights the real control (`data-tour`) and says what it
 * is for. A step whose control the page does not show now (an empty class has no table) is
 * skipped. The last step's button is Complete This Step; closing early only ends the tour.
 */
export function startTour(steps: readonly TourStep[], onComplete: () => void) {
  const shown = steps.filter((step) => document.querySelector(`[data-tour="${step.target}"]`));
  if (shown.length === 0) return false;
  const tour = driver({
    showProgress: true,
    progressText: "Step {{current}} of {{total}}",
    nextBtnText: "Next",
    prevBtnText: "Back",
    doneBtnText: "Complete This Step",
    popoverClass: "refrain-tour",
    stagePadding: 6,
    onDoneClick: () => {
      tour.destroy();
      onComplete();
    },
    steps: shown.map((step) => ({
      element: `[data-tour="${step.target}"]`,
      popover: { title: step.title, description: step.text },
    })),
  });
  tour.drive();
  return true;
}
