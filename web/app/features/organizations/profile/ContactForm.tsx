import { useMutation } from "@apollo/client/react";
import {
  Button,
  Checkbox,
  FileButton,
  Group,
  List,
  Modal,
  Stack,
  Text,
  Textarea,
  TextInput,
} from "@mantine/core";
import { FormattedMessage, type IntlShape, useIntl } from "react-intl";
import { useState, type FormEvent } from "react";
import { useNavigate } from "~/lib/site-locale";
import { Captcha } from "~/components/Captcha";
import { DangerList } from "~/components/DangerList";
import { useAppConfig } from "~/lib/app-config";
import { flashState } from "~/lib/flash";
import { graphql } from "~/lib/graphql/generated/gql";
import { defineMessages } from "~/lib/i18n/define-messages";
import { SITE_INTL } from "~/lib/i18n/site-intl";
import { UPLOAD_MESSAGES } from "~/lib/uploads";

export const SEND_CONTACT_MESSAGE = graphql(`
  mutation SendContactMessage($input: ContactMessageInput!) {
    sendContactMessage(input: $input) {
      __typename
      ... on ContactMessageSent {
        id
      }
      ... on OrganizationErrors {
        message
        errors {
          field
          code
          message
        }
      }
    }
  }
`);

const UPLOAD_ENDPOINT = "/api/uploads/organizations/uploads";
const messages = defineMessages({
  nameMissing: { id: "organizations.contact.nameMissing", defaultMessage: "Enter your name." },
  emailInvalid: { id: "organizations.contact.emailInvalid", defaultMessage: "Enter a valid email address." },
  subjectMissing: { id: "organizations.contact.subjectMissing", defaultMessage: "Enter a subject." },
  subjectTooLong: { id: "organizations.contact.subjectTooLong", defaultMessage: "Keep the subject under {max, number} characters." },
  bodyMissing: { id: "organizations.contact.bodyMissing", defaultMessage: "Write your message." },
  bodyTooLong: { id: "organizations.contact.bodyTooLong", defaultMessage: "Keep the message under {max, number} characters." },
  fileType: { id: "organizations.contact.fileType", defaultMessage: "Choose a PDF, JPG, PNG or WebP file." },
  intro: { id: "organizations.contact.intro", defaultMessage: "Questions about working at {organization}? Write to them directly." },
  sentTitle: { id: "organizations.contact.sentTitle", defaultMessage: "Your message was sent" },
  sentText: { id: "organizations.contact.sentText", defaultMessage: "{organization} will answer you by email." },
  contact: { id: "organizations.contact.contact", defaultMessage: "Contact {organization}" },
  sendFailed: { id: "organizations.contact.sendFailed", defaultMessage: "Your message could not be sent. Try again in a moment." },
  form: { id: "organizations.contact.form", defaultMessage: "Contact form" },
  name: { id: "organizations.contact.name", defaultMessage: "Your name" },
  email: { id: "organizations.contact.email", defaultMessage: "Your email address" },
  subject: { id: "organizations.contact.subject", defaultMessage: "Subject" },
  message: { id: "organizations.contact.message", defaultMessage: "Message" },
  attach: { id: "organizations.contact.attach", defaultMessage: "Attach a file" },
  fileHint: { id: "organizations.contact.fileHint", defaultMessage: "PDF, JPG, PNG or WebP, up to {size, number} MB; at most {max, number}." },
  attached: { id: "organizations.contact.attached", defaultMessage: "Attached files" },
  remove: { id: "organizations.contact.remove", defaultMessage: "Remove" },
  copy: { id: "organizations.contact.copy", defaultMessage: "Send me a copy" },
  send: { id: "organizations.contact.send", defaultMessage: "Send message" },
});

const MAX_MEGABYTES = 50;
const MAX_BYTES = MAX_MEGABYTES * 1024 * 1024;
const TYPES = ["application/pdf", "image/jpeg", "image/png", "image/webp"];
const MAX_FILES = 5;

export interface ContactDraft {
  name: string;
  email: string;
  subject: string;
  body: string;
  copy: boolean;
}

type Field = "name" | "email" | "subject" | "body";

