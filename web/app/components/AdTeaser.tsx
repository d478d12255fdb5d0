import { Anchor, Button, Card, Group, Stack, Text } from "@mantine/core";
import { useId } from "react";
import { FormattedMessage } from "react-intl";
import { Link } from "~/components/Link";
import { defineMessages } from "~/lib/i18n/define-messages";

const messages = defineMessages({
  label: { id: "adTeaser.label", defaultMessage: "Advertisement" },
  heading: { id: "adTeaser.heading", defaultMessage: "Hiring? Reach people who want to make a difference." },
  text: { id: "adTeaser.text", defaultMessage: "Post a job in minutes, or <link>advertise with us</link>." },
  postJob: { id: "adTeaser.postJob", defaultMessage: "Post a job" },
});

/** Spec 9: an ad teaser appears every 5 results. */
export const AD_TEASER_INTERVAL = 5;

/**
 * The ad slot between results: the site's own promotion (post a job, advertise) until an ad
 * server fills it. A complementary landmark, named, so screen readers can skip it.
 */
export function AdTeaser() {
  const headingId = useId();
  return (
    <Card
      component="aside"
      aria-labelledby={headingId}
      withBorder
      radius="md"
      padding="md"
      bg="var(--mantine-color-default-hover)"
      style={{ borderInlineStart: "4px solid var(--mantine-primary-color-filled)" }}
      data-testid="ad-teaser"
    >
      <Group justify="space-between" align="center" gap="md" wrap="wrap">
        <Stack gap={2} style={{ flex: "1 1 16rem" }}>
          <Text size="xs" tt="uppercase" fw={700} className="text-muted">
            <FormattedMessage {...messages.label} />
          </Text>
          <Text fw={600} id={headingId}>
            <FormattedMessage {...messages.heading} />
          </Text>
          <Text size="sm">
            <FormattedMessage
              {...messages.text}
              values={{
                // Spec 2: /contact goes to the external contact form, so a plain link.
                link: (chunks) => (
                  <Anchor href="/contact" size="sm">
                    {chunks}
                  </Anchor>
                ),
              }}
            />
          </Text>
        </Stack>
        <Button component={Link} to="/job/wizard">
          <FormattedMessage {...messages.postJob} />
        </Button>
      </Group>
    </Card>
  );
}
