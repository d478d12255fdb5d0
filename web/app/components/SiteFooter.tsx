import { Anchor, Container, Group, Text } from "@mantine/core";
import { Link } from "react-router";
import { useCookieConsent } from "~/lib/cookie-consent";

export function SiteFooter() {
  const { openSettings } = useCookieConsent();
  return (
    <footer className="site-footer">
      <Container size="lg" py="lg">
        <Group justify="space-between" gap="md">
          <Text size="sm" c="gray.7">
            Jobboard: jobs, organizations and resumes in one place.
          </Text>
          <Group component="nav" aria-label="Legal" gap="md">
            <Anchor component={Link} to="/privacy-policy" size="sm">
              Privacy policy
            </Anchor>
            <Anchor href="/contact" size="sm">
              Contact
            </Anchor>
            <Anchor
              component="button"
              type="button"
              size="sm"
              onClick={openSettings}
            >
              Cookie settings
            </Anchor>
          </Group>
        </Group>
      </Container>
    </footer>
  );
}
