import { Link } from "@react-email/components";
import type { ParentLanguage } from "@refrain/domain";
import { createElement as h, type ReactElement, type ReactNode } from "react";
import { linkStyle, mailLayout } from "../../../mail-layout.ts";
import { parentIntl } from "./intl.ts";

/** What every parent e-mail says around its own content. */
export interface ParentMailFrame {
  language: ParentLanguage;
  /** The student the mail is about, named in the footer's reason. */
  studentFirstName: string;
  /** The page that stops this mail (unsubscribe.ts `unsubscribeUrl`). */
  unsubscribeUrl: string;
  /** The line an inbox shows after the subject. */
  preview: string;
  /** The subject again, as the document's title: what a screen reader announces first. */
  title: string;
}

/**
 * The one layout of every parent e-mail: Refrain's name at the top, the mail's own content, and
 * a footer saying why the parent gets it with the link that stops it, all in the parent's
 * language.
 */
export function parentMailLayout(frame: ParentMailFrame, content: ReactNode): ReactElement {
  const intl = parentIntl(frame.language);
  const name = frame.studentFirstName;
  return mailLayout(
    {
      language: frame.language,
      title: frame.title,
      preview: frame.preview,
      tagline: intl.formatMessage({ id: "mail.header.tagline" }),
      footer: [
        intl.formatMessage({ id: "mail.footer.why" }, { name }),
        h(
          Link,
          { href: frame.unsubscribeUrl, style: linkStyle },
          intl.formatMessage({ id: "mail.footer.unsubscribe" }),
        ),
        intl.formatMessage({ id: "mail.footer.address" }),
      ],
    },
    content,
  );
}
