import { metatagValue } from "~/lib/metatags";
import type { PublicAddressFragment } from "~/lib/graphql/generated/graphql";
import { ALL_SOCIAL_NETWORKS, type SocialNetwork } from "../social-networks";
import { externalHref, socialLinks } from "./profile-format";
import type { PublicProfile } from "./profile-query";

/** An absolute address: search engines ignore relative ones in structured data. */
function absolute(pathOrUrl: string, origin: string): string {
  try {
    return new URL(pathOrUrl, origin).toString();
  } catch {
    return pathOrUrl;
  }
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'", nbsp: " " };

/** Sanitized presentation HTML as plain text, for the description. */
export function plainText(html: string): string {
  return html
    .replace(/<[^>]*>/g, " ")
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, name: string) => ENTITIES[name] ?? "")
    .replace(/\s+/g, " ")
    .trim();
}

function postalAddress(address: PublicAddressFragment) {
  return {
    "@type": "PostalAddress",
    streetAddress: [address.addressLine1, address.addressLine2].filter(Boolean).join(", ") || undefined,
    postalCode: address.zip || undefined,
    addressLocality: address.locality,
    addressRegion: address.administrativeArea || undefined,
    addressCountry: address.countryCode,
  };
}

/**
 * schema.org Organization of a profile page; `origin` makes its addresses absolute; `networks`
 * are the social networks the site offers (sameAs links no others).
 */
export function organizationJsonLd(
  profile: PublicProfile,
  origin: string,
  networks: readonly SocialNetwork[] = ALL_SOCIAL_NETWORKS,
) {
  const sameAs = socialLinks(profile.socialProfiles, networks).map((link) => link.href);
  if (profile.website) sameAs.unshift(externalHref(profile.website));
  const description =
    metatagValue(profile.metatags, "description") ??
    (profile.presentation ? plainText(profile.presentation) : "");
  const address = profile.companyInfo?.address ?? profile.organizationLocation;
  return {
    "@context": "https://schema.org",
    "@type": "Organization",
    name: profile.name,
    alternateName: profile.alternativeName || undefined,
    legalName: profile.companyInfo?.name || undefined,
    url: absolute(metatagValue(profile.metatags, "canonical") ?? profile.url.path, origin),
    logo: profile.logo ? absolute(profile.logo.url, origin) : undefined,
    sameAs: sameAs.length > 0 ? sameAs : undefined,
    address: address ? postalAddress(address) : undefined,
    description: description || undefined,
  };
}

/** schema.org FAQPage of the profile's questions, or null without any. */
export function faqJsonLd(profile: PublicProfile) {
  if (profile.faq.length === 0) return null;
  return {
    "@context": "https://schema.org",
    "@type": "FAQPage",
    mainEntity: profile.faq.map((entry) => ({
      "@type": "Question",
      name: entry.question,
      acceptedAnswer: { "@type": "Answer", text: entry.answer },
    })),
  };
}
