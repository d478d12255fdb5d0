import { Stack, Text, Title } from "@mantine/core";
import type { OrganizationSearchParams } from "~/features/organizations/search-params";

export function OrganizationSearchPage({ params }: { params: OrganizationSearchParams }) {
  return (
    <Stack gap="md">
      <Title order={1}>Organizations</Title>
      <Text>
        {params.search
          ? `No organizations match “${params.search}” yet.`
          : "No organizations match yet."}
      </Text>
    </Stack>
  );
}
