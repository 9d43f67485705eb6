/**
 * Texts shared by several printables, written by us. The expression scale is the one the
 * rubric explains and the worksheets and chart ask teachers to circle.
 */
export const EXPRESSION_LEVELS = [
  {
    score: 1,
    name: "Word by word",
    description:
      "Reads one word at a time in a flat voice. Stops often to work out words; the meaning gets lost between them.",
  },
  {
    score: 2,
    name: "Short phrases",
    description:
      "Reads in two- or three-word groups. Pauses fall in odd places and punctuation is mostly passed over.",
  },
  {
    score: 3,
    name: "Mostly smooth",
    description:
      "Reads most sentences as whole thoughts. Some choppy spots remain, and the voice rises and falls only now and then.",
  },
  {
    score: 4,
    name: "Smooth and steady",
    description:
      "Reads at a comfortable pace with phrasing that follows the sentences. Stops at periods and lifts the voice for questions.",
  },
  {
    score: 5,
    name: "Like telling a story",
    description:
      "Reads smoothly with feeling that fits the text: excitement, worry, humor. Changes voice for characters and stresses important words.",
  },
] as const;

export const EXPRESSION_SUMMARY =
  "1 word by word, 2 short phrases, 3 mostly smooth, 4 smooth and steady, 5 like telling a story.";
