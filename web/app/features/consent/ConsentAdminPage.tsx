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
import { FormattedMessage, type IntlShape, useIntl } from "react-intl";
import { DangerList } from "~/components/DangerList";
import { defineMessages } from "~/lib/i18n/define-messages";
import {
  ADMIN_CONSENT_INFOS,
  CONSENT_INFO_REVISIONS,
  PUBLISH_CONSENT_REVISION,
} from "./admin-documents";

const messages = defineMessages({
  newText: { id: "consent.admin.newText", defaultMessage: "New text (English, HTML) for {type}" },
  publishFailed: { id: "consent.admin.publishFailed", defaultMessage: "The revision could not be published." },
  published: {
    id: "consent.admin.published",
    defaultMessage: "Revision {revision, number} published. Users who agreed to an older one are asked again.",
  },
  publish: { id: "consent.admin.publish", defaultMessage: "Publish new revision" },
  showRevisions: { id: "consent.admin.showRevisions", defaultMessage: "Show earlier revisions" },
  revisionAt: { id: "consent.admin.revisionAt", defaultMessage: "Revision {revision, number} · {when}" },
  title: { id: "consent.admin.title", defaultMessage: "Consent texts" },
  failed: { id: "consent.admin.failed", defaultMessage: "There was an error loading the GDPR consent." },
  empty: { id: "consent.admin.empty", defaultMessage: "No consent texts yet." },
  optIn: { id: "consent.admin.optIn", defaultMessage: "Opt-in" },
  notice: { id: "consent.admin.notice", defaultMessage: "Notice" },
  revision: { id: "consent.admin.revision", defaultMessage: "Revision {revision, number}" },
});

/** The page's name, for its document title. */
export const CONSENT_ADMIN_TITLE = messages.title;

function when(value: unknown, intl: IntlShape): string {
  return intl.formatDate(new Date(String(value)), { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });
}

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
  const intl = useIntl();
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
          label={intl.formatMessage(messages.newText, { type: info.type })}
          autosize
          minRows={4}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
        />
        <DangerList
          messages={[
            ...errors,
            ...(error ? [intl.formatMessage(messages.publishFailed)] : []),
          ]}
        />
        {answer?.__typename === "GdprConsentInfoSaved" ? (
          <Alert color="green" role="status">
            <FormattedMessage {...messages.published} values={{ revision: answer.info.revision }} />
          </Alert>
        ) : null}
        <Group>
          <Button type="submit" loading={loading}>
            <FormattedMessage {...messages.publish} />
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function Revisions({ infoId }: { infoId: string }) {
  const intl = useIntl();
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
        <FormattedMessage {...messages.showRevisions} />
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
            <FormattedMessage
              {...messages.revisionAt}
              values={{ revision: revision.number, when: when(revision.publishedAt, intl) }}
            />
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
      <Title order={1}>
        <FormattedMessage {...messages.title} />
      </Title>
      {error ? (
        <Alert color="red" role="alert">
          <FormattedMessage {...messages.failed} />
        </Alert>
      ) : null}
      {loading && !data ? <Skeleton height={200} radius="md" /> : null}
      {!error && data && infos.length === 0 ? (
        <Text c="dimmed">
          <FormattedMessage {...messages.empty} />
        </Text>
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
                  <FormattedMessage {...(info.optIn ? messages.optIn : messages.notice)} />
                </Badge>
                <Badge variant="light">
                  <FormattedMessage {...messages.revision} values={{ revision: info.revision }} />
                </Badge>
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
