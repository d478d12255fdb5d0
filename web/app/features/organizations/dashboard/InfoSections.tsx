import { useMutation } from "@apollo/client/react";
import {
  Fieldset,
  Group,
  SimpleGrid,
  Textarea,
  TextInput,
} from "@mantine/core";
import { useState } from "react";
import { useIntl } from "react-intl";
import type { EditorProfileFieldsFragment } from "~/lib/graphql/generated/graphql";
import {
  UPDATE_ORGANIZATION_ABOUT,
  UPDATE_ORGANIZATION_BENEFITS,
  UPDATE_ORGANIZATION_COMPANY_INFO,
  UPDATE_ORGANIZATION_INFO,
  UPDATE_ORGANIZATION_PERSONAL_INFO,
} from "./documents";
import { FilePicker } from "~/components/FilePicker";
import { useAppConfig } from "~/lib/app-config";
import {
  ALL_SOCIAL_NETWORKS,
  offeredSocialNetworks,
  SOCIAL_NETWORKS,
  type SocialNetwork,
} from "../social-networks";
import {
  ADDRESS_FIELDS,
  AddressFields,
  addressInput,
  addressValues,
  blankToNull,
  GroupSection,
  type Checks,
  useGroupForm,
  isBlankAddress,
  TermMultiSelect,
  TermSelect,
  type AddressValues,
  type TermOption,
} from "./form-kit";
import type { UploadedFile } from "~/lib/uploads";
import { defineMessages, type Message } from "~/lib/i18n/define-messages";

type Translate = (message: Message) => string;

