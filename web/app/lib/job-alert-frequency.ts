import type { AlertFrequency } from "~/lib/graphql/generated/graphql";
import { defineMessages } from "~/lib/i18n/define-messages";

/** An alert's frequencies, in the order the forms offer them. */
export const FREQUENCIES: readonly AlertFrequency[] = ["INSTANT", "DAILY", "WEEKLY"];

export const FREQUENCY_LABELS = defineMessages({
  INSTANT: { id: "alerts.frequency.instant", defaultMessage: "Instantly" },
  DAILY: { id: "alerts.frequency.daily", defaultMessage: "Daily" },
  WEEKLY: { id: "alerts.frequency.weekly", defaultMessage: "Weekly" },
});

export function isFrequency(value: string | null): value is AlertFrequency {
  return FREQUENCIES.includes(value as AlertFrequency);
}
