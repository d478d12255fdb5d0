import { useApolloClient } from "@apollo/client/react";
import { Button, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { defineMessages } from "~/lib/i18n/define-messages";
import { MY_RESUME_JSON_RESUME } from "./documents";

const messages = defineMessages({
  export: { id: "resumes.export.jsonResume", defaultMessage: "Export as JSON Resume" },
  exporting: { id: "resumes.export.exporting", defaultMessage: "Preparing the file…" },
  failed: { id: "resumes.export.failed", defaultMessage: "Your resume could not be exported. Try again in a moment." },
});

/** Saves the document in the browser as `fileName` (a JSON file, never opened in the page). */
function download(document: string, fileName: string) {
  const url = URL.createObjectURL(new Blob([document], { type: "application/json" }));
  const link = window.document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.rel = "noopener";
  window.document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

/** "Export as JSON Resume": the applicant's resume downloaded as a JSON Resume (v1) file (ADR 0028). */
export function ExportResumeLink() {
  const intl = useIntl();
  const client = useApolloClient();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const exportResume = async () => {
    setBusy(true);
    setError(null);
    try {
      const { data } = await client.query({ query: MY_RESUME_JSON_RESUME, fetchPolicy: "network-only" });
      const answer = data?.myResumeJsonResume;
      if (!answer) setError(intl.formatMessage(messages.failed));
      else if (answer.__typename === "ResumeImportError") setError(answer.message);
      else download(answer.document, answer.fileName);
    } catch {
      setError(intl.formatMessage(messages.failed));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap={4} align="flex-start">
      <Button variant="light" onClick={() => void exportResume()} loading={busy} disabled={busy}>
        <FormattedMessage {...(busy ? messages.exporting : messages.export)} />
      </Button>
      {error ? (
        <Text role="alert" c="red" size="sm">
          {error}
        </Text>
      ) : null}
    </Stack>
  );
}