/** The form's rules, checked as the sender types (the server checks again). */
export function contactErrors(
  draft: ContactDraft,
  intl: IntlShape = SITE_INTL,
): Partial<Record<Field, string>> {
  const errors: Partial<Record<Field, string>> = {};
  if (!draft.name.trim()) errors.name = intl.formatMessage(messages.nameMissing);
  if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(draft.email.trim()))
    errors.email = intl.formatMessage(messages.emailInvalid);
  if (!draft.subject.trim()) errors.subject = intl.formatMessage(messages.subjectMissing);
  else if (draft.subject.trim().length > 200)
    errors.subject = intl.formatMessage(messages.subjectTooLong, { max: 200 });
  if (!draft.body.trim()) errors.body = intl.formatMessage(messages.bodyMissing);
  else if (draft.body.length > 10_000)
    errors.body = intl.formatMessage(messages.bodyTooLong, { max: 10_000 });
  return errors;
}

interface Attached {
  id: string;
  filename: string;
}

async function upload(
  file: File,
  intl: IntlShape,
): Promise<{ id: string } | { message: string }> {
  const UPLOAD_FAILED = intl.formatMessage(UPLOAD_MESSAGES.unavailable);
  if (!TYPES.includes(file.type))
    return { message: intl.formatMessage(messages.fileType) };
  if (file.size > MAX_BYTES)
    return { message: intl.formatMessage(UPLOAD_MESSAGES.tooLarge, { size: MAX_MEGABYTES }) };
  const body = new FormData();
  body.append("file", file, file.name);
  body.append("purpose", "contact_attachment");
  try {
    const response = await fetch(UPLOAD_ENDPOINT, {
      method: "POST",
      body,
      credentials: "same-origin",
    });
    const answer = (await response.json().catch(() => null)) as {
      id?: string;
      message?: string;
    } | null;
    if (response.ok && answer?.id) return { id: answer.id };
    return { message: answer?.message || UPLOAD_FAILED };
  } catch {
    return { message: UPLOAD_FAILED };
  }
}

export interface ContactOrganizationProps {
  organizationId: string;
  organizationName: string;
  /** The captcha widget's script and key, when the web has them configured. */
  captcha: { scriptUrl: string; siteKey: string } | null;
  /** A signed-in user's name and address. */
  prefill?: Partial<ContactDraft>;
  /** Where a sent message leads (spec 2: /dashboard when logged in, / when anonymous). */
  afterSent: string;
}

/** Spec 3's contact form: a button on the public profile opening the form in a dialog. */
export function ContactOrganization({
  organizationId,
  organizationName,
  captcha,
  prefill = {},
  afterSent,
}: ContactOrganizationProps) {
  const intl = useIntl();
  const [opened, setOpened] = useState(false);
  const navigate = useNavigate();
  return (
    <Stack gap="sm" align="flex-start">
      <Text>
        <FormattedMessage {...messages.intro} values={{ organization: organizationName }} />
      </Text>
      <Button onClick={() => setOpened(true)}>
        <FormattedMessage {...messages.contact} values={{ organization: organizationName }} />
      </Button>
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title={intl.formatMessage(messages.contact, { organization: organizationName })}
        size="lg"
      >
        <ContactForm
          organizationId={organizationId}
          captcha={captcha}
          prefill={prefill}
          onSent={() => {
            setOpened(false);
            void navigate(afterSent, {
              state: flashState({
                title: intl.formatMessage(messages.sentTitle),
                text: intl.formatMessage(messages.sentText, {
                  organization: organizationName,
                }),
              }),
            });
          }}
        />
      </Modal>
    </Stack>
  );
}

