import { useMutation, useQuery } from "@apollo/client/react";
import {
  Anchor,
  Button,
  Checkbox,
  Group,
  Modal,
  Stack,
  Typography,
} from "@mantine/core";
import { useState, useSyncExternalStore } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { DangerList } from "~/components/DangerList";
import { defineMessages } from "~/lib/i18n/define-messages";
import { ConsentFlag } from "./ConsentFlag";
import {
  CREATE_GDPR_USER_CONSENT,
  GDPR_CONSENT_INFOS,
  HAS_THE_LATEST_CONSENT,
  TERMS_PLACEMENT,
  TERMS_TYPE,
} from "./documents";

const messages = defineMessages({
  // Spec 1, 4, 5 and 8: the exact texts.
  title: { id: "consent.reconsent.title", defaultMessage: "Our terms and conditions have changed" },
  checkbox: { id: "consent.reconsent.checkbox", defaultMessage: "I agree with the terms and conditions." },
  required: { id: "consent.reconsent.required", defaultMessage: "Please accept the terms and conditions" },
  saved: { id: "consent.reconsent.saved", defaultMessage: "Your consent to the latest GDPR changes has been saved." },
  loadError: { id: "consent.reconsent.loadError", defaultMessage: "There was an error loading the GDPR consent." },
  saveFailed: { id: "consent.reconsent.saveFailed", defaultMessage: "Your consent could not be saved. Please try again." },
  readPolicy: { id: "consent.reconsent.readPolicy", defaultMessage: "Read the privacy policy" },
  notNow: { id: "consent.reconsent.notNow", defaultMessage: "Not now" },
  confirm: { id: "consent.reconsent.confirm", defaultMessage: "Confirm" },
  close: { id: "consent.reconsent.close", defaultMessage: "Close" },
});

/** Spec 1, 4, 5 and 8: the exact texts (their en wording, which tests look for). */
export const RECONSENT_TITLE = messages.title.defaultMessage;
export const RECONSENT_CHECKBOX = messages.checkbox.defaultMessage;
export const RECONSENT_REQUIRED = messages.required.defaultMessage;
export const RECONSENT_SAVED = messages.saved.defaultMessage;
export const RECONSENT_LOAD_ERROR = messages.loadError.defaultMessage;

const noSubscription = () => () => undefined;

export interface ReconsentModalProps {
  /** The site's `consent.terms_reconsent` setting. */
  active: boolean;
  /** The signed-in user's email; null for visitors. */
  mail: string | null;
  /** Where the privacy policy can be read in full. */
  privacyPolicyUrl?: string;
}

/**
 * Spec 4: shown only when terms re-consent is active, the user is logged in, lacks the latest
 * consent, and consent infos exist. Closes on confirm or dismiss; a dismissed modal comes back on
 * the next visit (the choice is not stored). Rendered in the browser only: it is about the
 * signed-in user, never part of a server-rendered page.
 */
export function ReconsentModal({
  active,
  mail,
  privacyPolicyUrl = "/privacy-policy",
}: ReconsentModalProps) {
  // False on the server and while hydrating, true in the browser afterwards.
  const mounted = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  if (!active || !mail || !mounted) return null;
  return <ReconsentGate mail={mail} privacyPolicyUrl={privacyPolicyUrl} />;
}

function ReconsentGate({
  mail,
  privacyPolicyUrl,
}: {
  mail: string;
  privacyPolicyUrl: string;
}) {
  const variables = { type: TERMS_TYPE, placement: TERMS_PLACEMENT };
  const latest = useQuery(HAS_THE_LATEST_CONSENT, {
    variables,
    fetchPolicy: "network-only",
  });
  const infos = useQuery(GDPR_CONSENT_INFOS, {
    variables: { ...variables, limit: 1 },
  });
  const intl = useIntl();
  const [closed, setClosed] = useState(false);
  const [saved, setSaved] = useState(false);
  const [loadFlagOpen, setLoadFlagOpen] = useState(true);

  if (latest.error || infos.error) {
    // Spec 8: the danger flag, and nothing else of the modal.
    return loadFlagOpen ? (
      <ConsentFlag
        color="red"
        message={intl.formatMessage(messages.loadError)}
        onClose={() => setLoadFlagOpen(false)}
      />
    ) : null;
  }
  if (saved) {
    return (
      <ConsentFlag
        color="green"
        message={intl.formatMessage(messages.saved)}
        onClose={() => setSaved(false)}
      />
    );
  }
  const info = infos.data?.getGdprConsentInfos[0];
  if (
    closed ||
    !latest.data ||
    !infos.data ||
    latest.data.hasTheLatestConsent ||
    !info
  )
    return null;
  return (
    <ReconsentForm
      mail={mail}
      infoId={info.id}
      text={info.text}
      privacyPolicyUrl={privacyPolicyUrl}
      onDismiss={() => setClosed(true)}
      onSaved={() => {
        setClosed(true);
        setSaved(true);
      }}
    />
  );
}

function ReconsentForm({
  mail,
  infoId,
  text,
  privacyPolicyUrl,
  onDismiss,
  onSaved,
}: {
  mail: string;
  infoId: string;
  text: string;
  privacyPolicyUrl: string;
  onDismiss: () => void;
  onSaved: () => void;
}) {
  const intl = useIntl();
  const [agreed, setAgreed] = useState(false);
  const [touched, setTouched] = useState(false);
  const [serverErrors, setServerErrors] = useState<string[]>([]);
  const [create, { loading }] = useMutation(CREATE_GDPR_USER_CONSENT, {
    refetchQueries: [HAS_THE_LATEST_CONSENT],
  });
  // Spec 5: required and true, validated on change; Confirm disabled until valid.
  const valid = agreed;
  const confirm = async () => {
    if (!valid) return;
    try {
      const { data } = await create({ variables: { mail, infoId } });
      const answer = data?.createGdprUserConsent;
      if (answer && answer.errors.length === 0 && answer.consent) onSaved();
      else
        setServerErrors(
          answer?.errors.map((e) => e.message) ?? [intl.formatMessage(messages.loadError)],
        );
    } catch {
      setServerErrors([intl.formatMessage(messages.saveFailed)]);
    }
  };
  return (
    <Modal
      opened
      onClose={onDismiss}
      title={intl.formatMessage(messages.title)}
      closeButtonProps={{ "aria-label": intl.formatMessage(messages.close) }}
      size="lg"
      centered
    >
      <Stack gap="md">
        <Typography>
          <div dangerouslySetInnerHTML={{ __html: text }} />
        </Typography>
        <Anchor href={privacyPolicyUrl} target="_blank" rel="noopener">
          <FormattedMessage {...messages.readPolicy} />
        </Anchor>
        <DangerList messages={serverErrors} />
        <Checkbox
          label={intl.formatMessage(messages.checkbox)}
          checked={agreed}
          required
          error={touched && !agreed ? intl.formatMessage(messages.required) : undefined}
          onChange={(event) => {
            setAgreed(event.currentTarget.checked);
            setTouched(true);
          }}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDismiss}>
            <FormattedMessage {...messages.notNow} />
          </Button>
          <Button
            disabled={!valid}
            loading={loading}
            onClick={() => void confirm()}
          >
            <FormattedMessage {...messages.confirm} />
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
