/** The settings page (the user menu's, and the pages that send a teacher there); the user's id fills the path. */
export const SETTINGS_PATH = "/teacher/:teacherId/settings";
