import { authCalls, type SocialProviderType } from "@refrain/domain";
import { useQuery } from "@tanstack/react-query";
import { callQuery } from "../../../lib/call-query.ts";

export const socialProvidersQuery = (type: SocialProviderType) =>
  callQuery(
    ["auth", "social-providers", type],
    authCalls.socialProviders,
    { body: { type } },
    // The providers come from the server's configuration, which changes only with a restart.
    { staleTime: Number.POSITIVE_INFINITY },
  );

export const useSocialProviders = (type: SocialProviderType) =>
  useQuery(socialProvidersQuery(type));