const messages = defineMessages({
  webAddress: { id: "organizations.editor.webAddress", defaultMessage: "Enter an address starting with https://." },
  nameMissing: { id: "organizations.editor.nameMissing", defaultMessage: "Enter the organization's name." },
  countryMissing: { id: "organizations.editor.countryMissing", defaultMessage: "Choose the country." },
  cityMissing: { id: "organizations.editor.cityMissing", defaultMessage: "Enter the city." },
  companyNameMissing: { id: "organizations.editor.companyNameMissing", defaultMessage: "Enter the company name." },
  firstNameMissing: { id: "organizations.editor.firstNameMissing", defaultMessage: "Enter the first name." },
  lastNameMissing: { id: "organizations.editor.lastNameMissing", defaultMessage: "Enter the last name." },
  logoPreview: { id: "organizations.editor.logoPreview", defaultMessage: "Logo preview" },
  coverPreview: { id: "organizations.editor.coverPreview", defaultMessage: "Cover preview" },
  organizationInfo: { id: "organizations.editor.organizationInfo", defaultMessage: "Organization info" },
  saveOrganizationInfo: { id: "organizations.editor.saveOrganizationInfo", defaultMessage: "Save organization info" },
  organizationName: { id: "organizations.editor.organizationName", defaultMessage: "Organization name" },
  alternativeName: { id: "organizations.editor.alternativeName", defaultMessage: "Alternative name" },
  anotherNamePeopleKnow: { id: "organizations.editor.anotherNamePeopleKnow", defaultMessage: "Another name people know you by, e.g. an abbreviation." },
  logo: { id: "organizations.editor.logo", defaultMessage: "Logo" },
  jpegPngOrWebp: { id: "organizations.editor.jpegPngOrWebp", defaultMessage: "JPEG, PNG or WebP up to 50 MB; you crop it to a square before it is uploaded." },
  coverImage: { id: "organizations.editor.coverImage", defaultMessage: "Cover image" },
  croppedTo21: { id: "organizations.editor.croppedTo21", defaultMessage: "Cropped to 2:1 (1000 × 500 pixels) before it is uploaded." },
  location: { id: "organizations.editor.location", defaultMessage: "Location" },
  website: { id: "organizations.editor.website", defaultMessage: "Website" },
  socialProfiles: { id: "organizations.editor.socialProfiles", defaultMessage: "Social profiles" },
  companyInfo: { id: "organizations.editor.companyInfo", defaultMessage: "Company info" },
  theRegisteredCompanyName: { id: "organizations.editor.theRegisteredCompanyName", defaultMessage: "The registered company name and address, shown on the public page." },
  saveCompanyInfo: { id: "organizations.editor.saveCompanyInfo", defaultMessage: "Save company info" },
  companyName: { id: "organizations.editor.companyName", defaultMessage: "Company name" },
  personalInfo: { id: "organizations.editor.personalInfo", defaultMessage: "Personal info" },
  privateWhoWeContact: { id: "organizations.editor.privateWhoWeContact", defaultMessage: "Private: who we contact about invoices. Only your organization's members and our administrators see it; it never appears on the public page." },
  savePersonalInfo: { id: "organizations.editor.savePersonalInfo", defaultMessage: "Save personal info" },
  salutation: { id: "organizations.editor.salutation", defaultMessage: "Salutation" },
  firstName: { id: "organizations.editor.firstName", defaultMessage: "First name" },
  lastName: { id: "organizations.editor.lastName", defaultMessage: "Last name" },
  phone: { id: "organizations.editor.phone", defaultMessage: "Phone" },
  position: { id: "organizations.editor.position", defaultMessage: "Position" },
  about: { id: "organizations.editor.about", defaultMessage: "About" },
  saveAbout: { id: "organizations.editor.saveAbout", defaultMessage: "Save about" },
  presentation: { id: "organizations.editor.presentation", defaultMessage: "Presentation" },
  plainTextOrSimple: { id: "organizations.editor.plainTextOrSimple", defaultMessage: "Plain text, or simple HTML: '<p>', '<strong>', '<em>', '<ul>'/'<li>' and '<a>'. In plain text a blank line starts a new paragraph." },
  industry: { id: "organizations.editor.industry", defaultMessage: "Industry" },
  organizationSize: { id: "organizations.editor.organizationSize", defaultMessage: "Organization size" },
  occupationalFields: { id: "organizations.editor.occupationalFields", defaultMessage: "Occupational fields" },
  fieldsOfStudy: { id: "organizations.editor.fieldsOfStudy", defaultMessage: "Fields of study" },
  benefits: { id: "organizations.editor.benefits", defaultMessage: "Benefits" },
  saveBenefits: { id: "organizations.editor.saveBenefits", defaultMessage: "Save benefits" },
});

