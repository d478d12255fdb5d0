import { useMutation } from "@apollo/client/react";
import { Anchor, Button, Fieldset, Group, Stack, Text, Textarea, TextInput } from "@mantine/core";
import { useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { defineMessages, type Message } from "~/lib/i18n/define-messages";
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
  type Checks,
  useGroupForm,
  moveItem,
  newRowKey,
  RowControls,
  type AddressValues,
} from "./form-kit";
import type { EditorProfile } from "./InfoSections";

const messages = defineMessages({
  enterTheFirstName: { id: "organizations.editor.lists.enterTheFirstName", defaultMessage: "Enter the first name." },
  enterTheLastName: { id: "organizations.editor.lists.enterTheLastName", defaultMessage: "Enter the last name." },
  enterAYoutubeOr: { id: "organizations.editor.lists.enterAYoutubeOr", defaultMessage: "Enter a YouTube or Vimeo address." },
  enterTheLocationS: { id: "organizations.editor.lists.enterTheLocationS", defaultMessage: "Enter the location's name." },
  chooseTheCountry: { id: "organizations.editor.lists.chooseTheCountry", defaultMessage: "Choose the country." },
  enterTheCity: { id: "organizations.editor.lists.enterTheCity", defaultMessage: "Enter the city." },
  enterTheQuestion: { id: "organizations.editor.lists.enterTheQuestion", defaultMessage: "Enter the question." },
  enterTheAnswer: { id: "organizations.editor.lists.enterTheAnswer", defaultMessage: "Enter the answer." },
  enterATitle: { id: "organizations.editor.lists.enterATitle", defaultMessage: "Enter a title." },
  salutation: { id: "organizations.editor.lists.salutation", defaultMessage: "Salutation" },
  firstName: { id: "organizations.editor.lists.firstName", defaultMessage: "First name" },
  lastName: { id: "organizations.editor.lists.lastName", defaultMessage: "Last name" },
  position: { id: "organizations.editor.lists.position", defaultMessage: "Position" },
  email: { id: "organizations.editor.lists.email", defaultMessage: "Email" },
  phone: { id: "organizations.editor.lists.phone", defaultMessage: "Phone" },
  linkedinProfile: { id: "organizations.editor.lists.linkedinProfile", defaultMessage: "LinkedIn profile" },
  contactPersons: { id: "organizations.editor.lists.contactPersons", defaultMessage: "Contact persons" },
  saveContactPersons: { id: "organizations.editor.lists.saveContactPersons", defaultMessage: "Save contact persons" },
  contactInfo: { id: "organizations.editor.lists.contactInfo", defaultMessage: "Contact info" },
  photo: { id: "organizations.editor.lists.photo", defaultMessage: "Photo" },
  videos: { id: "organizations.editor.lists.videos", defaultMessage: "Videos" },
  visitorsSeeACover: { id: "organizations.editor.lists.visitorsSeeACover", defaultMessage: "Visitors see a cover until they agree to load the video." },
  saveVideos: { id: "organizations.editor.lists.saveVideos", defaultMessage: "Save videos" },
  videoAddress: { id: "organizations.editor.lists.videoAddress", defaultMessage: "Video address" },
  aYoutubeOrVimeo: { id: "organizations.editor.lists.aYoutubeOrVimeo", defaultMessage: "A YouTube or Vimeo address." },
  videoCover: { id: "organizations.editor.lists.videoCover", defaultMessage: "Video cover" },
  coverTitle: { id: "organizations.editor.lists.coverTitle", defaultMessage: "Cover title" },
  furtherLocations: { id: "organizations.editor.lists.furtherLocations", defaultMessage: "Further locations" },
  saveLocations: { id: "organizations.editor.lists.saveLocations", defaultMessage: "Save locations" },
  locationName: { id: "organizations.editor.lists.locationName", defaultMessage: "Location name" },
  faq: { id: "organizations.editor.lists.faq", defaultMessage: "FAQ" },
  saveFaq: { id: "organizations.editor.lists.saveFaq", defaultMessage: "Save FAQ" },
  question: { id: "organizations.editor.lists.question", defaultMessage: "Question" },
  answer: { id: "organizations.editor.lists.answer", defaultMessage: "Answer" },
  attachments: { id: "organizations.editor.lists.attachments", defaultMessage: "Attachments" },
  saveAttachments: { id: "organizations.editor.lists.saveAttachments", defaultMessage: "Save attachments" },
  attachmentTitle: { id: "organizations.editor.lists.attachmentTitle", defaultMessage: "Attachment title" },
  addAPdf: { id: "organizations.editor.lists.addAPdf", defaultMessage: "Add a PDF" },
  pdfFilesUpTo: { id: "organizations.editor.lists.pdfFilesUpTo", defaultMessage: "PDF files up to 50 MB." },
  noContactPersonsYet: { id: "organizations.editor.lists.noContactPersonsYet", defaultMessage: "No contact persons yet." },
  noVideosYet: { id: "organizations.editor.lists.noVideosYet", defaultMessage: "No videos yet." },
  noFurtherLocationsYet: { id: "organizations.editor.lists.noFurtherLocationsYet", defaultMessage: "No further locations yet." },
  noQuestionsYet: { id: "organizations.editor.lists.noQuestionsYet", defaultMessage: "No questions yet." },
  noAttachmentsYet: { id: "organizations.editor.lists.noAttachmentsYet", defaultMessage: "No attachments yet." },
  addAContactPerson: { id: "organizations.editor.lists.addAContactPerson", defaultMessage: "Add a contact person" },
  addAVideo: { id: "organizations.editor.lists.addAVideo", defaultMessage: "Add a video" },
  addALocation: { id: "organizations.editor.lists.addALocation", defaultMessage: "Add a location" },
  addAQuestion: { id: "organizations.editor.lists.addAQuestion", defaultMessage: "Add a question" },
  contactPersonN: { id: "organizations.editor.lists.contactPersonN", defaultMessage: "Contact person {number, number}" },
  photoOfContactPerson: { id: "organizations.editor.lists.photoOfContactPerson", defaultMessage: "Photo of contact person {number, number}" },
  videoN: { id: "organizations.editor.lists.videoN", defaultMessage: "Video {number, number}" },
  coverOfVideoN: { id: "organizations.editor.lists.coverOfVideoN", defaultMessage: "Cover of video {number, number}" },
  locationN: { id: "organizations.editor.lists.locationN", defaultMessage: "Location {number, number}" },
  questionN: { id: "organizations.editor.lists.questionN", defaultMessage: "Question {number, number}" },
  attachmentN: { id: "organizations.editor.lists.attachmentN", defaultMessage: "Attachment {number, number}" },
  whatContactPerson: { id: "organizations.editor.lists.whatContactPerson", defaultMessage: "contact person" },
  whatVideo: { id: "organizations.editor.lists.whatVideo", defaultMessage: "video" },
  whatLocation: { id: "organizations.editor.lists.whatLocation", defaultMessage: "location" },
  whatQuestion: { id: "organizations.editor.lists.whatQuestion", defaultMessage: "question" },
  whatAttachment: { id: "organizations.editor.lists.whatAttachment", defaultMessage: "attachment" },
});

