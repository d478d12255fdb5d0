import { createIntl, type IntlShape } from "react-intl";
import { onIntlError } from "./intl-errors";
import { isLocale } from "./locales";
import type { Messages } from "./load-messages";
import { SITE_INTL } from "./site-intl";

const cache = new WeakMap<Messages, IntlShape>();

function isMessages(value: unknown): value is Messages {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * The page's intl for a route's `meta` (outside React's tree): the locale and catalogue the root
 * loader chose for the request; the site's language when the root has no data (an error page).
 */
export function routeIntl(matches: readonly ({ id: string; loaderData?: unknown } | undefined)[] | undefined): IntlShape {
  const root = matches?.find((match) => match?.id === "root")?.loaderData as
    | { locale?: unknown; messages?: unknown }
    | undefined;
  if (!root || !isLocale(root.locale) || !isMessages(root.messages)) return SITE_INTL;
  const messages = root.messages;
  let intl = cache.get(messages);
  if (!intl || intl.locale !== root.locale) {
    intl = createIntl({ locale: root.locale, defaultLocale: "en", messages, onError: onIntlError });
    cache.set(messages, intl);
  }
  return intl;
}
