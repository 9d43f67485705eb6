import { exportMessages } from "@refrain/domain";
import { escapeHtml } from "../../html.ts";
import { inlineStylePolicy } from "../../plugins/security-headers.ts";

/*
 * What a browser shows for an export link that is used, expired or unknown: the link is often
 * opened from an e-mail by a parent, who must read a page rather than an API's JSON. Parents
 * read English or Spanish (families' languages), and nothing here says whose link it was, so
 * both are shown.
 */
const STYLE = `
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;background:#f8f9fa;color:#212529}
main{max-width:640px;margin:8vh auto;padding:32px;background:#fff;border:1px solid #dee2e6;border-radius:8px}
.brand{color:#0a7558;font-weight:700;font-size:22px;margin:0 0 16px}h1{font-size:22px;margin:24px 0 8px}p{line-height:1.55}
`;

export const CLOSED_LINK_POLICY = inlineStylePolicy(STYLE);

const WORDS = {
  404: {
    en: ["This link does not work", "Check that the whole link from the email was opened."],
    es: ["Este enlace no funciona", "Compruebe que abrió el enlace completo del correo."],
  },
  410: {
    en: ["This link has already been used or has expired", exportMessages.linkGone],
    es: [
      "Este enlace ya se usó o ha caducado",
      "Cada enlace funciona una sola vez y durante unas horas. Pida al maestro o la maestra una nueva exportación.",
    ],
  },
} as const;

/** A small page for a closed export link, in English and Spanish. */
export function closedLinkPage(status: 404 | 410): string {
  const { en, es } = WORDS[status];
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow"><title>${escapeHtml(en[0])} · Refrain</title>
<style>${STYLE}</style></head>
<body><main>
<p class="brand">Refrain</p>
<h1>${escapeHtml(en[0])}</h1><p>${escapeHtml(en[1])}</p>
<h1 lang="es">${escapeHtml(es[0])}</h1><p lang="es">${escapeHtml(es[1])}</p>
</main></body></html>
`;
}
