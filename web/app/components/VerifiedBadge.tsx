import { Badge } from "@mantine/core";
import { HintTooltip } from "./HintTooltip";
import { FormattedMessage, useIntl } from "react-intl";
import { defineMessages } from "~/lib/i18n/define-messages";

const messages = defineMessages({
  verified: { id: "organizations.verified", defaultMessage: "Verified" },
  explained: {
    id: "organizations.verified.explained",
    defaultMessage: "Our team checked who is behind this organization.",
  },
});

/** The badge of an organization an administrator verified (on its profile and its jobs). */
export function VerifiedBadge({ size = "sm" }: { size?: "xs" | "sm" | "md" }) {
  const intl = useIntl();
  return (
    <HintTooltip label={intl.formatMessage(messages.explained)}>
      <Badge color="teal" variant="light" size={size} data-testid="verified-badge">
        <FormattedMessage {...messages.verified} />
      </Badge>
    </HintTooltip>
  );
}
