import { useMutation } from "@apollo/client/react";
import { Anchor, Button, Fieldset, Group, Stack, Text, Textarea, TextInput } from "@mantine/core";
import { useState } from "react";
import {
  UPDATE_ORGANIZATION_ATTACHMENTS,
  UPDATE_ORGANIZATION_CONTACT_PERSONS,
  UPDATE_ORGANIZATION_FAQ,
  UPDATE_ORGANIZATION_LOCATIONS,
  UPDATE_ORGANIZATION_VIDEOS,
} from "./documents";
import { FilePicker } from "~/components/FilePicker";
import {
  ADDRESS_FIELDS,
  AddressFields,
  addressInput,
  addressValues,
  blankToNull,
  EMPTY_ADDRESS,
  GroupSection,
  groupErrors,
  moveItem,
  newRowKey,
  RowControls,
  type AddressValues,
} from "./form-kit";
import type { EditorProfile } from "./InfoSections";

type Checks = Record<string, string | undefined>;

function rowFields(count: number, names: readonly string[]): string[] {
  return Array.from({ length: count }, (_, index) => names.map((name) => `items.${index}.${name}`)).flat();
}

function errorLookup(checks: Checks, touched: boolean, byField: Record<string, string>) {
  return (field: string) => (touched ? checks[field] : undefined) ?? byField[field];
}

function hasErrors(checks: Checks): boolean {
  return Object.values(checks).some(Boolean);
}

/** Rows of a list group: add, change, move and remove, each row with a stable key. */
function useRows<T extends { key: string }>(initial: () => T[]) {
  const [rows, setRows] = useState<T[]>(initial);
  return {
    rows,
    add: (row: Omit<T, "key">) => setRows((current) => [...current, { ...row, key: newRowKey() } as T]),
    change: (index: number, patch: Partial<T>) =>
      setRows((current) => current.map((row, at) => (at === index ? { ...row, ...patch } : row))),
    move: (from: number, to: number) => setRows((current) => moveItem(current, from, to)),
    remove: (index: number) => setRows((current) => current.filter((_, at) => at !== index)),
  };
}

const PERSON_FIELDS = [
  "salutation",
  "firstName",
  "lastName",
  "photoUploadId",
  "email",
  "position",
  "phone",
  "linkedinProfile",
  "contactInfo",
] as const;
type PersonText = Exclude<(typeof PERSON_FIELDS)[number], "photoUploadId">;
type PersonRow = Record<PersonText, string> & {
  key: string;
  photoUploadId: string | null;
  photo: { url: string; alt: string } | null;
};

const EMPTY_PERSON: Omit<PersonRow, "key"> = {
  salutation: "",
  firstName: "",
  lastName: "",
  email: "",
  position: "",
  phone: "",
  linkedinProfile: "",
  contactInfo: "",
  photoUploadId: null,
  photo: null,
};

