import { Button, Divider, Stack } from "@mantine/core";
import {
  type SocialProvidersResponse,
  SSO_PROVIDER_IDS,
  SSO_PROVIDER_NAMES,
  SSO_PROVIDER_PARAM,
  SSO_RESULT_PARAM,
  type SsoProviderId,
  ssoResultText,
} from "@refrain/domain";
import {
  IconBrandGoogle,
  IconBrandWindows,
  IconLogin2,
  type TablerIcon,
} from "@tabler/icons-react";
import { useSearchParams } from "react-router";
import { DismissibleError } from "../../../components/form-alerts.tsx";
import { useSocialProviders } from "../api/get-social-providers.ts";

const ICONS: Partial<Record<SsoProviderId, TablerIcon>> = {
  google: IconBrandGoogle,
  microsoft: IconBrandWindows,
};

const isProviderId = (value: string | null): value is SsoProviderId =>
  SSO_PROVIDER_IDS.some((id) => id === value);

/** A provider's sign-in button. */
export function SsoButton({
  entry,
  icon: Icon,
}: {
  entry: SocialProvidersResponse[number];
  icon: TablerIcon;
}) {
  return (
    <Button
      component="a"
      // A full navigation: the server redirects on to the provider.
      href={entry.url}
      variant="default"
      fullWidth
      leftSection={<Icon size={18} aria-hidden />}
    >
      {entry.label}
    </Button>
  );
}

/**
 * The single sign-on buttons of the sign-up and login pages (access spec screen 4), then the
 * word "or" before the page's own form; and, after a sign-in that failed at the provider, the
 * alert saying so. Nothing at all while the list loads, when it is empty, or when it failed:
 * the page's own form is the way in then (spec §8 shows no message for these).
 */
export function SocialButtons({ type }: { type: "register" | "login" }) {
  const providers = useSocialProviders(type);
  const [params, setParams] = useSearchParams();
  const entries = providers.data ?? [];

  const provider = params.get(SSO_PROVIDER_PARAM);
  const name =
    entries.find((entry) => entry.type === provider)?.name ??
    (isProviderId(provider) ? SSO_PROVIDER_NAMES[provider] : null);
  const problem = name ? ssoResultText(params.get(SSO_RESULT_PARAM), name) : null;
  const dismiss = () =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(SSO_RESULT_PARAM);
        next.delete(SSO_PROVIDER_PARAM);
        return next;
      },
      { replace: true },
    );

  if (!problem && entries.length === 0) return null;
  return (
    <Stack gap="md">
      <DismissibleError message={problem} onDismiss={dismiss} />
      {entries.length > 0 && (
        <>
          <Stack gap="xs">
            {entries.map((entry) => (
              <SsoButton key={entry.type} entry={entry} icon={ICONS[entry.type] ?? IconLogin2} />
            ))}
          </Stack>
          <Divider label="or" labelPosition="center" />
        </>
      )}
    </Stack>
  );
}
