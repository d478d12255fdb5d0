import { NativeSelect } from "@mantine/core";
import { useIntl } from "react-intl";
import { defineMessages } from "~/lib/i18n/define-messages";
import { useLocaleChoice } from "~/lib/i18n/I18nProvider";
import { isLocale, LOCALE_NAMES, LOCALES } from "~/lib/i18n/locales";

const messages = defineMessages({
  language: { id: "shell.language", defaultMessage: "Language" },
});

/** The language of the site's texts, dates and amounts (loaded from /api/messages/{locale}). */
export function LocalePicker() {
  const intl = useIntl();
  const { locale, chooseLocale } = useLocaleChoice();
  return (
    <NativeSelect
      size="xs"
      label={intl.formatMessage(messages.language)}
      value={locale}
      onChange={(event) => {
        const next = event.currentTarget.value;
        if (isLocale(next)) void chooseLocale(next);
      }}
      data={LOCALES.map((value) => ({ value, label: LOCALE_NAMES[value] }))}
      data-testid="locale-picker"
    />
  );
}
