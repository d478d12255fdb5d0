import { Center, Pagination as MantinePagination } from "@mantine/core";
import { Link } from "react-router";

/**
 * Page links for a result list (plain links: paging works without JavaScript and search
 * engines can follow them). Nothing when everything fits on one page.
 */
export function Pagination({
  page,
  pages,
  href,
  label = "Pages",
}: {
  page: number;
  pages: number;
  href: (page: number) => string;
  label?: string;
}) {
  if (pages <= 1) return null;
  const link = (target: number, ariaLabel: string) => ({ component: Link, to: href(target), "aria-label": ariaLabel });
  return (
    <Center component="nav" aria-label={label}>
      <MantinePagination
        total={pages}
        value={Math.min(page, pages)}
        onChange={() => undefined}
        siblings={1}
        boundaries={1}
        getItemProps={(target) => link(target, target === page ? `Page ${target}, current page` : `Page ${target}`)}
        getControlProps={(control) => {
          if (control === "previous")
            return page > 1 ? link(page - 1, "Previous page") : { "aria-label": "Previous page" };
          if (control === "next") return page < pages ? link(page + 1, "Next page") : { "aria-label": "Next page" };
          return {};
        }}
      />
    </Center>
  );
}
