import type { Audience } from "../audience.ts";

/**
 * A page of the product that help text points to. `to` is the address the link opens; a path
 * with a parameter (`:teacherId`) is filled in for the reader when the link is drawn.
 */
export interface ProductRef {
  label: string;
  to: string;
}

/**
 * A run of a help sentence: words, or a link into the product. In words, a label the reader
 * sees on screen (a button, a switch) stands between asterisks: `press *Send*`.
 */
export type HelpText = string | ProductRef;

/** One task of the guide: a heading and short numbered steps. */
export interface GuideTask extends Audience {
  /** The anchor of its heading, unique on the page. */
  id: string;
  title: string;
  steps: HelpText[][];
}

/** A part of the guide, listed in the table of contents. */
export interface GuideSection extends Audience {
  id: string;
  title: string;
  intro: string;
  tasks: GuideTask[];
}
