/**
 * Text made safe inside HTML, in element content and quoted attribute values alike: what every
 * page and letter the server writes as HTML puts a person's words through.
 */
export const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c,
  );
