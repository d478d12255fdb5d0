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
import { DangerList } from "~/components/DangerList";
import { ConsentFlag } from "./ConsentFlag";
import {
  CREATE_GDPR_USER_CONSENT,
  GDPR_CONSENT_INFOS,
  HAS_THE_LATEST_CONSENT,
  TERMS_PLACEMENT,
  TERMS_TYPE,
} from "./documents";

/** Spec 1, 4, 5 and 8: the exact texts. */
export const RECONSENT_TITLE = "Our terms and conditions have changed";
export const RECONSENT_CHECKBOX = "I agree with the terms and conditions.";
export const RECONSENT_REQUIRED = "Please accept the terms and conditions";
export const RECONSENT_SAVED =
  "Your consent to the latest GDPR changes has been saved.";
export const RECONSENT_LOAD_ERROR =
  "There was an error loading the GDPR consent.";

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
  const [closed, setClosed] = useState(false);
  const [saved, setSaved] = useState(false);
  const [loadFlagOpen, setLoadFlagOpen] = useState(true);

  if (latest.error || infos.error) {
    // Spec 8: the danger flag, and nothing else of the modal.
    return loadFlagOpen ? (
      <ConsentFlag
        color="red"
        message={RECONSENT_LOAD_ERROR}
        onClose={() => setLoadFlagOpen(false)}
      />
    ) : null;
  }
  if (saved) {
    return (
      <ConsentFlag
        color="green"
        message={RECONSENT_SAVED}
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
          answer?.errors.map((e) => e.message) ?? [RECONSENT_LOAD_ERROR],
        );
    } catch {
      setServerErrors(["Your consent could not be saved. Please try again."]);
    }
  };
  return (
    <Modal
      opened
      onClose={onDismiss}
      title={RECONSENT_TITLE}
      size="lg"
      centered
    >
      <Stack gap="md">
        <Typography>
          <div dangerouslySetInnerHTML={{ __html: text }} />
        </Typography>
        <Anchor href={privacyPolicyUrl} target="_blank" rel="noopener">
          Read the privacy policy
        </Anchor>
        <DangerList messages={serverErrors} />
        <Checkbox
          label={RECONSENT_CHECKBOX}
          checked={agreed}
          required
          error={touched && !agreed ? RECONSENT_REQUIRED : undefined}
          onChange={(event) => {
            setAgreed(event.currentTarget.checked);
            setTouched(true);
          }}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDismiss}>
            Not now
          </Button>
          <Button
            disabled={!valid}
            loading={loading}
            onClick={() => void confirm()}
          >
            Confirm
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
