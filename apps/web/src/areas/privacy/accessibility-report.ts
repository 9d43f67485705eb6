/**
 * The accessibility conformance report's summary, in the terms of the VPAT 2.5 WCAG edition:
 * every WCAG 2.2 Level A and AA success criterion with its conformance level and remarks.
 * Each remark says what the product does and how that is known (the journeys' axe checks, a
 * keyboard journey, the code), and names the exceptions found; change it with the code it
 * describes.
 */

export type Conformance = "Supports" | "Partially Supports" | "Does Not Support" | "Not Applicable";

export interface Criterion {
  id: string;
  name: string;
  level: "A" | "AA";
  conformance: Conformance;
  remarks: string;
}

/** The day the criteria below were last evaluated against the product (YYYY-MM-DD). */
export const EVALUATED_ON = "2026-11-28";

const AXE = "Checked by axe-core on every page the journeys open";

export const CRITERIA: Criterion[] = [
  // ── Level A ──
  {
    id: "1.1.1",
    name: "Non-text Content",
    level: "A",
    conformance: "Supports",
    remarks: `${AXE}. Charts carry their figures as a table for screen readers and circle charts a text label; decorative icons are hidden from them.`,
  },
  {
    id: "1.2.1",
    name: "Audio-only and Video-only (Prerecorded)",
    level: "A",
    conformance: "Supports",
    remarks:
      "A lesson's read-along audio plays beside the lesson's full text, each word lit as it is read (WebVTT timings).",
  },
  {
    id: "1.2.2",
    name: "Captions (Prerecorded)",
    level: "A",
    conformance: "Partially Supports",
    remarks:
      "Tutorial and tutor story videos have WebVTT captions, shown by default with a Captions button (a journey checks both). Exception: students' own reading recordings, which teachers grade, have no captions; the lesson text they read is shown beside them.",
  },
  {
    id: "1.2.3",
    name: "Audio Description or Media Alternative (Prerecorded)",
    level: "A",
    conformance: "Supports",
    remarks:
      "Tutorial videos are screenshots of the steps their narration speaks, and the same steps are text in the tutorial popup's guided tour. Tutor story videos read a passage over drawn pictures that carry no information of their own.",
  },
  {
    id: "1.3.1",
    name: "Info and Relationships",
    level: "A",
    conformance: "Supports",
    remarks: `${AXE}: form labels, table headers, lists and landmarks. Journeys find content by its role and accessible name.`,
  },
  {
    id: "1.3.2",
    name: "Meaningful Sequence",
    level: "A",
    conformance: "Supports",
    remarks: "Pages are laid out in source order; no style sheet reorders content.",
  },
  {
    id: "1.3.3",
    name: "Sensory Characteristics",
    level: "A",
    conformance: "Supports",
    remarks: "Instructions name controls by their labels, not by shape, place or color.",
  },
  {
    id: "1.4.1",
    name: "Use of Color",
    level: "A",
    conformance: "Supports",
    remarks: `${AXE} (links told apart from text). Missed words in grading are struck through as well as colored; grade tags and goal statuses carry their words.`,
  },
  {
    id: "1.4.2",
    name: "Audio Control",
    level: "A",
    conformance: "Supports",
    remarks:
      "Sound plays only when the person starts it, and every player has pause, stop and mute.",
  },
  {
    id: "2.1.1",
    name: "Keyboard",
    level: "A",
    conformance: "Supports",
    remarks:
      "Keyboard journeys: grading a reading (arrows, Space marks a missed word, L the last word read, Ctrl+Enter submits), moving students between groups (Space picks up, arrows, Space drops), the video player and the tutor carousel.",
  },
  {
    id: "2.1.2",
    name: "No Keyboard Trap",
    level: "A",
    conformance: "Supports",
    remarks:
      "Dialogs keep focus while open and close with Escape, returning focus; the keyboard journeys leave every widget they enter.",
  },
  {
    id: "2.1.4",
    name: "Character Key Shortcuts",
    level: "A",
    conformance: "Supports",
    remarks:
      "Single-key shortcuts (the video player's K, M, C, F; the words list's L) act only while that player or list has focus.",
  },
  {
    id: "2.2.1",
    name: "Timing Adjustable",
    level: "A",
    conformance: "Partially Supports",
    remarks:
      "No task has a time limit. Exception: a session ends after 12 hours unused (the deployment sets it with SESSION_IDLE_MINUTES) without a warning; the person signs in again.",
  },
  {
    id: "2.2.2",
    name: "Pause, Stop, Hide",
    level: "A",
    conformance: "Supports",
    remarks:
      "The tutor carousel has Pause and stands still under the pointer, with focus in it, while a video plays and for reduced motion (a journey checks it). While a reading is processed its status's dots move until it is done; they stand still for reduced motion.",
  },
  {
    id: "2.3.1",
    name: "Three Flashes or Below Threshold",
    level: "A",
    conformance: "Supports",
    remarks: "Nothing flashes.",
  },
  {
    id: "2.4.1",
    name: "Bypass Blocks",
    level: "A",
    conformance: "Partially Supports",
    remarks:
      "Every page has header, main and footer landmarks (and a navigation one when signed in) and headings, which screen readers jump by. Exception: there is no visible “Skip to content” link, so a keyboard user without a screen reader tabs through the header first.",
  },
  {
    id: "2.4.2",
    name: "Page Titled",
    level: "A",
    conformance: "Supports",
    remarks: "Each page's heading also names the browser tab (“Worksheets · Refrain”).",
  },
  {
    id: "2.4.3",
    name: "Focus Order",
    level: "A",
    conformance: "Supports",
    remarks: "Focus follows the source order; dialogs take focus when they open and give it back.",
  },
  {
    id: "2.4.4",
    name: "Link Purpose (In Context)",
    level: "A",
    conformance: "Supports",
    remarks: `${AXE}. Buttons repeated on every row name their row (“Remove” with the student's and the group's names).`,
  },
  {
    id: "2.5.1",
    name: "Pointer Gestures",
    level: "A",
    conformance: "Supports",
    remarks:
      "No path-based or multipoint gesture; the carousel also has previous and next buttons.",
  },
  {
    id: "2.5.2",
    name: "Pointer Cancellation",
    level: "A",
    conformance: "Supports",
    remarks: "Controls act on release (click), never on press.",
  },
  {
    id: "2.5.3",
    name: "Label in Name",
    level: "A",
    conformance: "Supports",
    remarks:
      "Labeled controls are named by their visible label (the journeys find them by it); icon-only buttons by an aria-label.",
  },
  {
    id: "2.5.4",
    name: "Motion Actuation",
    level: "A",
    conformance: "Not Applicable",
    remarks: "Nothing is worked by moving or shaking the device.",
  },
  {
    id: "3.1.1",
    name: "Language of Page",
    level: "A",
    conformance: "Supports",
    remarks: `${AXE}. Pages are in English and marked so; the families' unsubscribe page is in the parent's language and marked with it.`,
  },
  {
    id: "3.2.1",
    name: "On Focus",
    level: "A",
    conformance: "Supports",
    remarks: "Focus never opens, submits or moves anything by itself.",
  },
  {
    id: "3.2.2",
    name: "On Input",
    level: "A",
    conformance: "Supports",
    remarks:
      "Choosing a report's dates redraws the report on the same page. The roster's and the parent email manager's rows save when a field is left, without moving the page.",
  },
  {
    id: "3.2.6",
    name: "Consistent Help",
    level: "A",
    conformance: "Supports",
    remarks: "Contact Us is in every page's footer, in the same place.",
  },
  {
    id: "3.3.1",
    name: "Error Identification",
    level: "A",
    conformance: "Supports",
    remarks:
      "Each field's error is written under it in words and tied to it; the server's refusals appear in the same place (the same rules check both sides).",
  },
  {
    id: "3.3.2",
    name: "Labels or Instructions",
    level: "A",
    conformance: "Supports",
    remarks: `${AXE}: every field has a label, shown above it.`,
  },
  {
    id: "3.3.7",
    name: "Redundant Entry",
    level: "A",
    conformance: "Supports",
    remarks:
      "A refused form keeps everything typed, with the messages under the fields; no form asks twice for what it was given.",
  },
  {
    id: "4.1.1",
    name: "Parsing",
    level: "A",
    conformance: "Not Applicable",
    remarks: "Removed from WCAG 2.2 (always met by HTML parsed as the standard says).",
  },
  {
    id: "4.1.2",
    name: "Name, Role, Value",
    level: "A",
    conformance: "Supports",
    remarks: `${AXE}. Custom widgets follow their ARIA patterns: the words list is a grid, toggles report aria-pressed.`,
  },
  // ── Level AA ──
  {
    id: "1.2.4",
    name: "Captions (Live)",
    level: "AA",
    conformance: "Not Applicable",
    remarks: "No live audio or video.",
  },
  {
    id: "1.2.5",
    name: "Audio Description (Prerecorded)",
    level: "AA",
    conformance: "Supports",
    remarks: "As 1.2.3: the tutorial narration speaks what each screenshot shows.",
  },
  {
    id: "1.3.4",
    name: "Orientation",
    level: "AA",
    conformance: "Supports",
    remarks: "No page locks the orientation; journeys run at tablet width in portrait.",
  },
  {
    id: "1.3.5",
    name: "Identify Input Purpose",
    level: "AA",
    conformance: "Supports",
    remarks:
      "Fields about the person carry autocomplete (name, email, username, current and new password, postal code).",
  },
  {
    id: "1.4.3",
    name: "Contrast (Minimum)",
    level: "AA",
    conformance: "Supports",
    remarks: `${AXE}; the theme darkens Mantine's grays, reds and placeholders that measured below 4.5:1.`,
  },
  {
    id: "1.4.4",
    name: "Resize Text",
    level: "AA",
    conformance: "Supports",
    remarks: "Text is sized in rem and the page may be zoomed (no maximum-scale).",
  },
  {
    id: "1.4.5",
    name: "Images of Text",
    level: "AA",
    conformance: "Supports",
    remarks:
      "Text is text; the only pictures of text are the tutorial videos' screenshots, which are captioned.",
  },
  {
    id: "1.4.10",
    name: "Reflow",
    level: "AA",
    conformance: "Partially Supports",
    remarks:
      "Journeys and screenshots at 1280 and 768–820 px wide, where menus move behind a button. Exception: 320 px (400 % zoom) is not tested, and wide data tables scroll sideways, as the criterion allows for tables.",
  },
  {
    id: "1.4.11",
    name: "Non-text Contrast",
    level: "AA",
    conformance: "Partially Supports",
    remarks:
      "Exception: text fields have Mantine's light gray border (about 1.5:1 on white); each field has a visible label above it.",
  },
  {
    id: "1.4.12",
    name: "Text Spacing",
    level: "AA",
    conformance: "Partially Supports",
    remarks:
      "Layouts use flexible heights. The reading view's wider letter, word and line spacing is tested in the lesson player and the recorder; other pages have not been tested with wider spacing.",
  },
  {
    id: "1.4.13",
    name: "Content on Hover or Focus",
    level: "AA",
    conformance: "Partially Supports",
    remarks:
      "Tooltips close with Escape. Exception: they close when the pointer moves onto them, and most open on hover only, not on keyboard focus.",
  },
  {
    id: "2.4.5",
    name: "Multiple Ways",
    level: "AA",
    conformance: "Supports",
    remarks:
      "The role's menus on every page, and links between related pages (a class summary to a student's reports).",
  },
  {
    id: "2.4.6",
    name: "Headings and Labels",
    level: "AA",
    conformance: "Supports",
    remarks:
      "Headings name their sections and labels their fields; journeys find them by those names.",
  },
  {
    id: "2.4.7",
    name: "Focus Visible",
    level: "AA",
    conformance: "Supports",
    remarks: "Every control shows a focus ring when reached by keyboard.",
  },
  {
    id: "2.4.11",
    name: "Focus Not Obscured (Minimum)",
    level: "AA",
    conformance: "Partially Supports",
    remarks:
      "Exception: the header stays at the top of the window and pages set no scroll padding for it, so a control reached backwards (Shift+Tab) can be scrolled under it. Not yet tested.",
  },
  {
    id: "2.5.7",
    name: "Dragging Movements",
    level: "AA",
    conformance: "Partially Supports",
    remarks:
      "Exception: moving a student into a group is dragging with a pointer, or the keyboard (Space, arrows); there is no single-click way for a pointer. Taking a student out of a group is one click.",
  },
  {
    id: "2.5.8",
    name: "Target Size (Minimum)",
    level: "AA",
    conformance: "Partially Supports",
    remarks:
      "Most controls keep Mantine's default sizes (36 px buttons, 28 px icon buttons). Not measured: axe's target-size rule is off by default and the journeys do not turn it on.",
  },
  {
    id: "3.1.2",
    name: "Language of Parts",
    level: "AA",
    conformance: "Partially Supports",
    remarks:
      "Exception: a teacher's preview of a Spanish-speaking family's email (weekly report, Parent Connect) is shown in a frame marked English.",
  },
  {
    id: "3.2.3",
    name: "Consistent Navigation",
    level: "AA",
    conformance: "Supports",
    remarks: "One header and footer on every page, the role's menu in the same order.",
  },
  {
    id: "3.2.4",
    name: "Consistent Identification",
    level: "AA",
    conformance: "Supports",
    remarks: "Shared components give the same function the same name everywhere.",
  },
  {
    id: "3.3.3",
    name: "Error Suggestion",
    level: "AA",
    conformance: "Supports",
    remarks: "Messages say what is expected (“Field must have at least 6 characters.”).",
  },
  {
    id: "3.3.4",
    name: "Error Prevention (Legal, Financial, Data)",
    level: "AA",
    conformance: "Supports",
    remarks:
      "Deleting students, recordings, scores or an account asks for confirmation; a subscription shows its price and period before paying.",
  },
  {
    id: "3.3.8",
    name: "Accessible Authentication (Minimum)",
    level: "AA",
    conformance: "Supports",
    remarks:
      "Password fields allow pasting and password managers; adults may sign in by an emailed link; students may pick their name from tiles; the captcha is a proof of work with no puzzle.",
  },
  {
    id: "4.1.3",
    name: "Status Messages",
    level: "AA",
    conformance: "Supports",
    remarks:
      "Loading and saved messages and pop-up notifications are live regions (role status or alert) that screen readers announce.",
  },
];
