import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useMemo,
  useState,
} from "react";
import { createIntl, createIntlCache, RawIntlProvider } from "react-intl";
import { onIntlError } from "./intl-errors";
import { compileInBrowser, type CompiledMessages } from "./compile-messages";
import { loadMessages, type Messages } from "./load-messages";
import { DEFAULT_LOCALE, LOCALE_COOKIE, type Locale } from "./locales";

interface LocaleChoice {
  locale: Locale;
  /** Loads the locale's catalogue, remembers the choice in a cookie and re-renders with it. */
  chooseLocale: (locale: Locale) => Promise<void>;
}

// react-intl keeps the message, number and date formats it makes in a cache. IntlProvider makes a
// new cache per instance, which on the server is every request (twice: both render passes), so
// every message was parsed into a format again for each page. The formats depend only on the
// locale, the message and the options, never on the request: one cache serves them all.
const formats = createIntlCache();

const LocaleContext = createContext<LocaleChoice>({
  locale: DEFAULT_LOCALE,
  chooseLocale: async () => undefined,
});

export function useLocaleChoice(): LocaleChoice {
  return useContext(LocaleContext);
}

/**
 * react-intl for the whole app. The server renders with the request's catalogue (root loader),
 * so the first paint and hydration have every message; a later choice loads its catalogue from
 * `/api/messages/{locale}`.
 */
export function I18nProvider({
  locale: initialLocale = DEFAULT_LOCALE,
  messages: initialMessages = {},
  children,
}: {
  locale?: Locale;
  messages?: Messages | CompiledMessages;
  children: ReactNode;
}) {
  const [current, setCurrent] = useState({
    locale: initialLocale,
    messages: initialMessages,
  });
  const chooseLocale = useCallback(async (locale: Locale) => {
    const messages = await compileInBrowser(await loadMessages(locale));
    document.cookie = `${LOCALE_COOKIE}=${encodeURIComponent(locale)}; path=/; max-age=31536000; samesite=lax`;
    document.documentElement.lang = locale;
    setCurrent({ locale, messages });
  }, []);
  const choice = useMemo(
    () => ({ locale: current.locale, chooseLocale }),
    [current.locale, chooseLocale],
  );
  const intl = useMemo(
    () =>
      createIntl(
        { locale: current.locale, defaultLocale: DEFAULT_LOCALE, messages: current.messages, onError: onIntlError },
        formats,
      ),
    [current.locale, current.messages],
  );
  return (
    <LocaleContext.Provider value={choice}>
      <RawIntlProvider value={intl}>{children}</RawIntlProvider>
    </LocaleContext.Provider>
  );
}
