/**
 * Consent to record a student's reading (issue 19): a parent's permission and an admin's
 * approval are each kept as records (who, when, how), and recording needs both on file.
 */
export const CONSENT_KINDS = ["parent_permission", "admin_approval"] as const;
export type ConsentKind = (typeof CONSENT_KINDS)[number];

/** How the consent reached the teacher: a signed slip (its scan may be uploaded), an e-mail
 * reply, or the school's own policy (a school may consent for parents for educational use). */
export const CONSENT_METHODS = ["signed_slip", "email_reply", "school_policy"] as const;
export type ConsentMethod = (typeof CONSENT_METHODS)[number];
