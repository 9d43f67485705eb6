import { Center, Loader, Modal, UnstyledButton, VisuallyHidden } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { lazy, Suspense } from "react";
import classes from "./free-trial-card.module.css";

// The captcha widget is loaded only when someone opens the form.
const SchoolTrialForm = lazy(() =>
  import("./school-trial-form.tsx").then((m) => ({ default: m.SchoolTrialForm })),
);

/** Our own artwork for the free school trial: a card with a book and notes rising from it. */
function FreeTrialArt() {
  return (
    <svg viewBox="0 0 320 180" width="100%" role="presentation" aria-hidden="true">
      <defs>
        <linearGradient id="trial-bg" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#0ca678" />
          <stop offset="1" stopColor="#087f5b" />
        </linearGradient>
      </defs>
      <rect width="320" height="180" rx="16" fill="url(#trial-bg)" />
      <circle cx="276" cy="28" r="64" fill="#ffffff" opacity="0.07" />
      <circle cx="36" cy="170" r="48" fill="#ffffff" opacity="0.06" />
      <g transform="translate(198 62)">
        <path d="M0 50 Q26 38 52 50 L52 92 Q26 80 0 92 Z" fill="#e6fcf5" />
        <path d="M52 50 Q78 38 104 50 L104 92 Q78 80 52 92 Z" fill="#c3fae8" />
        <path d="M52 50 L52 92" stroke="#087f5b" strokeWidth="2" />
        <g fill="#ffffff">
          <ellipse cx="30" cy="30" rx="7" ry="5" />
          <rect x="35" y="2" width="3" height="28" />
          <ellipse cx="66" cy="18" rx="7" ry="5" />
          <rect x="71" y="-10" width="3" height="28" />
          <path d="M38 2 L74 -10 L74 -3 L38 9 Z" />
        </g>
      </g>
      <text x="24" y="46" fill="#c3fae8" fontSize="13" fontWeight="700" letterSpacing="2">
        FOR SCHOOLS
      </text>
      <text x="24" y="86" fill="#ffffff" fontSize="30" fontWeight="800">
        Free School
      </text>
      <text x="24" y="120" fill="#ffffff" fontSize="30" fontWeight="800">
        Trial
      </text>
      <rect x="24" y="138" width="112" height="28" rx="14" fill="#ffffff" />
      <text x="80" y="157" fill="#087f5b" fontSize="13" fontWeight="700" textAnchor="middle">
        Sign up free
      </text>
    </svg>
  );
}

/** An image link (access spec screen 5) that opens the trial form in "Sign Up for FREE". */
export function FreeTrialCard({ maw = 320 }: { maw?: number }) {
  const [opened, modal] = useDisclosure(false);
  return (
    <>
      <UnstyledButton className={classes.card} maw={maw} onClick={modal.open}>
        {/* Named by text rather than aria-label: an aria-label must contain the artwork's words
            as the browser strings them together (WCAG 2.5.3), and the SVG runs them into one. */}
        <VisuallyHidden>Free School Trial: sign up for free</VisuallyHidden>
        <FreeTrialArt />
      </UnstyledButton>
      <Modal opened={opened} onClose={modal.close} title="Sign Up for FREE" size="lg" centered>
        <Suspense
          fallback={
            <Center py="xl">
              <Loader size="sm" />
            </Center>
          }
        >
          <SchoolTrialForm />
        </Suspense>
      </Modal>
    </>
  );
}
