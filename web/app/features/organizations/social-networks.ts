import type { AppConfig } from "~/lib/app-config";

/** Spec 3's social profiles, in the order the editor and the public page list them. */
export const SOCIAL_NETWORKS = [
  ["linkedin", "LinkedIn"],
  ["xing", "XING"],
  ["facebook", "Facebook"],
  ["instagram", "Instagram"],
  ["twitter", "X (Twitter)"],
  ["youtube", "YouTube"],
  ["tiktok", "TikTok"],
  ["blueSky", "Bluesky"],
] as const;

/** A network as the graph names it (SocialProfiles' fields). */
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number][0];

export const ALL_SOCIAL_NETWORKS: readonly SocialNetwork[] = SOCIAL_NETWORKS.map(
  ([network]) => network,
);

/** The site setting names networks as identity does (snake_case). */
const SETTING_NAMES: Record<SocialNetwork, string> = {
  linkedin: "linkedin",
  xing: "xing",
  facebook: "facebook",
  instagram: "instagram",
  twitter: "twitter",
  youtube: "youtube",
  tiktok: "tiktok",
  blueSky: "blue_sky",
};

/**
 * The networks the site's organization profiles offer: its `organizations.social_profiles`
 * setting (the US variant leaves xing out); every network when the site has none. The server
 * refuses and never answers the others; the editor hides them and the public page skips them.
 */
export function offeredSocialNetworks(config: AppConfig): SocialNetwork[] {
  const setting = config.value("organizations", "social_profiles");
  if (!Array.isArray(setting)) return [...ALL_SOCIAL_NETWORKS];
  return ALL_SOCIAL_NETWORKS.filter((network) =>
    setting.includes(SETTING_NAMES[network]),
  );
}
