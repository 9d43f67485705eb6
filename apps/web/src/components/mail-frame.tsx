import { useCallback, useRef } from "react";

/** Where an element's inline style waits until it is applied through the CSSOM. */
const STYLE_ATTRIBUTE = "data-mail-style";

/**
 * Puts an e-mail's HTML into `target` with its inline styles. An e-mail styles itself inline
 * (mail programs drop style sheets), but the app's Content Security Policy refuses style
 * attributes in markup, even in a parser's inert document, and a frame written from `srcdoc`
 * inherits that policy. Styles set through the CSSOM (`element.style`) are not markup: the
 * letter's style attributes are renamed before parsing and applied again through the CSSOM.
 * The renaming cannot reach text, whose quotes the server escapes (`&quot;`).
 */
export function showMail(html: string, target: Document) {
  const parsed = new DOMParser().parseFromString(
    html.replaceAll(/\sstyle="/g, ` ${STYLE_ATTRIBUTE}="`),
    "text/html",
  );
  // Nothing executable or loadable travels with the letter, even into a frame without scripts.
  for (const element of parsed.body.querySelectorAll("script, style, link, iframe, object, embed"))
    element.remove();
  target.body.replaceChildren(
    ...[...parsed.body.childNodes].map((node) => target.importNode(node, true)),
  );
  for (const element of target.body.querySelectorAll<HTMLElement>(`[${STYLE_ATTRIBUTE}]`)) {
    element.style.cssText = element.getAttribute(STYLE_ATTRIBUTE) ?? "";
    element.removeAttribute(STYLE_ATTRIBUTE);
  }
  Object.assign(target.body.style, {
    margin: "12px",
    fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
    fontSize: "14px",
    lineHeight: "1.5",
    color: "#212529",
  });
}

/**
 * An e-mail as it will arrive, in a frame of its own: no scripts, forms or navigation of the
 * page (the sandbox allows only the same origin, so the page can write the letter into it).
 */
export function MailFrame({
  html,
  title,
  height,
}: {
  html: string;
  title: string;
  height: number;
}) {
  const frame = useRef<HTMLIFrameElement | null>(null);
  const fill = useCallback(() => {
    const document = frame.current?.contentDocument;
    if (document?.body) showMail(html, document);
  }, [html]);
  // A new letter fills the loaded frame at once; a frame still loading fills itself on load.
  const attach = useCallback(
    (node: HTMLIFrameElement | null) => {
      frame.current = node;
      if (node?.contentDocument?.readyState === "complete") fill();
    },
    [fill],
  );
  return (
    <iframe
      ref={attach}
      title={title}
      sandbox="allow-same-origin"
      srcDoc="<!doctype html><html lang=en><title>Email</title><body></body></html>"
      onLoad={fill}
      style={{
        width: "100%",
        height,
        border: "1px solid var(--mantine-color-gray-3)",
        borderRadius: "var(--mantine-radius-sm)",
        background: "white",
      }}
    />
  );
}
