import type { MetaDescriptor } from "react-router";
import { metaDescriptors, type Metatag } from "~/lib/metatags";

/**
 * A search page's head: the API's metatags (title, description, og:*), a description of the page
 * when the API gives none (search engines want one), an absolute canonical (the API's, else the
 * page's path), and robots noindex when the API says so (an empty page, more than 2 facets) or
 * the search could not run.
 */
export function searchMetaDescriptors({
  metatags,
  noindex,
  fallbackTitle,
  fallbackDescription,
  origin,
  canonicalPath,
}: {
  metatags: readonly Metatag[];
  noindex: boolean;
  fallbackTitle: string;
  fallbackDescription?: string;
  origin: string;
  canonicalPath: string;
}): MetaDescriptor[] {
  const tags = metatags.filter((tag) => !(noindex && tag.meta === "robots"));
  if (fallbackDescription && !tags.some((tag) => tag.meta === "description")) {
    tags.push({ meta: "description", value: fallbackDescription });
  }
  if (!tags.some((tag) => tag.meta === "canonical")) tags.push({ meta: "canonical", value: canonicalPath });
  if (noindex) tags.push({ meta: "robots", value: "noindex" });
  return metaDescriptors(tags, fallbackTitle, origin);
}
