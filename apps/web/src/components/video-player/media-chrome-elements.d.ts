import type { DetailedHTMLProps, HTMLAttributes } from "react";

/** A media-chrome element as JSX takes it: an element's attributes, plus the ones it reads. */
type MediaElement<Extra = unknown> = DetailedHTMLProps<HTMLAttributes<HTMLElement>, HTMLElement> &
  Extra;

/** A media-chrome button: `notooltip` leaves out the tooltip it draws on hover and focus. */
type MediaButton = MediaElement<{ notooltip?: boolean }>;

// The package types its elements' classes, not their JSX (its React wrappers would add a layer
// of components over the same elements); these are the elements and attributes the player uses.
declare module "react" {
  namespace JSX {
    interface IntrinsicElements {
      "media-controller": MediaElement<{
        /** The audio layout: no video area, just the control bar. */
        audio?: boolean;
        /** Keyboard shortcuts turned off, e.g. "noshift+/" (the shortcuts dialog). */
        hotkeys?: string;
      }>;
      "media-control-bar": MediaElement;
      "media-play-button": MediaButton;
      "media-mute-button": MediaButton;
      "media-time-range": MediaElement;
      "media-fullscreen-button": MediaButton;
    }
  }
}
