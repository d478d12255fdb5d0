import { Container, Text } from "@mantine/core";

export function SiteFooter() {
  return (
    <footer className="site-footer">
      <Container size="lg" py="lg">
        <Text size="sm" c="gray.7">
          Jobboard: jobs, organizations and resumes in one place.
        </Text>
      </Container>
    </footer>
  );
}
