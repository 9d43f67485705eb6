/** A screened student's grade (0 Kindergarten … 5) as the screening pages name it. */
export const GRADE_NAMES = ["Kindergarten", "1st", "2nd", "3rd", "4th", "5th"];
