import { Anchor, Breadcrumbs, Text } from "@mantine/core";
import { useIntl } from "react-intl";
import { JsonLd } from "~/components/JsonLd";
import { defineMessages } from "~/lib/i18n/define-messages";

export interface Crumb {
  label: string;
  /** The page's path on this site; the last crumb is the page itself. */
  path: string;
}

const messages = defineMessages({
  label: { id: "breadcrumbs.label", defaultMessage: "Breadcrumb" },
});

/**
 * schema.org BreadcrumbList for the trail (search engines show it instead of the bare address):
 * absolute addresses from the site's public origin, positions from 1.
 */
export function breadcrumbJsonLd(crumbs: readonly Crumb[], origin: string): object {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: crumbs.map((crumb, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: crumb.label,
      item: `${origin}${crumb.path}`,
    })),
  };
}

/**
 * Where a page sits (Jobs › the job): links up the trail, the page itself last, and (for pages
 * search engines may read: ``structuredData``) the trail as structured data.
 */
export function PageBreadcrumbs({
  crumbs,
  origin,
  structuredData = true,
}: {
  crumbs: readonly Crumb[];
  origin: string;
  structuredData?: boolean;
}) {
  const intl = useIntl();
  const last = crumbs.length - 1;
  return (
    <nav aria-label={intl.formatMessage(messages.label)}>
      {structuredData ? <JsonLd data={breadcrumbJsonLd(crumbs, origin)} /> : null}
      <Breadcrumbs separatorMargin={6} styles={{ root: { flexWrap: "wrap", rowGap: 4 } }}>
        {crumbs.map((crumb, index) =>
          index === last ? (
            <Text key={crumb.path} size="sm" c="dimmed" aria-current="page" lineClamp={1}>
              {crumb.label}
            </Text>
          ) : (
            <Anchor key={crumb.path} href={crumb.path} size="sm" style={{ minHeight: 24, display: "inline-flex", alignItems: "center" }}>
              {crumb.label}
            </Anchor>
          ),
        )}
      </Breadcrumbs>
    </nav>
  );
}