/** Contact persons, in order, each with an optional photo. */
export function ContactPersonsSection({ profile }: { profile: EditorProfile }) {
  const { rows, add, change, move, remove } = useRows<PersonRow>(() =>
    profile.contactPersons.map((person) => ({
      key: newRowKey(),
      salutation: person.salutation ?? "",
      firstName: person.firstName,
      lastName: person.lastName,
      email: person.email ?? "",
      position: person.position ?? "",
      phone: person.phone ?? "",
      linkedinProfile: person.linkedinProfile ?? "",
      contactInfo: person.contactInfo ?? "",
      photoUploadId: person.photo?.uploadId ?? null,
      photo: person.photo,
    })),
  );
  const [touched, setTouched] = useState(false);
  const [save, { data, loading, error }] = useMutation(UPDATE_ORGANIZATION_CONTACT_PERSONS);

  const checks: Checks = {};
  rows.forEach((row, index) => {
    if (!row.firstName.trim()) checks[`items.${index}.firstName`] = "Enter the first name.";
    if (!row.lastName.trim()) checks[`items.${index}.lastName`] = "Enter the last name.";
  });
  const answer = data?.updateOrganizationContactPersons;
  const server = groupErrors(answer, rowFields(rows.length, PERSON_FIELDS));
  const errorOf = errorLookup(checks, touched, server.byField);

  const submit = () => {
    setTouched(true);
    if (hasErrors(checks)) return;
    void save({
      variables: {
        id: profile.id,
        input: {
          items: rows.map((row) => ({
            firstName: row.firstName.trim(),
            lastName: row.lastName.trim(),
            salutation: blankToNull(row.salutation),
            photoUploadId: row.photoUploadId,
            email: blankToNull(row.email),
            position: blankToNull(row.position),
            phone: blankToNull(row.phone),
            linkedinProfile: blankToNull(row.linkedinProfile),
            contactInfo: blankToNull(row.contactInfo),
          })),
        },
      },
    }).catch(() => undefined);
  };

  const text = (index: number, field: PersonText, label: string, extra: Record<string, unknown> = {}) => (
    <TextInput
      label={label}
      value={rows[index]?.[field] ?? ""}
      onChange={(event) => change(index, { [field]: event.currentTarget.value } as Partial<PersonRow>)}
      error={errorOf(`items.${index}.${field}`)}
      {...extra}
    />
  );

  return (
    <GroupSection
      title="Contact persons"
      saveLabel="Save contact persons"
      saving={loading}
      saved={answer?.__typename === "OrganizationProfileSaved"}
      failed={Boolean(error)}
      general={server.general}
      onSubmit={submit}
    >
      {rows.length === 0 ? <Text c="dimmed">No contact persons yet.</Text> : null}
      {rows.map((row, index) => (
        <Fieldset key={row.key} legend={`Contact person ${index + 1}`}>
          <Stack gap="xs">
            {text(index, "salutation", "Salutation")}
            <Group grow align="flex-start">
              {text(index, "firstName", "First name", { required: true })}
              {text(index, "lastName", "Last name", { required: true })}
            </Group>
            {text(index, "position", "Position")}
            <Group grow align="flex-start">
              {text(index, "email", "Email", { type: "email" })}
              {text(index, "phone", "Phone", { type: "tel" })}
            </Group>
            {text(index, "linkedinProfile", "LinkedIn profile", { type: "url" })}
            <Textarea
              label="Contact info"
              autosize
              minRows={2}
              value={row.contactInfo}
              onChange={(event) => change(index, { contactInfo: event.currentTarget.value })}
              error={errorOf(`items.${index}.contactInfo`)}
            />
            <FilePicker
              label="Photo"
              purpose="organization_image"
              crop={{ aspect: 1, width: 400, height: 400 }}
              preview={row.photo ? { url: row.photo.url, alt: `Photo of contact person ${index + 1}` } : null}
              onUploaded={(upload) =>
                change(index, {
                  photoUploadId: upload.id,
                  photo: { url: upload.styles.thumbnail?.url ?? upload.url, alt: "" },
                })
              }
              onRemove={() => change(index, { photoUploadId: null, photo: null })}
            />
            {errorOf(`items.${index}.photoUploadId`) ? (
              <Text c="red" size="sm" role="alert">
                {errorOf(`items.${index}.photoUploadId`)}
              </Text>
            ) : null}
            <RowControls
              index={index}
              count={rows.length}
              what="contact person"
              onMove={move}
              onRemove={() => remove(index)}
            />
          </Stack>
        </Fieldset>
      ))}
      <Group>
        <Button variant="light" onClick={() => add(EMPTY_PERSON)}>
          Add a contact person
        </Button>
      </Group>
    </GroupSection>
  );
}

type VideoRow = {
  key: string;
  source: string;
  coverTitle: string;
  coverUploadId: string | null;
  cover: { url: string } | null;
};

