import { authCalls, type SocialProvidersResponse, type SocialProviderType } from "@refrain/domain";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";

export const getSocialProviders = (type: SocialProviderType): Promise<SocialProvidersResponse> =>
  api.call(authCalls.socialProviders, { body: { type } });

export const socialProvidersQuery = (type: SocialProviderType) =>
  queryOptions({
    queryKey: ["auth", "social-providers", type],
    queryFn: () => getSocialProviders(type),
    // The providers come from the server's configuration, which changes only with a restart.
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useSocialProviders = (type: SocialProviderType) =>
  useQuery(socialProvidersQuery(type));
