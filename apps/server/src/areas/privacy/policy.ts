import type { PrivacyPolicyFacts } from "@refrain/domain";
import { type Config, stripeSettingsOf } from "../../config.ts";

/** The configuration's facts the published privacy policy states, so the page is never stale. */
export function policyFacts(config: Config): PrivacyPolicyFacts {
  return {
    contactEmail: config.PRIVACY_EMAIL,
    shareLinkDays: config.SHARE_LINK_DAYS,
    recordingRetentionDays: config.RECORDING_RETENTION,
    graceDays: config.RECORDING_RETENTION_GRACE_DAYS,
    outboxDays: config.OUTBOX_RETENTION_DAYS,
    exportLinkHours: config.EXPORT_LINK_HOURS,
    subProcessors: {
      payments: stripeSettingsOf(config) ? "stripe" : "none",
      smtp: Boolean(config.SMTP_URL),
      objectStorage: config.MEDIA_STORE === "s3",
      signOn: config.OIDC_PROVIDERS.map((provider) => provider.label),
    },
  };
}