const VIDEO_ADDRESS = /^https?:\/\/(www\.|m\.)?(youtube\.com|youtu\.be|youtube-nocookie\.com|vimeo\.com|player\.vimeo\.com)\//i;

/** YouTube or Vimeo videos, each with an optional cover and its title. */
export function VideosSection({ profile }: { profile: EditorProfile }) {
  const { rows, add, change, move, remove } = useRows<VideoRow>(() =>
    profile.videos.map((video) => ({
      key: newRowKey(),
      source: video.source,
      coverTitle: video.coverTitle ?? "",
      coverUploadId: video.cover?.uploadId ?? null,
      cover: video.cover,
    })),
  );
  const [touched, setTouched] = useState(false);
  const [save, { data, loading, error }] = useMutation(UPDATE_ORGANIZATION_VIDEOS);

  const checks: Checks = {};
  rows.forEach((row, index) => {
    if (!VIDEO_ADDRESS.test(row.source.trim()))
      checks[`items.${index}.source`] = "Enter a YouTube or Vimeo address.";
  });
  const answer = data?.updateOrganizationVideos;
  const server = groupErrors(answer, rowFields(rows.length, ["source", "coverTitle", "coverUploadId"]));
  const errorOf = errorLookup(checks, touched, server.byField);

  const submit = () => {
    setTouched(true);
    if (hasErrors(checks)) return;
    void save({
      variables: {
        id: profile.id,
        input: {
          items: rows.map((row) => ({
            source: row.source.trim(),
            coverUploadId: row.coverUploadId,
            coverTitle: blankToNull(row.coverTitle),
          })),
        },
      },
    }).catch(() => undefined);
  };

  return (
    <GroupSection
      title="Videos"
      description="Visitors see a cover until they agree to load the video."
      saveLabel="Save videos"
      saving={loading}
      saved={answer?.__typename === "OrganizationProfileSaved"}
      failed={Boolean(error)}
      general={server.general}
      onSubmit={submit}
    >
      {rows.length === 0 ? <Text c="dimmed">No videos yet.</Text> : null}
      {rows.map((row, index) => (
        <Fieldset key={row.key} legend={`Video ${index + 1}`}>
          <Stack gap="xs">
            <TextInput
              label="Video address"
              description="A YouTube or Vimeo address."
              type="url"
              required
              value={row.source}
              onChange={(event) => change(index, { source: event.currentTarget.value })}
              error={errorOf(`items.${index}.source`)}
            />
            <FilePicker
              label="Video cover"
              purpose="organization_image"
              preview={row.cover ? { url: row.cover.url, alt: `Cover of video ${index + 1}` } : null}
              onUploaded={(upload) =>
                change(index, { coverUploadId: upload.id, cover: { url: upload.styles.teaser?.url ?? upload.url } })
              }
              onRemove={() => change(index, { coverUploadId: null, cover: null })}
            />
            {errorOf(`items.${index}.coverUploadId`) ? (
              <Text c="red" size="sm" role="alert">
                {errorOf(`items.${index}.coverUploadId`)}
              </Text>
            ) : null}
            <TextInput
              label="Cover title"
              value={row.coverTitle}
              onChange={(event) => change(index, { coverTitle: event.currentTarget.value })}
              error={errorOf(`items.${index}.coverTitle`)}
            />
            <RowControls index={index} count={rows.length} what="video" onMove={move} onRemove={() => remove(index)} />
          </Stack>
        </Fieldset>
      ))}
      <Group>
        <Button variant="light" onClick={() => add({ source: "", coverTitle: "", coverUploadId: null, cover: null })}>
          Add a video
        </Button>
      </Group>
    </GroupSection>
  );
}

type LocationRow = { key: string; name: string; address: AddressValues };

