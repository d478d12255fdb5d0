import { useMutation } from "@apollo/client/react";
import {
  Alert,
  Anchor,
  Button,
  Group,
  PasswordInput,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { useState, type FormEvent } from "react";
import { NavLink } from "react-router";
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
        user {
          id
        }
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

type Field = "firstName" | "lastName" | "email" | "password";

function localChecks(
  values: Record<Field, string>,
): Partial<Record<Field, string>> {
  const errors: Partial<Record<Field, string>> = {};
  if (!values.firstName.trim()) errors.firstName = "Enter your first name.";
  if (!values.lastName.trim()) errors.lastName = "Enter your last name.";
  if (!EMAIL_PATTERN.test(values.email.trim()))
    errors.email = "Enter a valid email address.";
  if (values.password.length < MIN_PASSWORD)
    errors.password = `Use at least ${MIN_PASSWORD} characters.`;
  else if (values.password.length > MAX_PASSWORD)
    errors.password = `Use at most ${MAX_PASSWORD} characters.`;
  return errors;
}

export interface SignUpPageProps {
  providers: { id: string; name: string }[];
  initialRole: "applicant" | "recruiter";
  /** The captcha widget, shown when the site asks for one on sign-up. */
  captcha: { scriptUrl: string; siteKey: string } | null;
}

/** /user/register: an applicant or recruiter account, by email or a social provider. */
export function SignUpPage({
  providers,
  initialRole,
  captcha,
}: SignUpPageProps) {
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
  const consentInfos = useRegistrationConsents();
  const [accepted, setAccepted] = useState<string[]>([]);
  const consentDone = consentsComplete(consentInfos, accepted);
  const [signUp, { data, loading, error }] = useMutation(SIGN_UP);

  const checks = localChecks(values);
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
    (touched && !consentDone ? CONSENT_REQUIRED : undefined) ??
    serverErrors.find((e) => e.field === "acceptedConsentInfoIds")?.message;
  const captchaError =
    (touched && captchaOn && !captchaToken
      ? "Please confirm that you are not a robot."
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
        <Title order={1}>Check your mailbox</Title>
        <Alert color="green" role="status" title="Your account is created">
          We sent a link to {values.email.trim()}. Open it to confirm your
          address, then{" "}
          <Anchor component={NavLink} to="/user/login">
            log in
          </Anchor>
          .
        </Alert>
      </Stack>
    );
  }

  return (
    <Stack gap="md" maw={520}>
      <Title order={1}>Create an account</Title>
      <SegmentedControl
        aria-label="Account type"
        value={role}
        onChange={(value) =>
          setRole(value === "recruiter" ? "recruiter" : "applicant")
        }
        data={[
          { value: "applicant", label: "I am looking for a job" },
          { value: "recruiter", label: "I am hiring" },
        ]}
      />
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <DangerList
            messages={
              error
                ? ["We could not create your account. Try again in a moment."]
                : generalErrors
            }
          />
          <Group grow align="flex-start">
            <TextInput
              label="First name"
              autoComplete="given-name"
              required
              value={values.firstName}
              onChange={set("firstName")}
              error={fieldError("firstName")}
            />
            <TextInput
              label="Last name"
              autoComplete="family-name"
              required
              value={values.lastName}
              onChange={set("lastName")}
              error={fieldError("lastName")}
            />
          </Group>
          <TextInput
            label="Email address"
            type="email"
            autoComplete="email"
            required
            value={values.email}
            onChange={set("email")}
            error={fieldError("email")}
          />
          <PasswordInput
            label="Password"
            description={`${MIN_PASSWORD} to ${MAX_PASSWORD} characters, not containing your email name.`}
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
                Sign-up is protected by a robot check that is not configured.
                Please try again later.
              </Text>
            )
          ) : null}
          <Button type="submit" loading={loading}>
            Create the account
          </Button>
        </Stack>
      </form>
      <SocialButtons
        providers={providers}
        callbackUrl="/"
        signUpRole={role}
        signUpConsents={accepted}
        consentMissing={!consentDone}
        onConsentMissing={() => setTouched(true)}
        verb="Sign up"
      />
      <Text size="sm">
        Already have an account?{" "}
        <Anchor component={NavLink} to="/user/login">
          Log in
        </Anchor>
      </Text>
    </Stack>
  );
}
