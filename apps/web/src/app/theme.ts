import {
  type CSSVariablesResolver,
  createTheme,
  DEFAULT_THEME,
  type MantineColorsTuple,
} from "@mantine/core";

/** One of Mantine's palettes with shades 6, 8 or 9 replaced. */
function withShades(name: string, shades: { 6?: string; 8?: string; 9?: string }) {
  const base = DEFAULT_THEME.colors[name];
  if (!base) throw new Error(`Mantine has no colour ${name}`);
  const [c0, c1, c2, c3, c4, c5, c6, c7, c8, c9] = base;
  // Written out rather than through Mantine's colorsTuple(), whose import splits the first
  // download into twice as many files.
  const palette: MantineColorsTuple = [
    c0,
    c1,
    c2,
    c3,
    c4,
    c5,
    shades[6] ?? c6,
    c7,
    shades[8] ?? c8,
    shades[9] ?? c9,
  ];
  return palette;
}

/**
 * Shade 8 fills buttons, badges and checkboxes and colours links and coloured text (it is the
 * primary shade below); shade 9 is their hover and the text of light variants (on shade 1).
 * These two are darker than Mantine's for the colours whose own 8 and 9 miss WCAG AA (4.5:1)
 * against white text, white, or the page's grey (gray.0).
 */
const accessible = (name: string, shade8: string, shade9: string) =>
  withShades(name, { 8: shade8, 9: shade9 });

/** Calm and readable for classrooms: one teal accent, soft corners, no heavy shadows. */
const COMBOBOX_OPTIONS = { maxHeight: 360, overflowY: "auto" } as const;

export const theme = createTheme({
  primaryColor: "teal",
  // Mantine fills with shade 6 by default: white on its teal 6 is 2.5:1.
  primaryShade: 8,
  colors: {
    // White on teal 8 is 5.7:1, teal 8 on the grey page 5.4:1, teal 9 on teal 1 6.4:1.
    teal: accessible("teal", "#0a7558", "#08614a"),
    red: accessible("red", "#c92a2a", "#b02525"),
    orange: accessible("orange", "#c2410c", "#a8380b"),
    yellow: accessible("yellow", "#a16207", "#8a5206"),
    green: accessible("green", "#237a36", "#1e6b30"),
    cyan: accessible("cyan", "#0b7285", "#0a6475"),
    lime: accessible("lime", "#4d7c0f", "#436c0d"),
    // Grey 6 is the hint colour (`c="dimmed"`, input descriptions, notification texts):
    // Mantine's #868e96 is 3.3:1 on white, this one 5.8:1 (5.5:1 on the grey page).
    gray: withShades("gray", { 6: "#5f666d" }),
  },
  defaultRadius: "md",
  fontFamily:
    "Inter, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
  headings: { fontWeight: "650" },
  cursorType: "pointer",
  // Transitions off for a reader whose system asks for less motion (motion.css does the rest).
  respectReducedMotion: true,
  // Plain objects rather than Component.extend(): the theme is in every page's first download.
  components: {
    // A link inside a sentence must not rely on its colour alone (WCAG 1.4.1).
    Anchor: { defaultProps: { underline: "always" } },
    // Modals, drawers, notifications and alerts close with an icon button: give it a name.
    CloseButton: { defaultProps: { "aria-label": "Close" } },
    // Mantine puts a focus placeholder (role="presentation", tabindex) first in every menu,
    // which a role="menu" may not hold; without it the menu focuses its first item.
    Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
    // A long list (Lesson Tracks' 46 lessons) scrolls. Mantine scrolls it in a ScrollArea
    // around the listbox, a region of options that take no keyboard focus (axe
    // scrollable-region-focusable), though the arrow keys do move through them. The listbox
    // scrolls itself instead: axe knows a combobox's own popup, and 360 px shows our short
    // lists (the leads' eight kinds) whole.
    Select: { defaultProps: { withScrollArea: false }, styles: { options: COMBOBOX_OPTIONS } },
    MultiSelect: {
      defaultProps: { withScrollArea: false },
      styles: { options: COMBOBOX_OPTIONS },
    },
  },
});

/**
 * Error texts under inputs: Mantine's red 6 is 3.3:1 on white. Placeholders: its grey 5 is
 * 2.1:1, and a file input's placeholder is text that axe measures (a span, not ::placeholder).
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    "--mantine-color-error": "var(--mantine-color-red-8)",
    "--mantine-color-placeholder": "var(--mantine-color-gray-6)",
  },
  dark: {},
});
