/**
 * The nonce the page's Content-Security-Policy allows <style> elements with; the server writes
 * it into a meta tag of each page it sends (apps/server/src/plugins/spa.ts). The Vite dev server's
 * page has neither the tag nor the policy.
 */
// No document where the server draws a page (src/prerender.tsx): the server gives those
// pages' <style> elements the nonce of each answer.
const nonce =
  (typeof document === "undefined"
    ? null
    : document.querySelector<HTMLMetaElement>('meta[name="csp-nonce"]')?.content) || null;

/** For MantineProvider, whose own <style> elements carry it. */
export const getStyleNonce = nonce === null ? undefined : () => nonce;

/**
 * react-remove-scroll, under Mantine's modals and drawers, adds a <style> element and takes its
 * nonce from this global (the get-nonce package reads webpack's variable when nobody set one).
 */
export function shareStyleNonce() {
  if (nonce !== null) Object.assign(globalThis, { __webpack_nonce__: nonce });
}