/** Further locations: a name and an address each. */
export function LocationsSection({ profile }: { profile: EditorProfile }) {
  const { rows, add, change, move, remove } = useRows<LocationRow>(() =>
    profile.locations.map((location) => ({
      key: newRowKey(),
      name: location.name,
      address: addressValues(location.address),
    })),
  );
  const [touched, setTouched] = useState(false);
  const [save, { data, loading, error }] = useMutation(UPDATE_ORGANIZATION_LOCATIONS);

  const checks: Checks = {};
  rows.forEach((row, index) => {
    if (!row.name.trim()) checks[`items.${index}.name`] = "Enter the location's name.";
    if (!row.address.countryCode) checks[`items.${index}.address.countryCode`] = "Choose the country.";
    if (!row.address.locality.trim()) checks[`items.${index}.address.locality`] = "Enter the city.";
  });
  const answer = data?.updateOrganizationLocations;
  const server = groupErrors(
    answer,
    rowFields(rows.length, ["name", ...ADDRESS_FIELDS.map((field) => `address.${field}`)]),
  );
  const errorOf = errorLookup(checks, touched, server.byField);

  const submit = () => {
    setTouched(true);
    if (hasErrors(checks)) return;
    void save({
      variables: {
        id: profile.id,
        input: { items: rows.map((row) => ({ name: row.name.trim(), address: addressInput(row.address) })) },
      },
    }).catch(() => undefined);
  };

  return (
    <GroupSection
      title="Further locations"
      saveLabel="Save locations"
      saving={loading}
      saved={answer?.__typename === "OrganizationProfileSaved"}
      failed={Boolean(error)}
      general={server.general}
      onSubmit={submit}
    >
      {rows.length === 0 ? <Text c="dimmed">No further locations yet.</Text> : null}
      {rows.map((row, index) => (
        <Fieldset key={row.key} legend={`Location ${index + 1}`}>
          <Stack gap="xs">
            <TextInput
              label="Location name"
              required
              value={row.name}
              onChange={(event) => change(index, { name: event.currentTarget.value })}
              error={errorOf(`items.${index}.name`)}
            />
            <AddressFields
              value={row.address}
              onChange={(address) => change(index, { address })}
              errorOf={(field) => errorOf(`items.${index}.address.${field}`)}
            />
            <RowControls
              index={index}
              count={rows.length}
              what="location"
              onMove={move}
              onRemove={() => remove(index)}
            />
          </Stack>
        </Fieldset>
      ))}
      <Group>
        <Button variant="light" onClick={() => add({ name: "", address: EMPTY_ADDRESS })}>
          Add a location
        </Button>
      </Group>
    </GroupSection>
  );
}

type QuestionRow = { key: string; question: string; answer: string };

/** Questions and answers. */
export function FaqSection({ profile }: { profile: EditorProfile }) {
  const { rows, add, change, move, remove } = useRows<QuestionRow>(() =>
    profile.faq.map((item) => ({ key: newRowKey(), question: item.question, answer: item.answer })),
  );
  const [touched, setTouched] = useState(false);
  const [save, { data, loading, error }] = useMutation(UPDATE_ORGANIZATION_FAQ);

  const checks: Checks = {};
  rows.forEach((row, index) => {
    if (!row.question.trim()) checks[`items.${index}.question`] = "Enter the question.";
    if (!row.answer.trim()) checks[`items.${index}.answer`] = "Enter the answer.";
  });
  const answer = data?.updateOrganizationFaq;
  const server = groupErrors(answer, rowFields(rows.length, ["question", "answer"]));
  const errorOf = errorLookup(checks, touched, server.byField);

  const submit = () => {
    setTouched(true);
    if (hasErrors(checks)) return;
    void save({
      variables: {
        id: profile.id,
        input: { items: rows.map((row) => ({ question: row.question.trim(), answer: row.answer.trim() })) },
      },
    }).catch(() => undefined);
  };

  return (
    <GroupSection
      title="FAQ"
      saveLabel="Save FAQ"
      saving={loading}
      saved={answer?.__typename === "OrganizationProfileSaved"}
      failed={Boolean(error)}
      general={server.general}
      onSubmit={submit}
    >
      {rows.length === 0 ? <Text c="dimmed">No questions yet.</Text> : null}
      {rows.map((row, index) => (
        <Fieldset key={row.key} legend={`Question ${index + 1}`}>
          <Stack gap="xs">
            <TextInput
              label="Question"
              required
              value={row.question}
              onChange={(event) => change(index, { question: event.currentTarget.value })}
              error={errorOf(`items.${index}.question`)}
            />
            <Textarea
              label="Answer"
              required
              autosize
              minRows={2}
              value={row.answer}
              onChange={(event) => change(index, { answer: event.currentTarget.value })}
              error={errorOf(`items.${index}.answer`)}
            />
            <RowControls
              index={index}
              count={rows.length}
              what="question"
              onMove={move}
              onRemove={() => remove(index)}
            />
          </Stack>
        </Fieldset>
      ))}
      <Group>
        <Button variant="light" onClick={() => add({ question: "", answer: "" })}>
          Add a question
        </Button>
      </Group>
    </GroupSection>
  );
}

