/**
 * The media-chrome elements the player uses, defined when this module loads: only the player's
 * own chunk imports it (video-player.tsx loads that lazily), so pages without media never
 * download them. Element by element rather than the package's index, which brings every control.
 */
import "media-chrome/media-controller";
import "media-chrome/media-control-bar";
import "media-chrome/media-play-button";
import "media-chrome/media-mute-button";
import "media-chrome/media-time-range";
import "media-chrome/media-fullscreen-button";
import { getStyleNonce } from "../../lib/style-nonce.ts";
import { withStyleNonce } from "./playback.ts";

/**
 * Every element those modules define, the ones they draw inside their own shadow roots
 * included (the time range's previews, the controller's gesture layer and shortcuts dialog).
 */
const ELEMENTS = [
  "media-container",
  "media-controller",
  "media-gesture-receiver",
  "media-chrome-dialog",
  "media-keyboard-shortcuts-dialog",
  "media-control-bar",
  "media-chrome-button",
  "media-play-button",
  "media-mute-button",
  "media-fullscreen-button",
  "media-tooltip",
  "media-chrome-range",
  "media-time-range",
  "media-preview-thumbnail",
  "media-preview-time-display",
  "media-preview-chapter-display",
  "media-text-display",
];

/** What media-chrome's element classes share: the static method their constructors draw with. */
interface TemplatedElement {
  getTemplateHTML: (this: unknown, ...args: unknown[]) => string;
}

const isTemplated = (element: unknown): element is TemplatedElement =>
  typeof element === "function" &&
  typeof (element as Partial<TemplatedElement>).getTemplateHTML === "function";

/**
 * Each element writes its shadow root from `getTemplateHTML`, `<style>` elements included, and
 * the page's Content-Security-Policy refuses a `<style>` without the page's nonce (the
 * Vite dev server's page has no policy and no nonce). Done before any element is made.
 */
function allowStylesByNonce() {
  const nonce = getStyleNonce?.();
  if (!nonce) return;
  for (const name of ELEMENTS) {
    const element = customElements.get(name);
    if (!isTemplated(element)) continue;
    const draw = element.getTemplateHTML;
    element.getTemplateHTML = function (...args: unknown[]) {
      return withStyleNonce(draw.apply(this, args), nonce);
    };
  }
}

allowStylesByNonce();