export type EditorProfile = EditorProfileFieldsFragment;
const WEB_ADDRESS = /^https?:\/\/[^\s/$.?#].[^\s]*$/i;

function webAddressCheck(value: string, t: Translate): string | undefined {
  const trimmed = value.trim();
  return trimmed && !WEB_ADDRESS.test(trimmed)
    ? t(messages.webAddress)
    : undefined;
}

/** The picked image as the preview: a small style if the upload answered one. */
function uploadedPreview(upload: UploadedFile, alt: string) {
  const style =
    upload.styles.thumbnail ??
    upload.styles.job_squared_logo_medium ??
    upload.styles.teaser;
  return { url: style?.url ?? upload.url, alt };
}

interface ImageValue {
  uploadId: string | null;
  preview: { url: string; alt: string } | null;
}

function imageValue(
  image: { uploadId: string; url: string; alt: string } | null | undefined,
): ImageValue {
  return {
    uploadId: image?.uploadId ?? null,
    preview: image ? { url: image.url, alt: image.alt } : null,
  };
}

const INFO_FIELDS = [
  "name",
  "alternativeName",
  "logoUploadId",
  "coverUploadId",
  "website",
  ...ADDRESS_FIELDS.map((field) => `organizationLocation.${field}`),
  ...ALL_SOCIAL_NETWORKS.map((network) => `socialProfiles.${network}`),
];

/**
 * Name, logo (cropped square), cover (cropped 2:1), location, website and social profiles of the
 * networks the site offers (the others are hidden and saved empty).
 */
export function OrganizationInfoSection({
  profile,
}: {
  profile: EditorProfile;
}) {
  const { config } = useAppConfig();
  const offered = offeredSocialNetworks(config);
  const intl = useIntl();
  const t: Translate = (message) => intl.formatMessage(message);
  const [name, setName] = useState(profile.name);
  const [alternativeName, setAlternativeName] = useState(
    profile.alternativeName ?? "",
  );
  const [website, setWebsite] = useState(profile.website ?? "");
  const [logo, setLogo] = useState(() => imageValue(profile.logo));
  const [cover, setCover] = useState(() => imageValue(profile.cover));
  const [location, setLocation] = useState<AddressValues>(() =>
    addressValues(profile.organizationLocation),
  );
  const [social, setSocial] = useState<Record<SocialNetwork, string>>(() => {
    const profiles = profile.socialProfiles as Partial<
      Record<SocialNetwork, string | null>
    >;
    return Object.fromEntries(
      ALL_SOCIAL_NETWORKS.map((network) => [network, profiles[network] ?? ""]),
    ) as Record<SocialNetwork, string>;
  });
  const [save, { data, loading, error }] = useMutation(
    UPDATE_ORGANIZATION_INFO,
  );

  const locationGiven = !isBlankAddress(location);
  const checks: Checks = {
    name: name.trim() ? undefined : t(messages.nameMissing),
    website: webAddressCheck(website, t),
    "organizationLocation.countryCode":
      locationGiven && !location.countryCode
        ? t(messages.countryMissing)
        : undefined,
    "organizationLocation.locality":
      locationGiven && !location.locality.trim()
        ? t(messages.cityMissing)
        : undefined,
  };
  for (const network of offered)
    checks[`socialProfiles.${network}`] = webAddressCheck(social[network], t);
  const answer = data?.updateOrganizationInfo;
  const { errorOf, validate, feedback } = useGroupForm({
    answer,
    fields: INFO_FIELDS,
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
          name: name.trim(),
          alternativeName: blankToNull(alternativeName),
          logoUploadId: logo.uploadId,
          coverUploadId: cover.uploadId,
          organizationLocation: locationGiven ? addressInput(location) : null,
          website: blankToNull(website),
          socialProfiles: Object.fromEntries(
            ALL_SOCIAL_NETWORKS.map((network) => [
              network,
              offered.includes(network) ? blankToNull(social[network]) : null,
            ]),
          ),
        },
      },
    }).catch(() => undefined);
  };

  return (
    <GroupSection
      title={t(messages.organizationInfo)}
      saveLabel={t(messages.saveOrganizationInfo)}
      {...feedback}
      onSubmit={submit}
    >
      <TextInput
        label={t(messages.organizationName)}
        required
        value={name}
        onChange={(event) => setName(event.currentTarget.value)}
        error={errorOf("name")}
      />
      <TextInput
        label={t(messages.alternativeName)}
        description={t(messages.anotherNamePeopleKnow)}
        value={alternativeName}
        onChange={(event) => setAlternativeName(event.currentTarget.value)}
        error={errorOf("alternativeName")}
      />
      <FilePicker
        label={t(messages.logo)}
        description={t(messages.jpegPngOrWebp)}
        purpose="organization_logo"
        crop={{ aspect: 1, width: 600, height: 600 }}
        preview={logo.preview}
        onUploaded={(upload) =>
          setLogo({
            uploadId: upload.id,
            preview: uploadedPreview(upload, t(messages.logoPreview)),
          })
        }
        onRemove={() => setLogo({ uploadId: null, preview: null })}
      />
      {errorOf("logoUploadId") ? (
        <FieldMessage message={errorOf("logoUploadId")} />
      ) : null}
      <FilePicker
        label={t(messages.coverImage)}
        description={t(messages.croppedTo21)}
        purpose="organization_image"
        crop={{ aspect: 2, width: 1000, height: 500 }}
        preview={cover.preview}
        onUploaded={(upload) =>
          setCover({
            uploadId: upload.id,
            preview: uploadedPreview(upload, t(messages.coverPreview)),
          })
        }
        onRemove={() => setCover({ uploadId: null, preview: null })}
      />
      {errorOf("coverUploadId") ? (
        <FieldMessage message={errorOf("coverUploadId")} />
      ) : null}
      <Fieldset legend={t(messages.location)}>
        <AddressFields
          value={location}
          onChange={setLocation}
          required={locationGiven}
          errorOf={(field) => errorOf(`organizationLocation.${field}`)}
        />
      </Fieldset>
      <TextInput
        label={t(messages.website)}
        type="url"
        placeholder="https://"
        value={website}
        onChange={(event) => setWebsite(event.currentTarget.value)}
        error={errorOf("website")}
      />
      <Fieldset legend={t(messages.socialProfiles)}>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {SOCIAL_NETWORKS.filter(([network]) =>
            offered.includes(network),
          ).map(([network, label]) => (
            <TextInput
              key={network}
              label={label}
              type="url"
              placeholder="https://"
              value={social[network]}
              onChange={(event) => {
                const value = event.currentTarget.value;
                setSocial((current) => ({ ...current, [network]: value }));
              }}
              error={errorOf(`socialProfiles.${network}`)}
            />
          ))}
        </SimpleGrid>
      </Fieldset>
    </GroupSection>
  );
}

