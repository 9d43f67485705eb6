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
import { type CSSProperties, createElement as h, type ReactElement, type ReactNode } from "react";

/*
 * The one layout of every e-mail Refrain sends, to parents (areas/families/mail/layout.ts adds
 * their footer and language) and to adults (`letter`, below). Written with createElement rather
 * than JSX: the server runs its sources on Node's type stripping (decision 0001), which does not
 * transform JSX, so a .tsx file would not load.
 *
 * Inline styles only, system fonts, one narrow column, no images at all: webmail strips <style>
 * blocks unevenly, phones need the single column, and a remote image would tell a third party
 * (or us) when someone opened the mail.
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
const taglineStyle: CSSProperties = { color: "#495057", fontSize: "14px", margin: "4px 0 0" };
const small: CSSProperties = { color: "#495057", fontSize: "13px", lineHeight: "20px" };
export const linkStyle: CSSProperties = { color: "#1c7ed6", textDecoration: "underline" };

/** What a mail says around its own content. */
export interface MailFrame {
  language: string;
  /** The subject again, as the document's title: what a screen reader announces first. */
  title: string;
  /** The line an inbox shows after the subject. */
  preview: string;
  /** Under Refrain's name; none on a letter to an adult. */
  tagline?: string;
  /** The footer's lines, in small type. */
  footer: ReactNode[];
}

/** Text whose line breaks stay breaks in HTML. */
export const withBreaks = (text: string): ReactNode[] =>
  text.split("\n").flatMap((line, i) => (i === 0 ? [line] : [h("br", { key: i }), line]));

/** A paragraph of a mail's body, in the layout's type size. */
export function paragraph(children: ReactNode): ReactElement {
  return h(Text, { style: { fontSize: "16px", lineHeight: "24px", color: "#212529" } }, children);
}

/** Refrain's name at the top, the mail's own content, then its footer. */
export function mailLayout(frame: MailFrame, content: ReactNode): ReactElement {
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
          frame.tagline ? h(Text, { style: taglineStyle }, frame.tagline) : null,
        ),
        h(Hr, null),
        // Spread, so that a list of paragraphs needs no keys.
        h(Section, null, ...(Array.isArray(content) ? content : [content])),
        h(Hr, null),
        h(Section, null, ...frame.footer.map((line) => h(Text, { style: small }, line))),
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

/** The footer of a letter to an adult: who sent it, since nothing else there says so. */
const LETTER_FOOTER = "Refrain · reading fluency for schools and families";

/**
 * A letter to an adult (a teacher, an admin, a visitor, our staff) in the shared layout: a
 * greeting, paragraphs (a line break inside one is kept, a paragraph that is a URL is a link),
 * an optional link under its label, a closing, and the signature. Its plain text is written here rather than derived, so the link
 * stands alone on its line, as mail clients make it clickable and as people copy it.
 */
export async function letter(opts: {
  greeting?: string;
  paragraphs: string[];
  link?: { url: string; label: string };
  closing?: string;
  /** The team's by default; false where the last paragraph already signs. */
  signature?: string | false;
  title: string;
}): Promise<{ text: string; html: string }> {
  const signature = opts.signature ?? "The Refrain team";
  const parts = [
    ...(opts.greeting ? [opts.greeting] : []),
    ...opts.paragraphs,
    ...(opts.link ? [opts.link.url] : []),
    ...(opts.closing ? [opts.closing] : []),
    ...(signature ? [signature] : []),
  ];
  const text = parts.join("\n\n");
  const body = [
    ...(opts.greeting ? [paragraph(opts.greeting)] : []),
    ...opts.paragraphs.map((p) =>
      /^https?:\/\/\S+$/.test(p)
        ? paragraph(h(Link, { href: p, style: linkStyle }, p))
        : paragraph(withBreaks(p)),
    ),
    ...(opts.link
      ? [paragraph(h(Link, { href: opts.link.url, style: linkStyle }, opts.link.label))]
      : []),
    ...(opts.closing ? [paragraph(opts.closing)] : []),
    ...(signature ? [paragraph(signature)] : []),
  ];
  const preview = opts.paragraphs[0] ?? opts.title;
  const { html } = await renderMail(
    mailLayout({ language: "en", title: opts.title, preview, footer: [LETTER_FOOTER] }, body),
  );
  return { text, html };
}
