import { Button, Group, Modal, Stack, Textarea, TextInput } from "@mantine/core";
import { useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { useRevalidator } from "react-router";
import { DangerList } from "~/components/DangerList";
import { defineMessages } from "~/lib/i18n/define-messages";
import type { LandingPageView } from "~/lib/route-answer";
import { UPDATE_LANDING_PAGE, type UpdateLandingPageAnswer } from "./documents";
import { useLazyMutation } from "~/lib/apollo/lazy-client";

/** The search service's limits (services/search site/landing_pages.py). */
export const LANDING_TITLE_MAX_LENGTH = 255;
export const LANDING_DESCRIPTION_MAX_LENGTH = 320;

const messages = defineMessages({
  edit: { id: "search.landing.edit", defaultMessage: "Edit this page" },
  dialogTitle: { id: "search.landing.dialog.title", defaultMessage: "Edit this landing page" },
  title: { id: "search.landing.field.title", defaultMessage: "Title" },
  intro: { id: "search.landing.field.intro", defaultMessage: "Intro (HTML)" },
  introHint: {
    id: "search.landing.field.intro.hint",
    defaultMessage: "Shown above the results. Paragraphs, headings (h2 to h4), emphasis, lists, quotes and links are kept; other markup is removed when saved.",
  },
  description: { id: "search.landing.field.description", defaultMessage: "Meta description" },
  descriptionCount: {
    id: "search.landing.field.description.count",
    defaultMessage: "{count, number} / {max, number} characters",
  },
  titleRequired: { id: "search.landing.error.titleRequired", defaultMessage: "Enter the page's title." },
  descriptionTooLong: {
    id: "search.landing.error.descriptionTooLong",
    defaultMessage: "At most {max, number} characters, please.",
  },
  notFound: {
    id: "search.landing.error.notFound",
    defaultMessage: "This landing page no longer exists. Reload the page and try again.",
  },
  unavailable: {
    id: "search.landing.error.unavailable",
    defaultMessage: "The page could not be saved. Please try again in a moment.",
  },
  cancel: { id: "search.landing.cancel", defaultMessage: "Cancel" },
  save: { id: "search.landing.save", defaultMessage: "Save" },
});

type LandingField = "title" | "intro" | "description";
const LANDING_FIELDS: readonly LandingField[] = ["title", "intro", "description"];

export interface LandingFormErrors {
  byField: Partial<Record<LandingField, string>>;
  general: string[];
}

/** SearchErrors sorted: a title, intro or description error goes under its input, the rest in the danger list. */
export function landingFormErrors(answer: Extract<UpdateLandingPageAnswer, { __typename: "SearchErrors" }>): LandingFormErrors {
  const sorted: LandingFormErrors = { byField: {}, general: [] };
  for (const error of answer.errors) {
    const field = (error.field ?? "").replace(/^input\./, "") as LandingField;
    if (LANDING_FIELDS.includes(field)) {
      const before = sorted.byField[field];
      sorted.byField[field] = before ? `${before} ${error.message}` : error.message;
    } else {
      sorted.general.push(error.message);
    }
  }
  if (answer.errors.length === 0) sorted.general.push(answer.message);
  return sorted;
}

const NO_ERRORS: LandingFormErrors = { byField: {}, general: [] };

function LandingPageForm({ landingPage, onClose }: { landingPage: LandingPageView; onClose: () => void }) {
  const intl = useIntl();
  const revalidator = useRevalidator();
  const [values, setValues] = useState({
    title: landingPage.title,
    intro: landingPage.intro,
    description: landingPage.description,
  });
  const [errors, setErrors] = useState<LandingFormErrors>(NO_ERRORS);
  const [save, saving] = useLazyMutation(UPDATE_LANDING_PAGE);

  const change = (field: LandingField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, byField: { ...current.byField, [field]: undefined } }));
  };

  const submit = async () => {
    const title = values.title.trim();
    const local: LandingFormErrors["byField"] = {};
    if (!title) local.title = intl.formatMessage(messages.titleRequired);
    if (values.description.length > LANDING_DESCRIPTION_MAX_LENGTH)
      local.description = intl.formatMessage(messages.descriptionTooLong, { max: LANDING_DESCRIPTION_MAX_LENGTH });
    if (Object.keys(local).length > 0) {
      setErrors({ byField: local, general: [] });
      return;
    }
    setErrors(NO_ERRORS);
    let answer: UpdateLandingPageAnswer | undefined;
    try {
      const result = await save({ variables: { input: { id: landingPage.id, ...values, title } } });
      answer = result.data?.updateLandingPage;
    } catch {
      answer = undefined;
    }
    if (!answer) {
      setErrors({ byField: {}, general: [intl.formatMessage(messages.unavailable)] });
      return;
    }
    switch (answer.__typename) {
      case "LandingPageSaved":
        onClose();
        // The loader reads the page again, so the new title, intro and meta description show.
        void revalidator.revalidate();
        return;
      case "SearchErrors":
        setErrors(landingFormErrors(answer));
        return;
      case "NotFound":
        setErrors({ byField: {}, general: [intl.formatMessage(messages.notFound)] });
        return;
    }
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Stack gap="md">
        <DangerList messages={errors.general} />
        <TextInput
          label={intl.formatMessage(messages.title)}
          withAsterisk
          data-autofocus
          maxLength={LANDING_TITLE_MAX_LENGTH}
          value={values.title}
          onChange={(event) => change("title", event.currentTarget.value)}
          error={errors.byField.title}
        />
        <Textarea
          label={intl.formatMessage(messages.intro)}
          description={intl.formatMessage(messages.introHint)}
          autosize
          minRows={6}
          maxRows={16}
          styles={{ input: { fontFamily: "var(--mantine-font-family-monospace)" } }}
          value={values.intro}
          onChange={(event) => change("intro", event.currentTarget.value)}
          error={errors.byField.intro}
        />
        <Textarea
          label={intl.formatMessage(messages.description)}
          description={intl.formatMessage(messages.descriptionCount, {
            count: values.description.length,
            max: LANDING_DESCRIPTION_MAX_LENGTH,
          })}
          inputWrapperOrder={["label", "input", "description", "error"]}
          autosize
          minRows={3}
          maxLength={LANDING_DESCRIPTION_MAX_LENGTH}
          value={values.description}
          onChange={(event) => change("description", event.currentTarget.value)}
          error={errors.byField.description}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            <FormattedMessage {...messages.cancel} />
          </Button>
          <Button type="submit" loading={saving.loading}>
            <FormattedMessage {...messages.save} />
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * A landing page's "Edit this page" button and dialog (admin-like users; the route decides who
 * sees it, the mutation is declared for admin-like users only). The form starts from the page as
 * loaded each time it opens; a save revalidates the route.
 */
export function LandingPageEditor({ landingPage }: { landingPage: LandingPageView }) {
  const intl = useIntl();
  const [opened, setOpened] = useState(false);
  const close = () => setOpened(false);
  return (
    <>
      <Button variant="default" onClick={() => setOpened(true)}>
        <FormattedMessage {...messages.edit} />
      </Button>
      <Modal opened={opened} onClose={close} title={intl.formatMessage(messages.dialogTitle)} centered>
        {opened ? <LandingPageForm landingPage={landingPage} onClose={close} /> : null}
      </Modal>
    </>
  );
}
