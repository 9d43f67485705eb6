import {
  Body,
  Container,
  Head,
  Hr,
  Html,
  Link,
  Preview,
  Section,
  Text,
} from "@react-email/components";
import { render, toPlainText } from "@react-email/render";
import type { ParentLanguage } from "@refrain/domain";
import { type CSSProperties, createElement as h, type ReactElement, type ReactNode } from "react";
import { parentIntl } from "./intl.ts";

/*
 * Written with createElement rather than JSX: the server runs its sources on Node's type
 * stripping (decision 0001), which does not transform JSX, so a .tsx file would not load.
 */

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

/*
 * Inline styles only, system fonts, one narrow column, no images at all: webmail strips <style>
 * blocks unevenly, phones need the single column, and a remote image would tell a third party
 * (or us) when a parent opened the mail.
 */
const page: CSSProperties = {
  backgroundColor: "#f4f5f7",
  fontFamily: "-apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif",
  margin: 0,
  padding: "16px 0",
};
const column: CSSProperties = {
  backgroundColor: "#ffffff",
  borderRadius: "8px",
  maxWidth: "560px",
  padding: "24px",
};
const brand: CSSProperties = { color: "#1c7ed6", fontSize: "22px", fontWeight: 700, margin: 0 };
const tagline: CSSProperties = { color: "#495057", fontSize: "14px", margin: "4px 0 0" };
const small: CSSProperties = { color: "#495057", fontSize: "13px", lineHeight: "20px" };
const link: CSSProperties = { color: "#1c7ed6", textDecoration: "underline" };

/** A paragraph of a parent mail's body, in the layout's type size. */
export function paragraph(children: ReactNode): ReactElement {
  return h(Text, { style: { fontSize: "16px", lineHeight: "24px", color: "#212529" } }, children);
}

/**
 * The one layout of every parent e-mail: Refrain's name at the top, the mail's own content, and
 * a footer saying why the parent gets it with the link that stops it, all in the parent's
 * language.
 */
export function parentMailLayout(frame: ParentMailFrame, content: ReactNode): ReactElement {
  const intl = parentIntl(frame.language);
  const name = frame.studentFirstName;
  return h(
    Html,
    { lang: frame.language, dir: "ltr" },
    h(Head, null, h("title", null, frame.title)),
    h(Preview, null, frame.preview),
    h(
      Body,
      { style: page },
      h(
        Container,
        { style: column },
        h(
          Section,
          null,
          h(Text, { style: brand }, "Refrain"),
          h(Text, { style: tagline }, intl.formatMessage({ id: "mail.header.tagline" })),
        ),
        h(Hr, null),
        h(Section, null, content),
        h(Hr, null),
        h(
          Section,
          null,
          h(Text, { style: small }, intl.formatMessage({ id: "mail.footer.why" }, { name })),
          h(
            Text,
            { style: small },
            h(
              Link,
              { href: frame.unsubscribeUrl, style: link },
              intl.formatMessage({ id: "mail.footer.unsubscribe" }),
            ),
          ),
          h(Text, { style: small }, intl.formatMessage({ id: "mail.footer.address" })),
        ),
      ),
    ),
  );
}

/**
 * A mail's two parts from one render: the HTML, and the plain text derived from it (links
 * written out after their words) for clients and people that read text.
 */
export async function renderMail(element: ReactElement): Promise<{ html: string; text: string }> {
  const html = await render(element);
  return { html, text: toPlainText(html) };
}
