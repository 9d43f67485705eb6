// What other areas may use of the help area (apps/web/src/borders.test.ts keeps them to it).
export { tutorialQuery } from "./api/get-tutorial.ts";
export { TutorialPopup, WithTour } from "./components/tutorial-popup.tsx";
