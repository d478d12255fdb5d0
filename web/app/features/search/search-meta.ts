import type { MetaDescriptor } from "react-router";
import { metaDescriptors, type Metatag } from "~/lib/metatags";

/**
 * A search page's head: the API's metatags (title, description, og:*), an absolute canonical
 * (the API's, else the page's path), and robots noindex when the API says so (an empty page,
 * more than 2 facets) or the search could not run.
 */
export function searchMetaDescriptors({
  metatags,
  noindex,
  fallbackTitle,
  origin,
  canonicalPath,
}: {
  metatags: readonly Metatag[];
  noindex: boolean;
  fallbackTitle: string;
  origin: string;
  canonicalPath: string;
}): MetaDescriptor[] {
  const absolute = (value: string) => (value.startsWith("/") ? `${origin}${value}` : value);
  const tags = metatags
    .filter((tag) => !(noindex && tag.meta === "robots"))
    .map((tag) => (tag.meta === "canonical" ? { ...tag, value: absolute(tag.value) } : tag));
  if (!tags.some((tag) => tag.meta === "canonical")) tags.push({ meta: "canonical", value: absolute(canonicalPath) });
  if (noindex) tags.push({ meta: "robots", value: "noindex" });
  return metaDescriptors(tags, fallbackTitle);
}
