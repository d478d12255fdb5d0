import { NativeSelect } from "@mantine/core";
import { useIntl } from "react-intl";
import { useLocation } from "react-router";
import { defineMessages } from "~/lib/i18n/define-messages";
import { useLocaleChoice } from "~/lib/i18n/I18nProvider";
import { isLocale, LOCALE_NAMES, LOCALES } from "~/lib/i18n/locales";
import { localizePath, resolveLocalizedPath } from "~/lib/routes-i18n";
import { useSiteLocale } from "~/lib/site-locale";

const messages = defineMessages({
  language: { id: "shell.language", defaultMessage: "Language" },
});

/**
 * The language of the site's texts, dates and amounts. On a site with several locales (spec 2)
 * each has its own paths: the picker opens the same page in the chosen one. On a one-locale
 * site it loads another catalogue from /api/messages/{locale} and remembers the choice.
 */
export function LocalePicker() {
  const intl = useIntl();
  const { locale, chooseLocale } = useLocaleChoice();
  const { site } = useSiteLocale();
  const { pathname, search } = useLocation();
  const multilingual = site.locales.length > 1;
  return (
    <NativeSelect
      size="xs"
      label={intl.formatMessage(messages.language)}
      value={locale}
      onChange={(event) => {
        const next = event.currentTarget.value;
        if (!isLocale(next)) return;
        if (multilingual) {
          // a document load: the page, its messages and the API's answers in the new locale
          const { routePath } = resolveLocalizedPath(`${pathname}${search}`, site);
          window.location.assign(localizePath(routePath, next, site));
        } else {
          void chooseLocale(next);
        }
      }}
      data={(multilingual ? site.locales.filter(isLocale) : LOCALES).map((value) => ({ value, label: LOCALE_NAMES[value] }))}
      data-testid="locale-picker"
    />
  );
}