export function ContactForm({
  organizationId,
  captcha,
  prefill = {},
  onSent,
}: {
  organizationId: string;
  captcha: ContactOrganizationProps["captcha"];
  prefill?: Partial<ContactDraft>;
  onSent: () => void;
}) {
  const intl = useIntl();
  const { config } = useAppConfig();
  const captchaOn = config.flag("captcha", "contact_form") && captcha !== null;
  const [draft, setDraft] = useState<ContactDraft>({
    name: "",
    email: "",
    subject: "",
    body: "",
    copy: false,
    ...prefill,
  });
  const [files, setFiles] = useState<Attached[]>([]);
  const [fileError, setFileError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const [touched, setTouched] = useState(false);
  const [serverErrors, setServerErrors] = useState<string[]>([]);
  const [captchaToken, setCaptchaToken] = useState<string | null>(null);
  const [captchaRound, setCaptchaRound] = useState(0);
  const [send, { loading }] = useMutation(SEND_CONTACT_MESSAGE);
  const errors = touched ? contactErrors(draft, intl) : {};
  const change = (patch: Partial<ContactDraft>) =>
    setDraft((d) => ({ ...d, ...patch }));

  const pick = async (file: File | null) => {
    if (!file) return;
    setUploading(true);
    setFileError(null);
    const answer = await upload(file, intl);
    setUploading(false);
    if ("message" in answer) setFileError(answer.message);
    else setFiles((list) => [...list, { id: answer.id, filename: file.name }]);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (Object.keys(contactErrors(draft, intl)).length > 0) return;
    setServerErrors([]);
    try {
      const { data } = await send({
        variables: {
          input: {
            organizationId,
            name: draft.name,
            email: draft.email,
            subject: draft.subject,
            body: draft.body,
            copy: draft.copy,
            attachments: files.map((f) => f.id),
            captchaToken,
          },
        },
      });
      const answer = data?.sendContactMessage;
      if (answer?.__typename === "ContactMessageSent") {
        onSent();
        return;
      }
      if (answer?.__typename === "OrganizationErrors")
        setServerErrors(answer.errors.map((e) => e.message));
    } catch {
      setServerErrors([intl.formatMessage(messages.sendFailed)]);
    }
    setCaptchaToken(null);
    setCaptchaRound((round) => round + 1);
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label={intl.formatMessage(messages.form)}>
      <Stack gap="sm">
        <DangerList messages={serverErrors} />
        <Group grow align="flex-start">
          <TextInput
            label={intl.formatMessage(messages.name)}
            required
            autoComplete="name"
            value={draft.name}
            error={errors.name}
            onChange={(e) => change({ name: e.currentTarget.value })}
          />
          <TextInput
            label={intl.formatMessage(messages.email)}
            type="email"
            required
            autoComplete="email"
            value={draft.email}
            error={errors.email}
            onChange={(e) => change({ email: e.currentTarget.value })}
          />
        </Group>
        <TextInput
          label={intl.formatMessage(messages.subject)}
          required
          value={draft.subject}
          error={errors.subject}
          onChange={(e) => change({ subject: e.currentTarget.value })}
        />
        <Textarea
          label={intl.formatMessage(messages.message)}
          required
          autosize
          minRows={5}
          value={draft.body}
          error={errors.body}
          onChange={(e) => change({ body: e.currentTarget.value })}
        />
        <Group gap="sm" align="center">
          <FileButton
            onChange={(file) => void pick(file)}
            accept={TYPES.join(",")}
            disabled={files.length >= MAX_FILES}
          >
            {(props) => (
              <Button {...props} variant="default" loading={uploading}>
                <FormattedMessage {...messages.attach} />
              </Button>
            )}
          </FileButton>
          <Text size="xs" c="dimmed">
            <FormattedMessage {...messages.fileHint} values={{ size: MAX_MEGABYTES, max: MAX_FILES }} />
          </Text>
        </Group>
        {fileError ? (
          <Text size="sm" c="red" role="alert">
            {fileError}
          </Text>
        ) : null}
        {files.length > 0 ? (
          <List aria-label={intl.formatMessage(messages.attached)} size="sm">
            {files.map((f) => (
              <List.Item key={f.id}>
                <Group gap="xs">
                  {f.filename}
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    color="red"
                    onClick={() =>
                      setFiles((list) => list.filter((x) => x.id !== f.id))
                    }
                  >
                    <FormattedMessage {...messages.remove} />
                  </Button>
                </Group>
              </List.Item>
            ))}
          </List>
        ) : null}
        <Checkbox
          label={intl.formatMessage(messages.copy)}
          checked={draft.copy}
          onChange={(e) => change({ copy: e.currentTarget.checked })}
        />
        {captchaOn && captcha ? (
          <Captcha key={captchaRound} {...captcha} onToken={setCaptchaToken} />
        ) : null}
        <Group justify="flex-end">
          <Button
            type="submit"
            loading={loading}
            disabled={uploading || (captchaOn && !captchaToken)}
          >
            <FormattedMessage {...messages.send} />
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
