import type { GuideSection } from "./types.ts";

/** How to Use for Refrain's own staff: the pages of the company's work, not of a class. */
export const STAFF_GUIDE: GuideSection[] = [
  {
    id: "staff-sales",
    title: "Leads and mail",
    readers: ["staff"],
    intro: "What visitors ask us for, and every email the product sends.",
    tasks: [
      {
        id: "staff-leads",
        title: "Answer the leads",
        steps: [
          [
            { label: "Leads", to: "/staff/leads" },
            ", in the *Sales* menu, lists every form sent from the public pages, newest first: calls, trials, pricing requests, quotes, invoices, feedback and contact messages.",
          ],
          [
            "Choose a *Kind*, or *Search* a name, an email or an organization. Open a row to read all it sent; a quote shows its lines and its PDF.",
          ],
        ],
      },
      {
        id: "staff-mailbox",
        title: "Check the mail",
        steps: [
          [
            { label: "Mailbox", to: "/staff/mail" },
            ": every email the product wrote, whether it was sent, with its secrets (sign-in links, passwords) removed.",
          ],
          [
            "Type an exact address under *Recipient* and press *Filter* to see what went to it. Open a message to read it as HTML or text, with its attachments.",
          ],
        ],
      },
    ],
  },
  {
    id: "staff-billing",
    title: "Billing and promo codes",
    readers: ["staff"],
    intro: "Why accounts cancel, and the codes that give a free month.",
    tasks: [
      {
        id: "staff-cancellations",
        title: "Read the cancellations",
        steps: [
          [
            { label: "Billing", to: "/staff/billing" },
            ", in the *Sales* menu, counts each reason teachers and parents gave for canceling, and lists what they wrote.",
          ],
        ],
      },
      {
        id: "staff-promo-codes",
        title: "Create or retire a promo code",
        steps: [
          [
            "Under *Create a promo code*, type the *Code* and a *Note* saying who it is for, then press *Create Code*. A teacher or parent enters it in Settings and Preferences for a free month.",
          ],
          [
            "*Retire* refuses a code from then on; accounts that already redeemed it keep their free month.",
          ],
        ],
      },
    ],
  },
  {
    id: "staff-lessons",
    title: "Lessons and scoring",
    readers: ["staff"],
    intro: "The lessons' read-along tracks, and how well the suggested grades match the teachers'.",
    tasks: [
      {
        id: "staff-tracks",
        title: "Replace a lesson's track",
        steps: [
          [
            "Open ",
            { label: "Lesson Tracks", to: "/staff/lessons/tracks" },
            " from the *Lessons* menu and choose a lesson to listen to its read-along track.",
          ],
          [
            "Pick a new track (WebM, Ogg or MP3) or new word timings (a WebVTT file, one cue per word) and press *Replace*.",
          ],
        ],
      },
      {
        id: "staff-suggestions",
        title: "Follow the suggested scoring",
        steps: [
          [
            { label: "Suggested Scoring", to: "/staff/suggestions" },
            ": how often teachers kept what the speech recognizer suggested while grading, per engine version.",
          ],
          [
            "Under Adapted to each school: which schools get suggestions from a recognizer adapted to their voices (it learns from their teachers' grades each night, and is used only where it comes nearer their scores than the base model), and their agreement before and after. Adapt now does it at once, as after an engine upgrade.",
          ],
        ],
      },
    ],
  },
  {
    id: "staff-roster",
    title: "Districts' rosters",
    readers: ["staff"],
    intro: "Bring a district's schools, teachers, classes and students in for them.",
    tasks: [
      {
        id: "staff-roster-import",
        title: "Import a district's roster",
        steps: [
          [
            "Open ",
            { label: "Roster Import", to: "/staff/roster" },
            " from the *Districts* menu and choose the district.",
          ],
          [
            "Choose its OneRoster export (a .zip file) and press *Upload and check*. The import's page shows what it would change and any problems; *Apply import* brings it in.",
          ],
        ],
      },
    ],
  },
];