function FieldMessage({ message }: { message?: string }) {
  return (
    <div
      role="alert"
      style={{
        color: "var(--mantine-color-error)",
        fontSize: "var(--mantine-font-size-sm)",
      }}
    >
      {message}
    </div>
  );
}

const COMPANY_FIELDS = [
  "name",
  ...ADDRESS_FIELDS.map((field) => `address.${field}`),
];

/** The public company name and address. */
export function CompanyInfoSection({ profile }: { profile: EditorProfile }) {
  const intl = useIntl();
  const t: Translate = (message) => intl.formatMessage(message);
  const [name, setName] = useState(profile.companyInfo?.name ?? "");
  const [address, setAddress] = useState<AddressValues>(() =>
    addressValues(profile.companyInfo?.address),
  );
  const [save, { data, loading, error }] = useMutation(
    UPDATE_ORGANIZATION_COMPANY_INFO,
  );

  const checks: Checks = {
    name: name.trim() ? undefined : t(messages.companyNameMissing),
    "address.countryCode": address.countryCode
      ? undefined
      : t(messages.countryMissing),
    "address.locality": address.locality.trim() ? undefined : t(messages.cityMissing),
  };
  const answer = data?.updateOrganizationCompanyInfo;
  const { errorOf, validate, feedback } = useGroupForm({
    answer,
    fields: COMPANY_FIELDS,
    checks,
    loading,
    error,
  });

  const submit = () => {
    if (!validate()) return;
    void save({
      variables: {
        id: profile.id,
        input: { name: name.trim(), address: addressInput(address) },
      },
    }).catch(() => undefined);
  };

  return (
    <GroupSection
      title={t(messages.companyInfo)}
      description={t(messages.theRegisteredCompanyName)}
      saveLabel={t(messages.saveCompanyInfo)}
      {...feedback}
      onSubmit={submit}
    >
      <TextInput
        label={t(messages.companyName)}
        required
        value={name}
        onChange={(event) => setName(event.currentTarget.value)}
        error={errorOf("name")}
      />
      <AddressFields
        value={address}
        onChange={setAddress}
        errorOf={(field) => errorOf(`address.${field}`)}
      />
    </GroupSection>
  );
}

const PERSONAL_FIELDS = [
  "salutation",
  "firstName",
  "lastName",
  "phone",
  "position",
] as const;
type PersonalField = (typeof PERSONAL_FIELDS)[number];

