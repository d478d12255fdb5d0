import type { PublicAddressFragment } from "~/lib/graphql/generated/graphql";
import { ALL_SOCIAL_NETWORKS, SOCIAL_NETWORKS, type SocialNetwork } from "../social-networks";
import type { PublicProfile } from "./profile-query";

/** The country's name in the reader's locale, or the code when the runtime does not know it. */
export function countryName(countryCode: string, locale = "en"): string {
  try {
    return new Intl.DisplayNames([locale], { type: "region" }).of(countryCode.toUpperCase()) ?? countryCode;
  } catch {
    return countryCode;
  }
}

/** "Berlin, Germany": the short location under the organization's name. */
export function shortLocation(address: PublicAddressFragment | null | undefined, locale = "en"): string | null {
  if (!address) return null;
  return [address.locality, address.countryCode ? countryName(address.countryCode, locale) : null]
    .filter(Boolean)
    .join(", ");
}

/** A postal address as lines: street lines, zip and locality, region, country. */
export function addressLines(address: PublicAddressFragment, locale = "en"): string[] {
  return [
    address.addressLine1,
    address.addressLine2,
    [address.zip, address.locality].filter(Boolean).join(" "),
    address.administrativeArea,
    address.countryCode ? countryName(address.countryCode, locale) : null,
  ].filter((line): line is string => Boolean(line));
}

/** An address typed without a scheme ("acme.example") still gets a working link. */
export function externalHref(address: string): string {
  return /^https?:\/\//i.test(address) ? address : `https://${address}`;
}

/** "acme.example" from "https://www.acme.example/", for link texts. */
export function displayHost(address: string): string {
  try {
    return new URL(externalHref(address)).host.replace(/^www\./, "");
  } catch {
    return address;
  }
}

export interface SocialLink {
  network: SocialNetwork;
  label: string;
  href: string;
}

/** The social profiles that are set, in the fixed order, of the networks the site offers. */
export function socialLinks(
  profiles: PublicProfile["socialProfiles"],
  offered: readonly SocialNetwork[] = ALL_SOCIAL_NETWORKS,
): SocialLink[] {
  return SOCIAL_NETWORKS.flatMap(([network, label]) => {
    const address = profiles[network];
    return address && offered.includes(network) ? [{ network, label, href: externalHref(address) }] : [];
  });
}

/** "AL" for Ada Lovelace: the avatar of a contact person without a photo. */
export function initials(firstName: string, lastName: string): string {
  return `${firstName.charAt(0)}${lastName.charAt(0)}`.toUpperCase();
}

/** A phone number as a tel: link (spaces, dashes and brackets dropped). */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, "")}`;
}

/** Which service plays a video: named in the consent note before anything loads from it. */
export function videoProvider(video: { source: string; embedUrl?: string | null }): string {
  const address = `${video.embedUrl ?? ""} ${video.source}`.toLowerCase();
  if (address.includes("vimeo")) return "Vimeo";
  if (address.includes("youtu")) return "YouTube";
  return "the video's website";
}

/** The embed address with autoplay on: the visitor already pressed play once. */
export function autoplayUrl(embedUrl: string): string {
  try {
    const url = new URL(embedUrl);
    url.searchParams.set("autoplay", "1");
    return url.toString();
  } catch {
    return embedUrl;
  }
}
