import { useQuery } from "@apollo/client/react";
import { Anchor, Paper, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { FormattedMessage } from "react-intl";
import { Link } from "~/components/Link";
import { defineMessages } from "~/lib/i18n/define-messages";
import { RESUME_CREDITS, RESUME_CREDITS_ORGANIZATION } from "./recruiter-documents";

/** Spec 2: the resume contact credits' page key. */
export const CONTACT_CREDIT_KEY = "contact";

const messages = defineMessages({
  left: {
    id: "resumes.credits.left",
    defaultMessage:
      "{amount, plural, =0 {No resume contacts left} one {# resume contact left} other {# resume contacts left}} for {organization}. <link>Get more contacts</link>",
  },
  none: {
    id: "resumes.credits.none",
    defaultMessage: "No resume contacts yet: requesting contact spends one. <link>Get resume contacts</link>",
  },
});

/**
 * The credit call-to-action of /resumes (spec 2): the active organization's resume contact
 * credits and a link to /my-products. Nothing while billing is loading or cannot answer: the
 * search stays usable.
 */
export function ResumeContactCredits() {
  const organization = useQuery(RESUME_CREDITS_ORGANIZATION);
  const number = organization.data?.currentUser?.activeOrganization?.number ?? null;
  // Spec 7: the credits query is not cached.
  const credits = useQuery(RESUME_CREDITS, {
    variables: { organizationId: number },
    skip: number === null,
    fetchPolicy: "no-cache",
  });
  if (number === null || !credits.data) return null;
  const credit = credits.data.getCredits.find((entry) => entry.type === CONTACT_CREDIT_KEY);
  // A request takes a subscription's contact of this period first, then a credit (billing's
  // saga): what is left is both.
  const subscriptions = credits.data.getSubscriptions.subscriptions;
  const fromSubscriptions = subscriptions.reduce((sum, entry) => sum + entry.usageResumeContactSlots.available, 0);
  const organizationName = credit?.organizationName ?? subscriptions[0]?.organizationName ?? null;
  const amount = (credit?.amount ?? 0) + fromSubscriptions;
  const link = (chunks: ReactNode) => (
    <Anchor component={Link} to="/my-products">
      {chunks}
    </Anchor>
  );
  return (
    <Paper withBorder radius="md" p="sm" component="aside" data-testid="resume-contact-credits">
      <Text size="sm">
        {organizationName !== null ? (
          <FormattedMessage {...messages.left} values={{ amount, organization: organizationName, link }} />
        ) : (
          <FormattedMessage {...messages.none} values={{ link }} />
        )}
      </Text>
    </Paper>
  );
}
