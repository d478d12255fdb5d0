import { createNprogress, NavigationProgress } from "@mantine/nprogress";
import { useEffect, useState } from "react";
import { useIntl } from "react-intl";
import { defineMessages } from "~/lib/i18n/define-messages";
import { useNavigation } from "react-router";

const messages = defineMessages({
  loading: { id: "shell.progress.loading", defaultMessage: "Page loading" },
});

export const ROUTE_PROGRESS_TEST_ID = "route-progress";

/**
 * The top progress bar. `active` starts it; turning it off completes the bar, which then hides
 * itself (the `data-mounted` attribute goes away) a moment later.
 */
export function RouteProgress({ active }: { active: boolean }) {
  // A store per bar, so separate renders (and tests) never share progress state.
  const [[store, actions]] = useState(createNprogress);
  const intl = useIntl();

  useEffect(() => {
    if (active) actions.start();
    else actions.complete();
  }, [active, actions]);

  return (
    <NavigationProgress
      store={store}
      withinPortal={false}
      className="route-progress"
      data-testid={ROUTE_PROGRESS_TEST_ID}
      aria-label={intl.formatMessage(messages.loading)}
      aria-hidden={!active}
    />
  );
}

/** Spec section 2: the app shell shows a top progress bar during route changes. */
export function NavigationRouteProgress() {
  const navigation = useNavigation();
  return <RouteProgress active={navigation.state !== "idle"} />;
}