/** Private invoicing contact: only members and administrators ever see it. */
export function PersonalInfoSection({ profile }: { profile: EditorProfile }) {
  const intl = useIntl();
  const t: Translate = (message) => intl.formatMessage(message);
  const [values, setValues] = useState<Record<PersonalField, string>>(() => ({
    salutation: profile.personalInfo?.salutation ?? "",
    firstName: profile.personalInfo?.firstName ?? "",
    lastName: profile.personalInfo?.lastName ?? "",
    phone: profile.personalInfo?.phone ?? "",
    position: profile.personalInfo?.position ?? "",
  }));
  const [save, { data, loading, error }] = useMutation(
    UPDATE_ORGANIZATION_PERSONAL_INFO,
  );

  const checks: Checks = {
    firstName: values.firstName.trim() ? undefined : t(messages.firstNameMissing),
    lastName: values.lastName.trim() ? undefined : t(messages.lastNameMissing),
  };
  const answer = data?.updateOrganizationPersonalInfo;
  const { errorOf, validate, feedback } = useGroupForm({
    answer,
    fields: PERSONAL_FIELDS,
    checks,
    loading,
    error,
  });
  const set =
    (field: PersonalField) => (event: { currentTarget: { value: string } }) => {
      const value = event.currentTarget.value;
      setValues((current) => ({ ...current, [field]: value }));
    };

  const submit = () => {
    if (!validate()) return;
    void save({
      variables: {
        id: profile.id,
        input: {
          firstName: values.firstName.trim(),
          lastName: values.lastName.trim(),
          salutation: blankToNull(values.salutation),
          phone: blankToNull(values.phone),
          position: blankToNull(values.position),
        },
      },
    }).catch(() => undefined);
  };

  return (
    <GroupSection
      title={t(messages.personalInfo)}
      description={t(messages.privateWhoWeContact)}
      saveLabel={t(messages.savePersonalInfo)}
      {...feedback}
      onSubmit={submit}
    >
      <TextInput
        label={t(messages.salutation)}
        autoComplete="honorific-prefix"
        value={values.salutation}
        onChange={set("salutation")}
        error={errorOf("salutation")}
      />
      <Group grow align="flex-start">
        <TextInput
          label={t(messages.firstName)}
          autoComplete="given-name"
          required
          value={values.firstName}
          onChange={set("firstName")}
          error={errorOf("firstName")}
        />
        <TextInput
          label={t(messages.lastName)}
          autoComplete="family-name"
          required
          value={values.lastName}
          onChange={set("lastName")}
          error={errorOf("lastName")}
        />
      </Group>
      <Group grow align="flex-start">
        <TextInput
          label={t(messages.phone)}
          type="tel"
          autoComplete="tel"
          value={values.phone}
          onChange={set("phone")}
          error={errorOf("phone")}
        />
        <TextInput
          label={t(messages.position)}
          autoComplete="organization-title"
          value={values.position}
          onChange={set("position")}
          error={errorOf("position")}
        />
      </Group>
    </GroupSection>
  );
}

/**
 * Plain text becomes paragraphs (a blank line starts a new one); text with tags is sent as it is
 * (the server keeps simple HTML and drops the rest).
 */
export function presentationHtml(text: string): string {
  const trimmed = text.trim();
  if (!trimmed || /<[a-z][\s\S]*>/i.test(trimmed)) return trimmed;
  const escape = (value: string) =>
    value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  return trimmed
    .split(/\n\s*\n/)
    .map(
      (paragraph) =>
        `<p>${escape(paragraph.trim()).replace(/\n/g, "<br>")}</p>`,
    )
    .join("");
}

const ABOUT_FIELDS = [
  "presentation",
  "industryTid",
  "sizeTid",
  "occupationTids",
  "fieldsOfStudyTids",
];

