import { useMutation } from "@apollo/client/react";
import {
  Alert,
  Anchor,
  Button,
  PasswordInput,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { useState, type FormEvent } from "react";
import { FormattedMessage, type IntlShape, useIntl } from "react-intl";
import { defineMessages } from "~/lib/i18n/define-messages";
import { NameFields } from "./NameFields";
import { NavLink } from "~/components/Link";
import { DangerList } from "~/components/DangerList";
import { track } from "~/lib/analytics";
import { graphql } from "~/lib/graphql/generated/gql";
import { useAppConfig } from "~/lib/app-config";
import { Captcha } from "~/components/Captcha";
import {
  CONSENT_REQUIRED,
  consentsComplete,
  RegistrationConsents,
  useRegistrationConsents,
} from "~/components/RegistrationConsents";
import { SocialButtons } from "./SocialButtons";
import { EMAIL_PATTERN, MIN_PASSWORD, MAX_PASSWORD } from "./account-rules";

export const SIGN_UP = graphql(`
  mutation SignUp($input: SignUpInput!) {
    signUp(input: $input) {
      __typename
      ... on SignUpSuccess {
        email
      }
      ... on AccountErrors {
        errors {
          field
          code
          message
        }
      }
    }
  }
`);

const messages = defineMessages({
  firstNameMissing: { id: "signUp.firstName.missing", defaultMessage: "Enter your first name." },
  lastNameMissing: { id: "signUp.lastName.missing", defaultMessage: "Enter your last name." },
  emailInvalid: { id: "signUp.email.invalid", defaultMessage: "Enter a valid email address." },
  passwordShort: { id: "signUp.password.short", defaultMessage: "Use at least {min} characters." },
  passwordLong: { id: "signUp.password.long", defaultMessage: "Use at most {max} characters." },
  captchaMissing: { id: "signUp.captcha.missing", defaultMessage: "Please confirm that you are not a robot." },
  doneTitle: { id: "signUp.done.title", defaultMessage: "Check your mailbox" },
  doneAlert: { id: "signUp.done.alert", defaultMessage: "One more step" },
  doneText: {
    id: "signUp.done.text",
    defaultMessage: "We sent a mail to {email}. Follow its link to confirm your address, then <link>log in</link>.",
  },
  title: { id: "signUp.title", defaultMessage: "Create an account" },
  consentFirstTitle: {
    id: "signUp.consentFirst.title",
    defaultMessage: "One step before your account with {provider}",
  },
  consentFirstText: {
    id: "signUp.consentFirst.text",
    defaultMessage:
      "This is your first sign-in with {provider} here, so there is no account yet. Choose the account type, agree to the terms and conditions below, then continue with {provider}: nothing else to fill in.",
  },
  accountType: { id: "signUp.accountType", defaultMessage: "Account type" },
  applicant: { id: "signUp.role.applicant", defaultMessage: "I am looking for a job" },
  recruiter: { id: "signUp.role.recruiter", defaultMessage: "I am hiring" },
  failed: { id: "signUp.failed", defaultMessage: "We could not create your account. Try again in a moment." },
  email: { id: "signUp.email", defaultMessage: "Email address" },
  password: { id: "signUp.password", defaultMessage: "Password" },
  passwordHint: {
    id: "signUp.password.hint",
    defaultMessage: "{min} to {max} characters, not containing your email name.",
  },
  captchaMissingConfig: {
    id: "signUp.captcha.notConfigured",
    defaultMessage: "Sign-up is protected by a robot check that is not configured. Please try again later.",
  },
  submit: { id: "signUp.submit", defaultMessage: "Create the account" },
  haveAccount: { id: "signUp.haveAccount", defaultMessage: "Already have an account? <link>Log in</link>" },
});

/** The page's name, for its document title. */
export const SIGN_UP_TITLE = messages.title;

type Field = "firstName" | "lastName" | "email" | "password";

function localChecks(
  values: Record<Field, string>,
  intl: IntlShape,
): Partial<Record<Field, string>> {
  const errors: Partial<Record<Field, string>> = {};
  if (!values.firstName.trim()) errors.firstName = intl.formatMessage(messages.firstNameMissing);
  if (!values.lastName.trim()) errors.lastName = intl.formatMessage(messages.lastNameMissing);
  if (!EMAIL_PATTERN.test(values.email.trim()))
    errors.email = intl.formatMessage(messages.emailInvalid);
  if (values.password.length < MIN_PASSWORD)
    errors.password = intl.formatMessage(messages.passwordShort, { min: MIN_PASSWORD });
  else if (values.password.length > MAX_PASSWORD)
    errors.password = intl.formatMessage(messages.passwordLong, { max: MAX_PASSWORD });
  return errors;
}

export interface SignUpPageProps {
  providers: { id: string; name: string }[];
  initialRole: "applicant" | "recruiter";
  /** The captcha widget, shown when the site asks for one on sign-up. */
  captcha: { scriptUrl: string; siteKey: string } | null;
  /** The provider a visitor came back from whose new account needs the consents first. */
  consentFor?: { id: string; name: string } | null;
}

/** /user/register: an applicant or recruiter account, by email or a social provider. */
export function SignUpPage({
  providers,
  initialRole,
  captcha,
  consentFor = null,
}: SignUpPageProps) {
  const intl = useIntl();
  const [role, setRole] = useState<"applicant" | "recruiter">(initialRole);
  const { config } = useAppConfig();
  const captchaOn = config.flag("captcha", "registration");
  const [captchaToken, setCaptchaToken] = useState<string | null>(null);
  // A token is good once: each answer from the server asks for a fresh check.
  const [captchaRound, setCaptchaRound] = useState(0);
  const [values, setValues] = useState<Record<Field, string>>({
    firstName: "",
    lastName: "",
    email: "",
    password: "",
  });
  const [touched, setTouched] = useState(false);
  // A social sign-up needs only the consents: asked for them, only they say what is missing.
  const [consentAsked, setConsentAsked] = useState(consentFor !== null);
  const consentInfos = useRegistrationConsents();
  const [accepted, setAccepted] = useState<string[]>([]);
  const consentDone = consentsComplete(consentInfos, accepted);
  const [signUp, { data, loading, error }] = useMutation(SIGN_UP);

  const checks = localChecks(values, intl);
  const answer = data?.signUp;
  const serverErrors =
    answer?.__typename === "AccountErrors" ? answer.errors : [];
  const fieldError = (field: Field) =>
    (touched ? checks[field] : undefined) ??
    serverErrors.find((e) => e.field === field)?.message;
  const generalErrors = serverErrors
    .filter((e) => !e.field)
    .map((e) => e.message);
  const consentError =
    ((touched || consentAsked) && !consentDone ? intl.formatMessage(CONSENT_REQUIRED) : undefined) ??
    serverErrors.find((e) => e.field === "acceptedConsentInfoIds")?.message;
  const captchaError =
    (touched && captchaOn && !captchaToken
      ? intl.formatMessage(messages.captchaMissing)
      : undefined) ??
    serverErrors.find((e) => e.field === "captchaToken")?.message;

  const set =
    (field: Field) => (event: { currentTarget: { value: string } }) => {
      // read now: React clears currentTarget once the event is handled, before the updater runs
      const value = event.currentTarget.value;
      setValues((current) => ({ ...current, [field]: value }));
    };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (
      Object.keys(checks).length > 0 ||
      !consentDone ||
      (captchaOn && !captchaToken)
    )
      return;
    void signUp({
      variables: {
        input: {
          firstName: values.firstName.trim(),
          lastName: values.lastName.trim(),
          email: values.email.trim(),
          password: values.password,
          role: role === "recruiter" ? "RECRUITER" : "APPLICANT",
          captchaToken: captchaOn ? captchaToken : null,
          acceptedConsentInfoIds: accepted,
        },
      },
    })
      .then((result) => {
        if (result.data?.signUp.__typename === "SignUpSuccess")
          track("sign_up", { role });
        else if (captchaOn) {
          setCaptchaToken(null);
          setCaptchaRound((round) => round + 1);
        }
      })
      .catch(() => undefined);
  };

  if (answer?.__typename === "SignUpSuccess") {
    return (
      <Stack gap="md" maw={520}>
        <Title order={1}>
          <FormattedMessage {...messages.doneTitle} />
        </Title>
        <Alert color="green" role="status" title={intl.formatMessage(messages.doneAlert)}>
          <FormattedMessage
            {...messages.doneText}
            values={{
              email: answer.email,
              link: (chunks) => (
                <Anchor component={NavLink} to="/user/login">
                  {chunks}
                </Anchor>
              ),
            }}
          />
        </Alert>
      </Stack>
    );
  }

  return (
    <Stack gap="md" maw={520}>
      <Title order={1}>
        <FormattedMessage {...messages.title} />
      </Title>
      {consentFor ? (
        <Alert
          color="blue"
          role="status"
          title={intl.formatMessage(messages.consentFirstTitle, { provider: consentFor.name })}
        >
          <FormattedMessage {...messages.consentFirstText} values={{ provider: consentFor.name }} />
        </Alert>
      ) : null}
      <SegmentedControl
        aria-label={intl.formatMessage(messages.accountType)}
        value={role}
        onChange={(value) =>
          setRole(value === "recruiter" ? "recruiter" : "applicant")
        }
        data={[
          { value: "applicant", label: intl.formatMessage(messages.applicant) },
          { value: "recruiter", label: intl.formatMessage(messages.recruiter) },
        ]}
      />
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <DangerList
            messages={
              error
                ? [intl.formatMessage(messages.failed)]
                : generalErrors
            }
          />
          <NameFields values={values} onChange={set} errorOf={fieldError} />
          <TextInput
            label={intl.formatMessage(messages.email)}
            type="email"
            autoComplete="email"
            required
            value={values.email}
            onChange={set("email")}
            error={fieldError("email")}
          />
          <PasswordInput
            label={intl.formatMessage(messages.password)}
            description={intl.formatMessage(messages.passwordHint, { min: MIN_PASSWORD, max: MAX_PASSWORD })}
            autoComplete="new-password"
            required
            value={values.password}
            onChange={set("password")}
            error={fieldError("password")}
          />
          <RegistrationConsents
            infos={consentInfos}
            accepted={accepted}
            onChange={setAccepted}
            error={consentError}
          />
          {captchaOn ? (
            captcha ? (
              <Captcha
                key={captchaRound}
                {...captcha}
                onToken={setCaptchaToken}
                error={captchaError}
              />
            ) : (
              <Text size="sm" c="red" role="alert">
                <FormattedMessage {...messages.captchaMissingConfig} />
              </Text>
            )
          ) : null}
          <Button type="submit" loading={loading}>
            <FormattedMessage {...messages.submit} />
          </Button>
        </Stack>
      </form>
      <SocialButtons
        providers={
          consentFor
            ? [consentFor, ...providers.filter((provider) => provider.id !== consentFor.id)]
            : providers
        }
        callbackUrl="/"
        signUpRole={role}
        signUpConsents={accepted}
        consentMissing={!consentDone}
        onConsentMissing={() => setConsentAsked(true)}
        verb="signUp"
      />
      <Text size="sm">
        <FormattedMessage
          {...messages.haveAccount}
          values={{
            link: (chunks) => (
              <Anchor component={NavLink} to="/user/login">
                {chunks}
              </Anchor>
            ),
          }}
        />
      </Text>
    </Stack>
  );
}
