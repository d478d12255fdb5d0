import { useApolloClient } from "@apollo/client/react";
import { Text } from "@mantine/core";
import { useIsomorphicEffect } from "@mantine/hooks";
import { useCallback, useEffect, useRef, useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { defineMessages } from "~/lib/i18n/define-messages";
import { RESUME_WIZARD_RESUME, type WizardResume } from "./documents";
import { NO_ERRORS, resumeErrorsByField, type ResumeConfig, type ResumeResultLike, type SortedErrors } from "./resume-form";

const messages = defineMessages({
  saving: { id: "resumeWizard.status.saving", defaultMessage: "Saving…" },
  unsaved: { id: "resumeWizard.status.unsaved", defaultMessage: "Unsaved changes" },
  failed: { id: "resumeWizard.status.failed", defaultMessage: "Not saved: see the errors" },
  saved: { id: "resumeWizard.status.saved", defaultMessage: "Saved" },
  unavailable: {
    id: "resumeWizard.unavailable",
    defaultMessage: "We could not save your changes. Try again in a moment.",
  },
});

/** Autosave: this long after the last change (and at once when focus leaves the form). */
export const RESUME_AUTOSAVE_DELAY_MS = 1200;

export type SaveStatus = "idle" | "unsaved" | "saving" | "saved" | "failed";

export type ResumeAnswer = ResumeResultLike & { resume?: WizardResume };

/** Keeps the page's resume query in step with what a mutation saved (the first save creates it). */
export function useStoreSavedResume(config: ResumeConfig) {
  const client = useApolloClient();
  return useCallback(
    (resume: WizardResume) => {
      client.writeQuery({
        query: RESUME_WIZARD_RESUME,
        data: {
                    myResume: resume,
          resumeConfiguration: {
                        nulledFields: [...config.nulledFields],
            privateFields: [...config.privateFields],
          },
        },
      });
    },
    [client, config],
  );
}

/**
 * One form's saving: `save` sends the draft now (the wizard's Next, a blur); a change schedules
 * it after RESUME_AUTOSAVE_DELAY_MS. `ready` is the form's own check: an autosave waits until the
 * draft has what the API requires, an explicit save sends it anyway so the API's message shows.
 */
export function useAutosave<D>({
  draft,
  send,
  fields,
  ready,
  onSaved,
  enabled = true,
}: {
  draft: D;
  send: (draft: D) => Promise<ResumeAnswer | undefined>;
  fields: readonly string[];
  ready: (draft: D) => boolean;
  onSaved: (resume: WizardResume) => void;
  enabled?: boolean;
}) {
  const intl = useIntl();
  const [status, setStatus] = useState<SaveStatus>("idle");
  const [errors, setErrors] = useState<SortedErrors>(NO_ERRORS);
  const dirty = useRef(false);
  const latest = useRef(draft);
  const sendRef = useRef(send);
  const onSavedRef = useRef(onSaved);
  const readyRef = useRef(ready);
  useIsomorphicEffect(() => {
    latest.current = draft;
    sendRef.current = send;
    onSavedRef.current = onSaved;
    readyRef.current = ready;
  });

  // the save under way: a later save waits for it (Next must not leave while one is in flight)
  const inFlight = useRef<Promise<boolean> | null>(null);
  const lastOk = useRef(true);
  // changes made (touch) and the change last sent: an unchanged draft is not sent twice, its
  // last answer stands (a network failure may be retried as is)
  const version = useRef(0);
  const sentVersion = useRef(0);

  const sendNow = useCallback(
    async (current: D): Promise<boolean> => {
      dirty.current = false;
      sentVersion.current = version.current;
      setStatus("saving");
      let answer: ResumeAnswer | undefined;
      try {
        answer = await sendRef.current(current);
      } catch {
        dirty.current = true;
        sentVersion.current = -1;
        setStatus("failed");
        setErrors({ byField: {}, general: [intl.formatMessage(messages.unavailable)] });
        return false;
      }
      if (answer?.__typename === "ResumeSaved" && answer.resume) {
        onSavedRef.current(answer.resume);
        setErrors(NO_ERRORS);
        setStatus(dirty.current ? "unsaved" : "saved");
        return true;
      }
      dirty.current = true;
      setStatus("failed");
      setErrors(resumeErrorsByField(answer, fields));
      return false;
    },
    [fields, intl],
  );

  const save = useCallback(
    async ({ quiet = false }: { quiet?: boolean } = {}): Promise<boolean> => {
      while (inFlight.current) await inFlight.current;
      if (version.current === sentVersion.current) return lastOk.current;
      const current = latest.current;
      if (quiet && !readyRef.current(current)) return false;
      const running = sendNow(current);
      inFlight.current = running;
      try {
        lastOk.current = await running;
        return lastOk.current;
      } finally {
        inFlight.current = null;
      }
    },
    [sendNow],
  );

  const touch = useCallback(() => {
    dirty.current = true;
    version.current += 1;
    setStatus("unsaved");
  }, []);

  useEffect(() => {
    if (!enabled || !dirty.current) return undefined;
    const timer = setTimeout(() => void save({ quiet: true }), RESUME_AUTOSAVE_DELAY_MS);
    return () => clearTimeout(timer);
    // a change of the draft (re)starts the timer
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [draft, enabled]);

  return { status, errors, save, touch, isDirty: () => dirty.current };
}

/** The form's saving state, announced politely. */
export function SaveStatusText({ status }: { status: SaveStatus }) {
  if (status === "idle") return <Text size="sm" role="status" aria-live="polite" />;
  const message =
    status === "saving" ? messages.saving : status === "unsaved" ? messages.unsaved : status === "failed" ? messages.failed : messages.saved;
  return (
    <Text size="sm" role="status" aria-live="polite" c={status === "failed" ? "red" : status === "saved" ? "teal" : "dimmed"}>
      <FormattedMessage {...message} />
    </Text>
  );
}