function rowFields(count: number, names: readonly string[]): string[] {
  return Array.from({ length: count }, (_, index) => names.map((name) => `items.${index}.${name}`)).flat();
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
  const intl = useIntl();
  const t = (message: Message, values?: Record<string, string | number>) => intl.formatMessage(message, values);
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
  const [save, { data, loading, error }] = useMutation(UPDATE_ORGANIZATION_CONTACT_PERSONS);

  const checks: Checks = {};
  rows.forEach((row, index) => {
    if (!row.firstName.trim()) checks[`items.${index}.firstName`] = t(messages.enterTheFirstName);
    if (!row.lastName.trim()) checks[`items.${index}.lastName`] = t(messages.enterTheLastName);
  });
  const answer = data?.updateOrganizationContactPersons;
  const { errorOf, validate, feedback } = useGroupForm({
    answer,
    fields: rowFields(rows.length, PERSON_FIELDS),
    checks,
    loading,
    error,
  });

  const submit = () => {
    if (!validate()) return;
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
      title={t(messages.contactPersons)}
      saveLabel={t(messages.saveContactPersons)}
      {...feedback}
      onSubmit={submit}
    >
      {rows.length === 0 ? <Text c="dimmed"><FormattedMessage {...messages.noContactPersonsYet} /></Text> : null}
      {rows.map((row, index) => (
        <Fieldset key={row.key} legend={t(messages.contactPersonN, { number: index + 1 })}>
          <Stack gap="xs">
            {text(index, "salutation", t(messages.salutation))}
            <Group grow align="flex-start">
              {text(index, "firstName", t(messages.firstName), { required: true })}
              {text(index, "lastName", t(messages.lastName), { required: true })}
            </Group>
            {text(index, "position", t(messages.position))}
            <Group grow align="flex-start">
              {text(index, "email", t(messages.email), { type: "email" })}
              {text(index, "phone", t(messages.phone), { type: "tel" })}
            </Group>
            {text(index, "linkedinProfile", t(messages.linkedinProfile), { type: "url" })}
            <Textarea
              label={t(messages.contactInfo)}
              autosize
              minRows={2}
              value={row.contactInfo}
              onChange={(event) => change(index, { contactInfo: event.currentTarget.value })}
              error={errorOf(`items.${index}.contactInfo`)}
            />
            <FilePicker
              label={t(messages.photo)}
              purpose="organization_image"
              crop={{ aspect: 1, width: 400, height: 400 }}
              preview={row.photo ? { url: row.photo.url, alt: t(messages.photoOfContactPerson, { number: index + 1 }) } : null}
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
              what={t(messages.whatContactPerson)}
              onMove={move}
              onRemove={() => remove(index)}
            />
          </Stack>
        </Fieldset>
      ))}
      <Group>
        <Button variant="light" onClick={() => add(EMPTY_PERSON)}>
          <FormattedMessage {...messages.addAContactPerson} />
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
  const intl = useIntl();
  const t = (message: Message, values?: Record<string, string | number>) => intl.formatMessage(message, values);
  const { rows, add, change, move, remove } = useRows<VideoRow>(() =>
    profile.videos.map((video) => ({
      key: newRowKey(),
      source: video.source,
      coverTitle: video.coverTitle ?? "",
      coverUploadId: video.cover?.uploadId ?? null,
      cover: video.cover,
    })),
  );
  const [save, { data, loading, error }] = useMutation(UPDATE_ORGANIZATION_VIDEOS);

  const checks: Checks = {};
  rows.forEach((row, index) => {
    if (!VIDEO_ADDRESS.test(row.source.trim()))
      checks[`items.${index}.source`] = t(messages.enterAYoutubeOr);
  });
  const answer = data?.updateOrganizationVideos;
  const { errorOf, validate, feedback } = useGroupForm({
    answer,
    fields: rowFields(rows.length, ["source", "coverTitle", "coverUploadId"]),
    checks,
    loading,
    error,
  });

  const submit = () => {
    if (!validate()) return;
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
      title={t(messages.videos)}
      description={t(messages.visitorsSeeACover)}
      saveLabel={t(messages.saveVideos)}
      {...feedback}
      onSubmit={submit}
    >
      {rows.length === 0 ? <Text c="dimmed"><FormattedMessage {...messages.noVideosYet} /></Text> : null}
      {rows.map((row, index) => (
        <Fieldset key={row.key} legend={t(messages.videoN, { number: index + 1 })}>
          <Stack gap="xs">
            <TextInput
              label={t(messages.videoAddress)}
              description={t(messages.aYoutubeOrVimeo)}
              type="url"
              required
              value={row.source}
              onChange={(event) => change(index, { source: event.currentTarget.value })}
              error={errorOf(`items.${index}.source`)}
            />
            <FilePicker
              label={t(messages.videoCover)}
              purpose="organization_image"
              preview={row.cover ? { url: row.cover.url, alt: t(messages.coverOfVideoN, { number: index + 1 }) } : null}
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
              label={t(messages.coverTitle)}
              value={row.coverTitle}
              onChange={(event) => change(index, { coverTitle: event.currentTarget.value })}
              error={errorOf(`items.${index}.coverTitle`)}
            />
            <RowControls index={index} count={rows.length} what={t(messages.whatVideo)} onMove={move} onRemove={() => remove(index)} />
          </Stack>
        </Fieldset>
      ))}
      <Group>
        <Button variant="light" onClick={() => add({ source: "", coverTitle: "", coverUploadId: null, cover: null })}>
          <FormattedMessage {...messages.addAVideo} />
        </Button>
      </Group>
    </GroupSection>
  );
}

type LocationRow = { key: string; name: string; address: AddressValues };

/** Further locations: a name and an address each. */
export function LocationsSection({ profile }: { profile: EditorProfile }) {
  const intl = useIntl();
  const t = (message: Message, values?: Record<string, string | number>) => intl.formatMessage(message, values);
  const { rows, add, change, move, remove } = useRows<LocationRow>(() =>
    profile.locations.map((location) => ({
      key: newRowKey(),
      name: location.name,
      address: addressValues(location.address),
    })),
  );
  const [save, { data, loading, error }] = useMutation(UPDATE_ORGANIZATION_LOCATIONS);

  const checks: Checks = {};
  rows.forEach((row, index) => {
    if (!row.name.trim()) checks[`items.${index}.name`] = t(messages.enterTheLocationS);
    if (!row.address.countryCode) checks[`items.${index}.address.countryCode`] = t(messages.chooseTheCountry);
    if (!row.address.locality.trim()) checks[`items.${index}.address.locality`] = t(messages.enterTheCity);
  });
  const answer = data?.updateOrganizationLocations;
  const { errorOf, validate, feedback } = useGroupForm({
    answer,
    fields: rowFields(rows.length, ["name", ...ADDRESS_FIELDS.map((field) => `address.${field}`)]),
    checks,
    loading,
    error,
  });

  const submit = () => {
    if (!validate()) return;
    void save({
      variables: {
        id: profile.id,
        input: { items: rows.map((row) => ({ name: row.name.trim(), address: addressInput(row.address) })) },
      },
    }).catch(() => undefined);
  };

  return (
    <GroupSection
      title={t(messages.furtherLocations)}
      saveLabel={t(messages.saveLocations)}
      {...feedback}
      onSubmit={submit}
    >
      {rows.length === 0 ? <Text c="dimmed"><FormattedMessage {...messages.noFurtherLocationsYet} /></Text> : null}
      {rows.map((row, index) => (
        <Fieldset key={row.key} legend={t(messages.locationN, { number: index + 1 })}>
          <Stack gap="xs">
            <TextInput
              label={t(messages.locationName)}
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
              what={t(messages.whatLocation)}
              onMove={move}
              onRemove={() => remove(index)}
            />
          </Stack>
        </Fieldset>
      ))}
      <Group>
        <Button variant="light" onClick={() => add({ name: "", address: EMPTY_ADDRESS })}>
          <FormattedMessage {...messages.addALocation} />
        </Button>
      </Group>
    </GroupSection>
  );
}

type QuestionRow = { key: string; question: string; answer: string };

/** Questions and answers. */
export function FaqSection({ profile }: { profile: EditorProfile }) {
  const intl = useIntl();
  const t = (message: Message, values?: Record<string, string | number>) => intl.formatMessage(message, values);
  const { rows, add, change, move, remove } = useRows<QuestionRow>(() =>
    profile.faq.map((item) => ({ key: newRowKey(), question: item.question, answer: item.answer })),
  );
  const [save, { data, loading, error }] = useMutation(UPDATE_ORGANIZATION_FAQ);

  const checks: Checks = {};
  rows.forEach((row, index) => {
    if (!row.question.trim()) checks[`items.${index}.question`] = t(messages.enterTheQuestion);
    if (!row.answer.trim()) checks[`items.${index}.answer`] = t(messages.enterTheAnswer);
  });
  const answer = data?.updateOrganizationFaq;
  const { errorOf, validate, feedback } = useGroupForm({
    answer,
    fields: rowFields(rows.length, ["question", "answer"]),
    checks,
    loading,
    error,
  });

  const submit = () => {
    if (!validate()) return;
    void save({
      variables: {
        id: profile.id,
        input: { items: rows.map((row) => ({ question: row.question.trim(), answer: row.answer.trim() })) },
      },
    }).catch(() => undefined);
  };

  return (
    <GroupSection
      title={t(messages.faq)}
      saveLabel={t(messages.saveFaq)}
      {...feedback}
      onSubmit={submit}
    >
      {rows.length === 0 ? <Text c="dimmed"><FormattedMessage {...messages.noQuestionsYet} /></Text> : null}
      {rows.map((row, index) => (
        <Fieldset key={row.key} legend={t(messages.questionN, { number: index + 1 })}>
          <Stack gap="xs">
            <TextInput
              label={t(messages.question)}
              required
              value={row.question}
              onChange={(event) => change(index, { question: event.currentTarget.value })}
              error={errorOf(`items.${index}.question`)}
            />
            <Textarea
              label={t(messages.answer)}
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
              what={t(messages.whatQuestion)}
              onMove={move}
              onRemove={() => remove(index)}
            />
          </Stack>
        </Fieldset>
      ))}
      <Group>
        <Button variant="light" onClick={() => add({ question: "", answer: "" })}>
          <FormattedMessage {...messages.addAQuestion} />
        </Button>
      </Group>
    </GroupSection>
  );
}

type AttachmentRow = { key: string; uploadId: string; title: string; url: string | null };

/** PDF attachments with a title each. */
export function AttachmentsSection({ profile }: { profile: EditorProfile }) {
  const intl = useIntl();
  const t = (message: Message, values?: Record<string, string | number>) => intl.formatMessage(message, values);
  const { rows, add, change, move, remove } = useRows<AttachmentRow>(() =>
    profile.attachments.map((item) => ({ key: newRowKey(), uploadId: item.uploadId, title: item.title, url: item.url })),
  );
  const [save, { data, loading, error }] = useMutation(UPDATE_ORGANIZATION_ATTACHMENTS);

  const checks: Checks = {};
  rows.forEach((row, index) => {
    if (!row.title.trim()) checks[`items.${index}.title`] = t(messages.enterATitle);
  });
  const answer = data?.updateOrganizationAttachments;
  const { errorOf, validate, feedback } = useGroupForm({
    answer,
    fields: rowFields(rows.length, ["title", "uploadId"]),
    checks,
    loading,
    error,
  });

  const submit = () => {
    if (!validate()) return;
    void save({
      variables: {
        id: profile.id,
        input: { items: rows.map((row) => ({ uploadId: row.uploadId, title: row.title.trim() })) },
      },
    }).catch(() => undefined);
  };

  return (
    <GroupSection
      title={t(messages.attachments)}
      saveLabel={t(messages.saveAttachments)}
      {...feedback}
      onSubmit={submit}
    >
      {rows.length === 0 ? <Text c="dimmed"><FormattedMessage {...messages.noAttachmentsYet} /></Text> : null}
      {rows.map((row, index) => (
        <Fieldset key={row.key} legend={t(messages.attachmentN, { number: index + 1 })}>
          <Stack gap="xs">
            <TextInput
              label={t(messages.attachmentTitle)}
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
              what={t(messages.whatAttachment)}
              onMove={move}
              onRemove={() => remove(index)}
            />
          </Stack>
        </Fieldset>
      ))}
      <FilePicker
        label={t(messages.addAPdf)}
        description={t(messages.pdfFilesUpTo)}
        purpose="organization_document"
        pdf
        onUploaded={(upload, file) =>
          add({ uploadId: upload.id, title: file.name.replace(/\.pdf$/i, ""), url: upload.url })
        }
      />
    </GroupSection>
  );
}
