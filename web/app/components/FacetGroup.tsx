import { Text, TextInput, Title } from "@mantine/core";
import { useId, useState } from "react";
import { Link } from "~/components/Link";
import { BUTTON_INNER, BUTTON_LABEL, button, stack } from "~/components/mantine-markup";
import { FormattedMessage, useIntl } from "react-intl";
import { defineMessages } from "~/lib/i18n/define-messages";

const messages = defineMessages({
  find: { id: "facet.find", defaultMessage: "Find {title}" },
  narrow: { id: "facet.narrow", defaultMessage: "Type to narrow the list" },
  selected: { id: "facet.selected", defaultMessage: "(selected)" },
  count: { id: "facet.count", defaultMessage: "{count, number}<hidden> results</hidden>" },
  noMatch: { id: "facet.noMatch", defaultMessage: "No {title} matches “{filter}”." },
  fewer: { id: "facet.showFewer", defaultMessage: "Show fewer" },
  more: { id: "facet.showMore", defaultMessage: "Show {hidden, number} more" },
});

/** Spec 9: above this many values a facet offers a type-ahead. */
export const FACET_TYPE_AHEAD_THRESHOLD = 30;
/** Values a facet shows before "show more". */
export const FACET_VISIBLE_VALUES = 8;

export interface FacetOption {
  value: string;
  label: string;
  count: number;
  selected: boolean;
  /** The page with this value toggled (a plain link: filtering works without JavaScript). */
  href: string;
}

// Mantine's markup as plain elements (a search page has several facets: ADR 0064), made once.
const GROUP = stack({ gap: "xs" });
const LIST = stack({ gap: 2 }, { padding: 0, margin: 0, listStyle: "none" });
const MORE = button({ variant: "subtle", size: "compact-sm" }, { width: "fit-content" });

/**
 * One facet of a search page: its values as links with a checkbox look and the count beside
 * them. Selected values always show; "show more" reveals the rest, and a facet with more than
 * 30 values gets a type-ahead that narrows the list.
 */
export function FacetGroup({
  title,
  options,
  visible = FACET_VISIBLE_VALUES,
  headingOrder = 3,
}: {
  title: string;
  options: readonly FacetOption[];
  visible?: number;
  headingOrder?: 2 | 3 | 4;
}) {
  const intl = useIntl();
  const headingId = useId();
  const listId = useId();
  const [expanded, setExpanded] = useState(false);
  const [filter, setFilter] = useState("");
  if (options.length === 0) return null;

  const typeAhead = options.length > FACET_TYPE_AHEAD_THRESHOLD;
  const needle = filter.trim().toLocaleLowerCase();
  const matching = needle ? options.filter((option) => option.label.toLocaleLowerCase().includes(needle)) : options;
  const shown = needle || expanded ? matching : matching.filter((option, index) => index < visible || option.selected);
  const hidden = matching.length - shown.length;

  return (
    <section {...GROUP} aria-labelledby={headingId}>
      <Title order={headingOrder} size="h5" id={headingId}>
        {title}
      </Title>
      {typeAhead ? (
        <TextInput
          size="xs"
          label={intl.formatMessage(messages.find, { title: title.toLocaleLowerCase(intl.locale) })}
          placeholder={intl.formatMessage(messages.narrow)}
          value={filter}
          onChange={(event) => setFilter(event.currentTarget.value)}
          aria-controls={listId}
        />
      ) : null}
      <ul {...LIST} id={listId}>
        {shown.map((option) => (
          <li key={option.value}>
            {/* Plain elements styled by app.css: a facet lists dozens of values, and Mantine's
                Anchor, Group, Checkbox.Indicator and Text made some 1.5 KB of HTML each. */}
            <Link
              to={option.href}
              rel="nofollow"
              preventScrollReset
              className="facet-option mantine-focus-auto"
              data-selected={option.selected || undefined}
            >
              <span className="facet-check" aria-hidden />
              <span className="facet-label">{option.label}</span>
              {option.selected ? (
                <span className="visually-hidden">
                  <FormattedMessage {...messages.selected} />
                </span>
              ) : null}
              <span className="facet-count text-muted">
                <FormattedMessage
                  {...messages.count}
                  values={{
                    count: option.count,
                    hidden: (chunks) => <span className="visually-hidden">{chunks}</span>,
                  }}
                />
              </span>
            </Link>
          </li>
        ))}
      </ul>
      {needle && matching.length === 0 ? (
        <Text size="sm" className="text-muted">
          <FormattedMessage
            {...messages.noMatch}
            values={{ title: title.toLocaleLowerCase(intl.locale), filter: filter.trim() }}
          />
        </Text>
      ) : null}
      {!needle && (hidden > 0 || expanded) && matching.length > visible ? (
        <button
          type="button"
          {...MORE}
          aria-expanded={expanded}
          aria-controls={listId}
          onClick={() => setExpanded((open) => !open)}
        >
          <span className={BUTTON_INNER}>
            <span className={BUTTON_LABEL}>
              {expanded ? (
                <FormattedMessage {...messages.fewer} />
              ) : (
                <FormattedMessage {...messages.more} values={{ hidden }} />
              )}
            </span>
          </span>
        </button>
      ) : null}
    </section>
  );
}
