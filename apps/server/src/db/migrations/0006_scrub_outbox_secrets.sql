-- Rows kept before the outbox hid secrets still hold working sign-in and reset links and
-- login cards (every password of a class) that staff can read. The links become the marker
-- adapters/mail.ts puts in their place today, whole URL included.
UPDATE "mail_outbox" SET
  "text" = regexp_replace("text", '(https?://[^[:space:]"''<>]*)?/(auth/email-link|password/reset)/[A-Za-z0-9_-]+', '[secret removed: only the recipient''s copy has it]', 'g'),
  "html" = regexp_replace("html", '(https?://[^[:space:]"''<>]*)?/(auth/email-link|password/reset)/[A-Za-z0-9_-]+', '[secret removed: only the recipient''s copy has it]', 'g'),
  "error" = regexp_replace("error", '(https?://[^[:space:]"''<>]*)?/(auth/email-link|password/reset)/[A-Za-z0-9_-]+', '[secret removed: only the recipient''s copy has it]', 'g')
WHERE concat_ws(' ', "text", "html", "error") ~ '/(auth/email-link|password/reset)/[A-Za-z0-9_-]';--> statement-breakpoint
-- Login cards are withheld as the adapter withholds them now: no storage key, nothing to
-- serve. The files themselves are deleted at start-up (deleteUnreferencedMailFiles).
UPDATE "mail_outbox" SET "attachments" = (
  SELECT jsonb_agg(
    CASE WHEN a ->> 'filename' = 'login-cards.pdf' THEN jsonb_set(a, '{storageKey}', 'null'::jsonb) ELSE a END
    ORDER BY i
  )
  FROM jsonb_array_elements("attachments") WITH ORDINALITY AS e(a, i)
)
WHERE "attachments" @> '[{"filename": "login-cards.pdf"}]'::jsonb;--> statement-breakpoint
-- Links already read from the outbox must not work: every unused one is spent. Their owners
-- ask for a new link, which the outbox no longer shows.
UPDATE "login_tokens" SET "used_at" = now() WHERE "used_at" IS NULL;
