import type { DetailedHTMLProps, HTMLAttributes } from "react";

type AltchaWidget = HTMLElementTagNameMap["altcha-widget"];

// The package's own JSX typing does not resolve under NodeNext; these are the attributes used.
declare module "react" {
  namespace JSX {
    interface IntrinsicElements {
      "altcha-widget": DetailedHTMLProps<HTMLAttributes<AltchaWidget>, AltchaWidget> & {
        challenge?: string;
        name?: string;
      };
    }
  }
}
