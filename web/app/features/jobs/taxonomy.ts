/** Splits the optional category path of `/jobs/[[...taxonomy]]` into its slugs. */
export function taxonomySegments(splat: string | undefined): string[] {
  return (splat ?? "").split("/").filter((segment) => segment.length > 0);
}
