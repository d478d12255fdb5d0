import type { MetaDescriptor } from "react-router";

/** A page metatag as the gateway answers it (Job, LandingPage, OrganizationProfile). */
export interface Metatag {
  meta: string;
  value: string;
}

const ABSOLUTE_URLS = new Set(["canonical", "og:url", "og:image"]);

/**
 * The gateway's metatags as React Router meta descriptors: `title` becomes the title element,
 * `canonical` a link rel=canonical, `og:*` property metas and everything else (description,
 * robots) name metas. `fallbackTitle` is used when no title tag came. Search engines and link
 * previews want absolute URLs: a path the API answers for the canonical, og:url or og:image is
 * put at `origin` (the site's) when one is given.
 */
export function metaDescriptors(metatags: readonly Metatag[], fallbackTitle: string, origin?: string): MetaDescriptor[] {
  const descriptors: MetaDescriptor[] = [];
  let hasTitle = false;
  for (const { meta, value: given } of metatags) {
    if (!given) continue;
    const value = origin && ABSOLUTE_URLS.has(meta) && given.startsWith("/") ? `${origin}${given}` : given;
    if (meta === "title") {
      hasTitle = true;
      descriptors.push({ title: value });
    } else if (meta === "canonical") {
      descriptors.push({ tagName: "link", rel: "canonical", href: value });
    } else if (meta.startsWith("og:")) {
      descriptors.push({ property: meta, content: value });
    } else {
      descriptors.push({ name: meta, content: value });
    }
  }
  if (!hasTitle) descriptors.unshift({ title: fallbackTitle });
  return descriptors;
}

/** The value of one metatag, if the answer has it. */
export function metatagValue(metatags: readonly Metatag[], meta: string): string | undefined {
  return metatags.find((tag) => tag.meta === meta)?.value || undefined;
}
