import {
  createContext,
  useCallback,
  useContext,
  useMemo,
  useState,
  type ReactNode,
} from "react";
import {
  CONSENT_CATEGORIES,
  CONSENT_VERSION,
  consentCookie,
  needsReload,
  type ConsentCategory,
  type CookieConsent,
} from "./consent-cookie";

export {
  CONSENT_CATEGORIES,
  CONSENT_COOKIE,
  CONSENT_VERSION,
  consentCookie,
  needsReload,
  readCookieConsent,
  type ConsentCategory,
  type CookieConsent,
} from "./consent-cookie";

interface CookieConsentState {
  /** null until the visitor chose (the banner shows). */
  consent: CookieConsent | null;
  granted: (category: ConsentCategory) => boolean;
  choose: (granted: ConsentCategory[]) => void;
  settingsOpen: boolean;
  openSettings: () => void;
  closeSettings: () => void;
}

const Context = createContext<CookieConsentState | null>(null);

export function CookieConsentProvider({
  initial,
  children,
  reload = () => window.location.reload(),
}: {
  initial: CookieConsent | null;
  children: ReactNode;
  reload?: () => void;
}) {
  const [consent, setConsent] = useState(initial);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const choose = useCallback(
    (granted: ConsentCategory[]) => {
      const next: CookieConsent = {
        version: CONSENT_VERSION,
        granted: CONSENT_CATEGORIES.map((c) => c.id).filter((id) =>
          granted.includes(id),
        ),
        at: new Date().toISOString(),
      };
      document.cookie = consentCookie(
        next,
        window.location.protocol === "https:",
      );
      setSettingsOpen(false);
      if (needsReload(consent?.granted ?? [], next.granted)) reload();
      else setConsent(next);
    },
    [consent, reload],
  );
  const value = useMemo<CookieConsentState>(
    () => ({
      consent,
      granted: (category) => consent?.granted.includes(category) ?? false,
      choose,
      settingsOpen,
      openSettings: () => setSettingsOpen(true),
      closeSettings: () => setSettingsOpen(false),
    }),
    [consent, choose, settingsOpen],
  );
  return <Context.Provider value={value}>{children}</Context.Provider>;
}

const NOTHING_GRANTED: CookieConsentState = {
  consent: null,
  granted: () => false,
  choose: () => undefined,
  settingsOpen: false,
  openSettings: () => undefined,
  closeSettings: () => undefined,
};

/** The visitor's choice; outside a provider (tests, error pages) nothing is granted. */
export function useCookieConsent(): CookieConsentState {
  return useContext(Context) ?? NOTHING_GRANTED;
}
