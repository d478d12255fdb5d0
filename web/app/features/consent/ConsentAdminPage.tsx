import { useLazyQuery, useMutation, useQuery } from "@apollo/client/react";
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Skeleton,
  Stack,
  Text,
  Textarea,
  Title,
  Typography,
} from "@mantine/core";
import { useState, type FormEvent } from "react";
import { DangerList } from "~/components/DangerList";
import {
  ADMIN_CONSENT_INFOS,
  CONSENT_INFO_REVISIONS,
  PUBLISH_CONSENT_REVISION,
} from "./admin-documents";

const WHEN = new Intl.DateTimeFormat("en-US", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "UTC",
});

interface AdminInfo {
  id: string;
  type: string;
  placement: string;
  optIn: boolean;
  text: string;
  revision: number;
}

function PublishRevisionForm({
  info,
  onPublished,
}: {
  info: AdminInfo;
  onPublished: () => void;
}) {
  const [text, setText] = useState(info.text);
  const [publish, { data, loading, error }] = useMutation(
    PUBLISH_CONSENT_REVISION,
  );
  const answer = data?.publishGdprConsentInfoRevision;
  const errors =
    answer?.__typename === "ConsentErrors"
      ? answer.errors.map((e) => e.message)
      : [];
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const result = await publish({
      variables: { infoId: info.id, texts: [{ language: "en", text }] },
    });
    if (
      result.data?.publishGdprConsentInfoRevision.__typename ===
      "GdprConsentInfoSaved"
    )
      onPublished();
  };
  return (
    <form onSubmit={(event) => void submit(event)}>
      <Stack gap="xs">
        <Textarea
          label={`New text (English, HTML) for ${info.type}`}
          autosize
          minRows={4}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
        />
        <DangerList
          messages={[
            ...errors,
            ...(error ? ["The revision could not be published."] : []),
          ]}
        />
        {answer?.__typename === "GdprConsentInfoSaved" ? (
          <Alert color="green" role="status">
            Revision {answer.info.revision} published. Users who agreed to an
            older one are asked again.
          </Alert>
        ) : null}
        <Group>
          <Button type="submit" loading={loading}>
            Publish new revision
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function Revisions({ infoId }: { infoId: string }) {
  const [load, { data, loading, called }] = useLazyQuery(
    CONSENT_INFO_REVISIONS,
    { fetchPolicy: "network-only" },
  );
  if (!called) {
    return (
      <Button
        variant="subtle"
        size="compact-sm"
        onClick={() => void load({ variables: { infoId } })}
      >
        Show earlier revisions
      </Button>
    );
  }
  if (loading && !data) return <Skeleton height={48} />;
  return (
    <Stack
      gap="xs"
      component="ol"
      style={{ paddingInlineStart: 0, listStyle: "none" }}
    >
      {(data?.getGdprConsentInfoRevisions ?? []).map((revision) => (
        <Card key={revision.id} withBorder component="li" padding="sm">
          <Text size="sm" fw={600}>
            Revision {revision.number} ·{" "}
            {WHEN.format(new Date(String(revision.publishedAt)))}
          </Text>
          <Typography>
            <div dangerouslySetInnerHTML={{ __html: revision.text }} />
          </Typography>
        </Card>
      ))}
    </Stack>
  );
}

/** Administrators: the consent texts, their revisions, and publishing a new one. */
export function ConsentAdminPage() {
  const { data, loading, error, refetch } = useQuery(ADMIN_CONSENT_INFOS, {
    fetchPolicy: "network-only",
  });
  const infos = data?.getGdprConsentInfos ?? [];
  return (
    <Stack gap="lg">
      <Title order={1}>Consent texts</Title>
      {error ? (
        <Alert color="red" role="alert">
          There was an error loading the GDPR consent.
        </Alert>
      ) : null}
      {loading && !data ? <Skeleton height={200} radius="md" /> : null}
      {!error && data && infos.length === 0 ? (
        <Text c="dimmed">No consent texts yet.</Text>
      ) : null}
      {infos.map((info) => (
        <Card
          key={info.id}
          withBorder
          padding="lg"
          component="section"
          aria-label={`${info.type} ${info.placement}`}
        >
          <Stack gap="sm">
            <Group justify="space-between">
              <Title order={2} size="h3">
                {info.type} · {info.placement}
              </Title>
              <Group gap="xs">
                <Badge color={info.optIn ? "blue" : "gray"}>
                  {info.optIn ? "Opt-in" : "Notice"}
                </Badge>
                <Badge variant="light">Revision {info.revision}</Badge>
              </Group>
            </Group>
            <Typography>
              <div dangerouslySetInnerHTML={{ __html: info.text }} />
            </Typography>
            {/* keyed by the info, not the revision: the success flag outlives the refetch */}
            <PublishRevisionForm
              key={info.id}
              info={info}
              onPublished={() => void refetch()}
            />
            <Revisions key={`revisions-${info.revisionId}`} infoId={info.id} />
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}
