import { Switch, useComputedColorScheme, useMantineColorScheme } from "@mantine/core";
import { useIntl } from "react-intl";
import { defineMessages } from "~/lib/i18n/define-messages";

const messages = defineMessages({
  dark: { id: "shell.colorScheme.dark", defaultMessage: "Dark mode" },
});

/**
 * Light or dark, remembered in local storage by Mantine's colour scheme manager; root's
 * ColorSchemeScript applies it before the first paint. Before anyone chooses, the system's
 * preference decides.
 */
export function ColorSchemeToggle() {
  const intl = useIntl();
  const { setColorScheme } = useMantineColorScheme();
  // Read after hydration: the server cannot know it, and the first client render must match.
  const computed = useComputedColorScheme("light", { getInitialValueInEffect: true });
  return (
    <Switch
      size="sm"
      checked={computed === "dark"}
      onChange={(event) => setColorScheme(event.currentTarget.checked ? "dark" : "light")}
      label={intl.formatMessage(messages.dark)}
      data-testid="color-scheme-toggle"
    />
  );
}
