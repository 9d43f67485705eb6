import { SSO_PROVIDER_IDS, SSO_PROVIDER_NAMES } from "@refrain/domain";
import { z } from "zod";

const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** One OpenID Connect provider; http:// only for a provider on this machine (tests, demos). */
const oidcProvider = z
  .object({
    id: z.enum(SSO_PROVIDER_IDS, { error: `id must be one of ${SSO_PROVIDER_IDS.join(", ")}` }),
    label: z
      .string({ error: "label must be text" })
      .trim()
      .min(1, "label must not be blank")
      .optional(),
    issuer: z.url({ error: "issuer must be a URL" }).refine((value) => {
      const url = new URL(value);
      return (
        url.protocol === "https:" || (url.protocol === "http:" && LOOPBACK_HOSTS.has(url.hostname))
      );
    }, "issuer must be an https:// URL (http:// only on the loopback address)"),
    clientId: z.string({ error: "clientId is required" }).min(1, "clientId is required"),
    clientSecret: z
      .string({ error: "clientSecret is required" })
      .min(1, "clientSecret is required"),
    /** The provider students sign in with (Clever), at most one. */
    students: z.boolean({ error: "students must be true or false" }).default(false),
  })
  .transform(({ label, ...rest }) => ({ ...rest, label: label ?? SSO_PROVIDER_NAMES[rest.id] }));
export type OidcProviderConfig = z.output<typeof oidcProvider>;

/** OIDC_PROVIDERS: a JSON array of providers; the first problem is told as one line. */
export const oidcProvidersSetting = z.string().transform((text, ctx): OidcProviderConfig[] => {
  const fail = (message: string) => {
    ctx.addIssue({ code: "custom", message });
    return z.NEVER;
  };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return fail("must be a JSON array of { id, label, issuer, clientId, clientSecret, students }");
  }
  if (!Array.isArray(json)) return fail("must be a JSON array of providers");
  const providers: OidcProviderConfig[] = [];
  for (const [index, entry] of json.entries()) {
    const parsed = oidcProvider.safeParse(entry);
    if (!parsed.success) return fail(`entry ${index + 1}: ${parsed.error.issues[0]?.message}`);
    if (providers.some((p) => p.id === parsed.data.id))
      return fail(`entry ${index + 1}: ${parsed.data.id} is listed twice`);
    providers.push(parsed.data);
  }
  if (providers.filter((p) => p.students).length > 1)
    return fail("only one provider may have students: true");
  return providers;
});
