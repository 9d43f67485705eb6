// What other areas may use of the screening area (apps/web/src/borders.test.ts keeps them to it).
export { TierBadge } from "./components/tier-cards.tsx";
