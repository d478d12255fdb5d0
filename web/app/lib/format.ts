/** Small display formats shared by job pages and search results. */

export interface AddressLike {
  locality: string;
  countryCode: string;
  zip?: string | null;
  addressLine1?: string | null;
  administrativeArea?: string | null;
}

export function locationLabel(address: AddressLike): string {
  return [address.locality, address.administrativeArea, address.countryCode].filter(Boolean).join(", ");
}

/** "23 Nov 2026"; empty for no date. */
export function formatDate(value: unknown, locale = "en-GB"): string {
  if (typeof value !== "string" || !value) return "";
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return "";
  return new Intl.DateTimeFormat(locale, { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" }).format(
    date,
  );
}
