// What other areas may use of the privacy area (apps/web/src/borders.test.ts keeps them to it).
export { DistrictRetentionPanel } from "./components/district-retention-form.tsx";
export { KeptUntil, useRemovedOn } from "./components/kept-until.tsx";
export { ViewedByButton } from "./components/viewed-by-button.tsx";
export { dayOf } from "./retention-text.ts";
