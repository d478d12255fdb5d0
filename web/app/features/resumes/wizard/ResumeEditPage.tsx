import { useQuery } from "@apollo/client/react";
import { Alert, Anchor, Button, Card, Group, Skeleton, Stack, Title } from "@mantine/core";
import { FormattedMessage, useIntl } from "react-intl";
import { EmptyState } from "~/components/EmptyState";
import { Link } from "~/components/Link";
import { PageHeader } from "~/components/PageHeader";
import { defineMessages } from "~/lib/i18n/define-messages";
import { RESUME_WIZARD_RESUME } from "./documents";
import { RESUME_STEPS } from "./resume-form";
import { STEP_TITLES, StepSection } from "./ResumeWizardPage";

const messages = defineMessages({
  title: { id: "resumeEdit.title", defaultMessage: "Edit my resume" },
  intro: { id: "resumeEdit.intro", defaultMessage: "Changes are saved as you go." },
  jump: { id: "resumeEdit.jump", defaultMessage: "Parts of the resume" },
  overview: { id: "resumeEdit.overview", defaultMessage: "See my resume" },
  loadFailed: { id: "resumeEdit.loadFailed", defaultMessage: "Your resume could not be loaded. Reload the page in a moment." },
  none: { id: "resumeEdit.none", defaultMessage: "You have no resume yet. The wizard takes you through it step by step." },
  start: { id: "resumeEdit.start", defaultMessage: "Create my resume" },
});

export const RESUME_EDIT_TITLE = messages.title;

/** /resume/edit: every part of the resume on one page, each autosaved, with anchors to jump to. */
export function ResumeEditPage() {
  const intl = useIntl();
  const { data, error } = useQuery(RESUME_WIZARD_RESUME);
  let body;
  if (!data) {
    body = error ? (
      <Alert color="red" role="alert">
        <FormattedMessage {...messages.loadFailed} />
      </Alert>
    ) : (
      <Skeleton h={480} radius="md" />
    );
  } else if (!data.myResume) {
    body = (
      <EmptyState
        action={
          <Button component={Link} to="/resume/wizard">
            <FormattedMessage {...messages.start} />
          </Button>
        }
      >
        <FormattedMessage {...messages.none} />
      </EmptyState>
    );
  } else {
    const resume = data.myResume;
    body = (
      <>
        <nav aria-label={intl.formatMessage(messages.jump)}>
          <Group gap="xs">
            {RESUME_STEPS.map((step) => (
              <Button key={step} component="a" href={`#${step}`} size="xs" variant="light">
                <FormattedMessage {...STEP_TITLES[step]} />
              </Button>
            ))}
          </Group>
        </nav>
        {RESUME_STEPS.map((step) => (
          <Card key={step} withBorder radius="md" padding="lg" component="section" id={step} aria-labelledby={`${step}-heading`} style={{ scrollMarginTop: 80 }}>
            <Stack gap="md">
              <Title order={2} size="h3" id={`${step}-heading`}>
                <FormattedMessage {...STEP_TITLES[step]} />
              </Title>
              <StepSection step={step} resume={resume} config={data.resumeConfiguration} label={intl.formatMessage(STEP_TITLES[step])} />
            </Stack>
          </Card>
        ))}
      </>
    );
  }
  return (
    <Stack gap="lg" maw={860}>
      <PageHeader
        title={<FormattedMessage {...messages.title} />}
        description={<FormattedMessage {...messages.intro} />}
        action={
          <Anchor component={Link} to="/resume">
            <FormattedMessage {...messages.overview} />
          </Anchor>
        }
      />
      {body}
    </Stack>
  );
}