type AttachmentRow = { key: string; uploadId: string; title: string; url: string | null };

/** PDF attachments with a title each. */
export function AttachmentsSection({ profile }: { profile: EditorProfile }) {
  const { rows, add, change, move, remove } = useRows<AttachmentRow>(() =>
    profile.attachments.map((item) => ({ key: newRowKey(), uploadId: item.uploadId, title: item.title, url: item.url })),
  );
  const [touched, setTouched] = useState(false);
  const [save, { data, loading, error }] = useMutation(UPDATE_ORGANIZATION_ATTACHMENTS);

  const checks: Checks = {};
  rows.forEach((row, index) => {
    if (!row.title.trim()) checks[`items.${index}.title`] = "Enter a title.";
  });
  const answer = data?.updateOrganizationAttachments;
  const server = groupErrors(answer, rowFields(rows.length, ["title", "uploadId"]));
  const errorOf = errorLookup(checks, touched, server.byField);

  const submit = () => {
    setTouched(true);
    if (hasErrors(checks)) return;
    void save({
      variables: {
        id: profile.id,
        input: { items: rows.map((row) => ({ uploadId: row.uploadId, title: row.title.trim() })) },
      },
    }).catch(() => undefined);
  };

  return (
    <GroupSection
      title="Attachments"
      saveLabel="Save attachments"
      saving={loading}
      saved={answer?.__typename === "OrganizationProfileSaved"}
      failed={Boolean(error)}
      general={server.general}
      onSubmit={submit}
    >
      {rows.length === 0 ? <Text c="dimmed">No attachments yet.</Text> : null}
      {rows.map((row, index) => (
        <Fieldset key={row.key} legend={`Attachment ${index + 1}`}>
          <Stack gap="xs">
            <TextInput
              label="Attachment title"
              required
              value={row.title}
              onChange={(event) => change(index, { title: event.currentTarget.value })}
              error={errorOf(`items.${index}.title`) ?? errorOf(`items.${index}.uploadId`)}
            />
            {row.url ? (
              <Anchor href={row.url} target="_blank" rel="noopener noreferrer" size="sm">
                Open the PDF
              </Anchor>
            ) : null}
            <RowControls
              index={index}
              count={rows.length}
              what="attachment"
              onMove={move}
              onRemove={() => remove(index)}
            />
          </Stack>
        </Fieldset>
      ))}
      <FilePicker
        label="Add a PDF"
        description="PDF files up to 50 MB."
        purpose="organization_document"
        pdf
        onUploaded={(upload, file) =>
          add({ uploadId: upload.id, title: file.name.replace(/\.pdf$/i, ""), url: upload.url })
        }
      />
    </GroupSection>
  );
}
