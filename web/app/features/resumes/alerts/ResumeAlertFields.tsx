import { Group, Radio, TextInput } from "@mantine/core";
import { useIntl } from "react-intl";
import { defineMessages } from "~/lib/i18n/define-messages";
import { INTERVAL_LABELS, RESUME_ALERT_INTERVALS, type ResumeAlertInterval } from "./intervals";

const messages = defineMessages({
  name: { id: "resumes.alert.name", defaultMessage: "Name of the alert" },
  nameMissing: { id: "resumes.alert.nameMissing", defaultMessage: "Give the alert a name." },
  interval: { id: "resumes.alert.interval", defaultMessage: "Mail me new matching resumes" },
});

/** search refuses longer names (an alert's name has at most 120 characters) */
export const NAME_MAX = 120;

/** A resume alert's name and notify interval, as the create dialog and the edit page ask them. */
export function ResumeAlertFields({
  name,
  interval,
  onName,
  onInterval,
  touched,
}: {
  name: string;
  interval: ResumeAlertInterval;
  onName: (name: string) => void;
  onInterval: (interval: ResumeAlertInterval) => void;
  touched: boolean;
}) {
  const intl = useIntl();
  return (
    <>
      <TextInput
        label={intl.formatMessage(messages.name)}
        required
        maxLength={NAME_MAX}
        value={name}
        onChange={(event) => onName(event.currentTarget.value)}
        error={touched && !name.trim() ? intl.formatMessage(messages.nameMissing) : undefined}
      />
      <Radio.Group
        label={intl.formatMessage(messages.interval)}
        value={String(interval)}
        onChange={(value) => onInterval(Number(value) as ResumeAlertInterval)}
      >
        <Group gap="md" mt="xs">
          {RESUME_ALERT_INTERVALS.map((value) => (
            <Radio key={value} value={String(value)} label={intl.formatMessage(INTERVAL_LABELS[value])} />
          ))}
        </Group>
      </Radio.Group>
    </>
  );
}
