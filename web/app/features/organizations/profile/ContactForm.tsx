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
import { useState, type FormEvent } from "react";
import { useNavigate } from "react-router";
import { Captcha } from "~/components/Captcha";
import { DangerList } from "~/components/DangerList";
import { useAppConfig } from "~/lib/app-config";
import { flashState } from "~/lib/flash";
import { graphql } from "~/lib/graphql/generated/gql";

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
const UPLOAD_FAILED = "The file could not be uploaded. Try again in a moment.";
const MAX_BYTES = 50 * 1024 * 1024;
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
): Partial<Record<Field, string>> {
  const errors: Partial<Record<Field, string>> = {};
  if (!draft.name.trim()) errors.name = "Enter your name.";
  if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(draft.email.trim()))
    errors.email = "Enter a valid email address.";
  if (!draft.subject.trim()) errors.subject = "Enter a subject.";
  else if (draft.subject.trim().length > 200)
    errors.subject = "Keep the subject under 200 characters.";
  if (!draft.body.trim()) errors.body = "Write your message.";
  else if (draft.body.length > 10_000)
    errors.body = "Keep the message under 10000 characters.";
  return errors;
}

interface Attached {
  id: string;
  filename: string;
}

async function upload(
  file: File,
): Promise<{ id: string } | { message: string }> {
  if (!TYPES.includes(file.type))
    return { message: "Choose a PDF, JPG, PNG or WebP file." };
  if (file.size > MAX_BYTES)
    return { message: "The file is larger than 50 MB." };
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
  const [opened, setOpened] = useState(false);
  const navigate = useNavigate();
  return (
    <Stack gap="sm" align="flex-start">
      <Text>
        Questions about working at {organizationName}? Write to them directly.
      </Text>
      <Button onClick={() => setOpened(true)}>
        Contact {organizationName}
      </Button>
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title={`Contact ${organizationName}`}
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
                title: "Your message was sent",
                text: `${organizationName} will answer you by email.`,
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
  const errors = touched ? contactErrors(draft) : {};
  const change = (patch: Partial<ContactDraft>) =>
    setDraft((d) => ({ ...d, ...patch }));

  const pick = async (file: File | null) => {
    if (!file) return;
    setUploading(true);
    setFileError(null);
    const answer = await upload(file);
    setUploading(false);
    if ("message" in answer) setFileError(answer.message);
    else setFiles((list) => [...list, { id: answer.id, filename: file.name }]);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (Object.keys(contactErrors(draft)).length > 0) return;
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
      setServerErrors([
        "Your message could not be sent. Try again in a moment.",
      ]);
    }
    setCaptchaToken(null);
    setCaptchaRound((round) => round + 1);
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label="Contact form">
      <Stack gap="sm">
        <DangerList messages={serverErrors} />
        <Group grow align="flex-start">
          <TextInput
            label="Your name"
            required
            autoComplete="name"
            value={draft.name}
            error={errors.name}
            onChange={(e) => change({ name: e.currentTarget.value })}
          />
          <TextInput
            label="Your email address"
            type="email"
            required
            autoComplete="email"
            value={draft.email}
            error={errors.email}
            onChange={(e) => change({ email: e.currentTarget.value })}
          />
        </Group>
        <TextInput
          label="Subject"
          required
          value={draft.subject}
          error={errors.subject}
          onChange={(e) => change({ subject: e.currentTarget.value })}
        />
        <Textarea
          label="Message"
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
                Attach a file
              </Button>
            )}
          </FileButton>
          <Text size="xs" c="dimmed">
            PDF, JPG, PNG or WebP, up to 50 MB; at most {MAX_FILES}.
          </Text>
        </Group>
        {fileError ? (
          <Text size="sm" c="red" role="alert">
            {fileError}
          </Text>
        ) : null}
        {files.length > 0 ? (
          <List aria-label="Attached files" size="sm">
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
                    Remove
                  </Button>
                </Group>
              </List.Item>
            ))}
          </List>
        ) : null}
        <Checkbox
          label="Send me a copy"
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
            Send message
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