/** Presentation (a textarea taking simple HTML: @mantine/tiptap is not installed), terms. */
export function AboutSection({ profile }: { profile: EditorProfile }) {
  const intl = useIntl();
  const t: Translate = (message) => intl.formatMessage(message);
  const [presentation, setPresentation] = useState(profile.presentation ?? "");
  const [industry, setIndustry] = useState<TermOption | null>(profile.industry);
  const [size, setSize] = useState<TermOption | null>(profile.size);
  const [occupation, setOccupation] = useState<TermOption[]>(
    profile.occupation,
  );
  const [fieldsOfStudy, setFieldsOfStudy] = useState<TermOption[]>(
    profile.fieldsOfStudy,
  );
  const [save, { data, loading, error }] = useMutation(
    UPDATE_ORGANIZATION_ABOUT,
  );

  const answer = data?.updateOrganizationAbout;
  const { errorOf, feedback } = useGroupForm({ answer, fields: ABOUT_FIELDS, loading, error });

  const submit = () => {
    void save({
      variables: {
        id: profile.id,
        input: {
          presentation: presentationHtml(presentation),
          industryTid: industry?.tid ?? null,
          sizeTid: size?.tid ?? null,
          occupationTids: occupation.map((term) => term.tid),
          fieldsOfStudyTids: fieldsOfStudy.map((term) => term.tid),
        },
      },
    }).catch(() => undefined);
  };

  return (
    <GroupSection
      title={t(messages.about)}
      saveLabel={t(messages.saveAbout)}
      {...feedback}
      onSubmit={submit}
    >
      <Textarea
        label={t(messages.presentation)}
        description={t(messages.plainTextOrSimple)}
        autosize
        minRows={6}
        value={presentation}
        onChange={(event) => setPresentation(event.currentTarget.value)}
        error={errorOf("presentation")}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TermSelect
          label={t(messages.industry)}
          vocabulary="industries"
          value={industry}
          onChange={setIndustry}
          error={errorOf("industryTid")}
        />
        <TermSelect
          label={t(messages.organizationSize)}
          vocabulary="organization_sizes"
          value={size}
          onChange={setSize}
          error={errorOf("sizeTid")}
        />
      </SimpleGrid>
      <TermMultiSelect
        label={t(messages.occupationalFields)}
        vocabulary="occupational_fields"
        value={occupation}
        onChange={setOccupation}
        error={errorOf("occupationTids")}
      />
      <TermMultiSelect
        label={t(messages.fieldsOfStudy)}
        vocabulary="fields_of_study"
        value={fieldsOfStudy}
        onChange={setFieldsOfStudy}
        error={errorOf("fieldsOfStudyTids")}
      />
    </GroupSection>
  );
}

/** Benefits, as terms of the benefits vocabulary. */
export function BenefitsSection({ profile }: { profile: EditorProfile }) {
  const intl = useIntl();
  const t: Translate = (message) => intl.formatMessage(message);
  const [benefits, setBenefits] = useState<TermOption[]>(profile.benefits);
  const [save, { data, loading, error }] = useMutation(
    UPDATE_ORGANIZATION_BENEFITS,
  );
  const answer = data?.updateOrganizationBenefits;
  const { errorOf, feedback } = useGroupForm({ answer, fields: ["benefitTids"], loading, error });

  const submit = () => {
    void save({
      variables: {
        id: profile.id,
        input: { benefitTids: benefits.map((term) => term.tid) },
      },
    }).catch(() => undefined);
  };

  return (
    <GroupSection
      title={t(messages.benefits)}
      saveLabel={t(messages.saveBenefits)}
      {...feedback}
      onSubmit={submit}
    >
      <TermMultiSelect
        label={t(messages.benefits)}
        vocabulary="benefits"
        value={benefits}
        onChange={setBenefits}
        error={errorOf("benefitTids")}
      />
    </GroupSection>
  );
}
