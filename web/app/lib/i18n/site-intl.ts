import { createIntl, type IntlShape } from "react-intl";
import { onIntlError } from "./intl-errors";
import { DEFAULT_LOCALE } from "./locales";

/**
 * The site's language (its defaultMessages) for code outside React's tree: route meta, helpers
 * called without a component's intl, tests.
 */
export const SITE_INTL: IntlShape = createIntl({ locale: DEFAULT_LOCALE, messages: {}, onError: onIntlError });
