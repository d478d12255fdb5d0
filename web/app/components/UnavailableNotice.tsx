import { Alert } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import { createContext, useContext, useEffect, useSyncExternalStore, type ReactNode } from "react";
import { FormattedMessage } from "react-intl";
import { useLocation } from "react-router";
import { defineMessages } from "~/lib/i18n/define-messages";
import type { UnavailableParts } from "~/lib/unavailable-parts";

const messages = defineMessages({
  title: { id: "unavailable.title", defaultMessage: "Some information is unavailable right now" },
  text: {
    id: "unavailable.text",
    defaultMessage: "Part of this page could not be loaded, so we are showing what we have. Try again in a few minutes.",
  },
});

const UnavailablePartsContext = createContext<UnavailableParts | null>(null);

/** The page request's (server) or the tab's (browser) record of what could not be loaded. */
export function UnavailablePartsProvider({ parts, children }: { parts: UnavailableParts; children: ReactNode }) {
  return <UnavailablePartsContext.Provider value={parts}>{children}</UnavailablePartsContext.Provider>;
}

const NONE: readonly string[] = [];

function useUnavailableParts(): readonly string[] {
  const parts = useContext(UnavailablePartsContext);
  return useSyncExternalStore(
    (listener) => parts?.subscribe(listener) ?? (() => undefined),
    () => parts?.list() ?? NONE,
    () => parts?.list() ?? NONE,
  );
}

/**
 * Says that some of the page is missing because a part of the site did not answer (the gateway's
 * SUBGRAPH_UNAVAILABLE), above every page's content: the page itself shows what it has.
 */
export function UnavailableNotice() {
  const parts = useContext(UnavailablePartsContext);
  const missing = useUnavailableParts();
  // another page (or the same one again) starts with no notice; its own queries say anew
  const { key } = useLocation();
  useEffect(() => parts?.showing(key), [key, parts]);
  if (missing.length === 0) return null;
  return (
    <Alert
      color="yellow"
      role="status"
      icon={<IconAlertTriangle aria-hidden />}
      title={<FormattedMessage {...messages.title} />}
      mb="md"
      data-unavailable={missing.join(" ")}
    >
      <FormattedMessage {...messages.text} />
    </Alert>
  );
}
