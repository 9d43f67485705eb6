/**
 * Everything a parent reads, in English: ICU messages by id (FormatJS parses them at runtime,
 * docs/decisions/0022). The Spanish catalog (es.ts) must hold the same ids; tsc and
 * i18n.test.ts both check it.
 */
export const en = {
  "language.label": "Language",

  "mail.header.tagline": "Reading practice at school and at home",
  "mail.footer.why":
    "You receive this e-mail because {name}'s teacher uses Refrain and added your address for {name}.",
  "mail.footer.unsubscribe": "Stop these e-mails",
  "mail.footer.address": "Refrain · reading fluency for schools and families",

  "weeklyReport.lessons":
    "{count, plural, =0 {{name} finished no lessons this week.} one {{name} finished # lesson this week.} other {{name} finished # lessons this week.}}",

  "unsubscribe.loading": "Loading…",
  "unsubscribe.title": "E-mails about {name}",
  "unsubscribe.intro.weekly_report":
    "You receive a weekly progress report about {name} from Refrain. You can stop it here.",
  "unsubscribe.intro.parent_emails":
    "You receive e-mails about {name} from their teacher through Refrain. You can stop them here.",
  "unsubscribe.intro.all": "You receive e-mails about {name} from Refrain. You can stop them here.",
  "unsubscribe.choice.legend": "What would you like to stop?",
  "unsubscribe.choice.weekly_report": "Only the weekly progress report",
  "unsubscribe.choice.all": "All e-mails about {name}",
  "unsubscribe.submit": "Unsubscribe",
  "unsubscribe.done.weekly_report":
    "Done. You will no longer receive the weekly progress report about {name}.",
  "unsubscribe.done.all": "Done. You will no longer receive e-mails about {name} from Refrain.",
  "unsubscribe.done.teacher":
    "{name}'s teacher will see that you unsubscribed. If you change your mind later, ask the teacher to turn the e-mails back on.",
  "unsubscribe.undo": "Undo",
  "unsubscribe.undone": "You will receive these e-mails again.",
  "unsubscribe.invalid.title": "This link does not work",
  "unsubscribe.invalid.body":
    "It may have been copied only in part. Open the link from the most recent e-mail again, or ask the teacher to stop the e-mails for you.",
  "unsubscribe.failed": "That did not work. Please try again in a moment.",
} as const;

export type ParentMessageId = keyof typeof en;
/** A whole catalog: every id, each an ICU message. */
export type ParentCatalog = Record<ParentMessageId, string>;
