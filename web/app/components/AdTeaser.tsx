import { Anchor, Button, Card, Group, Stack, Text } from "@mantine/core";
import { useId } from "react";
import { Link } from "~/components/Link";

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
            Advertisement
          </Text>
          <Text fw={600} id={headingId}>
            Hiring? Reach people who want to make a difference.
          </Text>
          <Text size="sm">
            Post a job in minutes, or {/* Spec 2: /contact goes to the external contact form, so a plain link. */}
            <Anchor href="/contact" size="sm">
              advertise with us
            </Anchor>
            .
          </Text>
        </Stack>
        <Button component={Link} to="/job/wizard">
          Post a job
        </Button>
      </Group>
    </Card>
  );
}
