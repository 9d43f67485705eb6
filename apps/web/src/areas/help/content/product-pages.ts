import type { ProductRef } from "./types.ts";

/** The product's pages as the guide and the answers name them, each written once. */
export const ROSTER: ProductRef = { label: "Add or Edit Students", to: "/teacher/roster" };
export const SETTINGS: ProductRef = {
  label: "Settings and Preferences",
  to: "/teacher/:teacherId/settings",
};
export const ASSIGN: ProductRef = { label: "Assign Lessons", to: "/teacher/assign" };
export const VIDEOS: ProductRef = { label: "Recorded Videos", to: "/teacher/fluency/videos" };
export const FLUENCY: ProductRef = { label: "Fluency overview", to: "/teacher/fluency" };
export const DETAILED: ProductRef = {
  label: "Detailed Student Report",
  to: "/teacher/reports/detailed",
};
export const EMAIL_PARENTS: ProductRef = { label: "Email Parents", to: "/teacher/students" };
export const ALL_LESSONS: ProductRef = { label: "All Lessons", to: "/lessons" };
export const SCHOOL_TEACHERS: ProductRef = {
  label: "Teacher Usernames and Passwords",
  to: "/school_admin/teachers",
};
export const SCHOOL_USAGE: ProductRef = {
  label: "School Use and Data",
  to: "/school_admin/reports/usage",
};
export const CONCEPTS: ProductRef = {
  label: "Concept Scores",
  to: "/school_admin/reports/concepts",
};
export const STUDENT_PRIVACY: ProductRef = {
  label: "Student Privacy and Data",
  to: "/privacy/students",
};
export const DISTRICT_SEARCH: ProductRef = {
  label: "Search Teachers and Students",
  to: "/district_admin/search",
};
export const BILLING: ProductRef = { label: "Billing", to: "/staff/billing" };
