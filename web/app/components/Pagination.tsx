import { Center, Pagination as MantinePagination } from "@mantine/core";
import { type IntlShape, useIntl } from "react-intl";
import { defineMessages } from "~/lib/i18n/define-messages";
import { Link } from "~/components/Link";

const messages = defineMessages({
  pages: { id: "pagination.label", defaultMessage: "Pages" },
  page: { id: "pagination.page", defaultMessage: "Page {page}" },
  current: { id: "pagination.current", defaultMessage: "Page {page}, current page" },
  previous: { id: "pagination.previous", defaultMessage: "Previous page" },
  next: { id: "pagination.next", defaultMessage: "Next page" },
  first: { id: "pagination.first", defaultMessage: "First page" },
  last: { id: "pagination.last", defaultMessage: "Last page" },
});

/** A page button's name: "Page 3", or "Page 3, current page" for the one shown. */
function pageName(intl: IntlShape, target: number, current: number): string {
  return intl.formatMessage(target === current ? messages.current : messages.page, { page: target });
}

/**
 * Page links for a result list (plain links: paging works without JavaScript and search
 * engines can follow them). Nothing when everything fits on one page.
 */
export function Pagination({
  page,
  pages,
  href,
  label,
}: {
  page: number;
  pages: number;
  href: (page: number) => string;
  label?: string;
}) {
  const intl = useIntl();
  if (pages <= 1) return null;
  const previous = intl.formatMessage(messages.previous);
  const next = intl.formatMessage(messages.next);
  const link = (target: number, ariaLabel: string) => ({ component: Link, to: href(target), "aria-label": ariaLabel });
  return (
    <Center component="nav" aria-label={label ?? intl.formatMessage(messages.pages)}>
      <MantinePagination
        total={pages}
        value={Math.min(page, pages)}
        onChange={() => undefined}
        siblings={1}
        boundaries={1}
        getItemProps={(target) => link(target, pageName(intl, target, page))}
        getControlProps={(control) => {
          if (control === "previous")
            return page > 1 ? link(page - 1, previous) : { "aria-label": previous };
          if (control === "next") return page < pages ? link(page + 1, next) : { "aria-label": next };
          return {};
        }}
      />
    </Center>
  );
}

/**
 * Page buttons for a list the page itself loads (a dashboard's table): every button named, the
 * current one saying so. Nothing when everything fits on one page.
 */
export function PagePicker({
  page,
  pages,
  onChange,
  label,
}: {
  page: number;
  pages: number;
  onChange: (page: number) => void;
  label?: string;
}) {
  const intl = useIntl();
  if (pages <= 1) return null;
  return (
    <Center component="nav" aria-label={label ?? intl.formatMessage(messages.pages)}>
      <MantinePagination
        total={pages}
        value={Math.min(page, pages)}
        onChange={onChange}
        siblings={1}
        boundaries={1}
        getItemProps={(target) => ({ "aria-label": pageName(intl, target, page) })}
        getControlProps={(control) => ({ "aria-label": intl.formatMessage(messages[control]) })}
      />
    </Center>
  );
}
