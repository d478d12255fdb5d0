import {
  Anchor,
  AspectRatio,
  Box,
  Button,
  Center,
  Stack,
  Text,
} from "@mantine/core";
import { useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { defineMessages } from "~/lib/i18n/define-messages";
import { useCookieConsent } from "~/lib/cookie-consent";

const messages = defineMessages({
  play: { id: "embed.play", defaultMessage: "Play video" },
  playTitled: { id: "embed.play.label", defaultMessage: "Play video: {title}" },
  provider: {
    id: "embed.provider",
    defaultMessage: "The video comes from {provider}, which may set cookies when it loads.",
  },
  allowAlways: { id: "embed.allowAlways", defaultMessage: "Allow videos always" },
});

/**
 * A third-party video embed behind consent (category C0003): with it granted the player loads;
 * without, a placeholder loads this one video on a click, or opens the cookie settings.
 */
export function ConsentedEmbed({
  src,
  title,
  provider,
}: {
  src: string;
  title: string;
  provider: string;
}) {
  const intl = useIntl();
  const { granted, openSettings } = useCookieConsent();
  const [clicked, setClicked] = useState(false);
  const load = clicked || granted("C0003");
  return (
    <AspectRatio ratio={16 / 9}>
      {load ? (
        <iframe
          src={src}
          title={title}
          allow="encrypted-media; picture-in-picture; fullscreen"
          allowFullScreen
          loading="lazy"
          style={{ border: 0, borderRadius: "var(--mantine-radius-md)" }}
        />
      ) : (
        <Box
          bg="var(--mantine-color-default-hover)"
          style={{ borderRadius: "var(--mantine-radius-md)" }}
          data-testid="embed-placeholder"
        >
          <Center h="100%" p="md">
            <Stack gap="xs" align="center" maw={420}>
              <Button
                onClick={() => setClicked(true)}
                aria-label={intl.formatMessage(messages.playTitled, { title })}
              >
                <FormattedMessage {...messages.play} />
              </Button>
              <Text size="sm" ta="center">
                <FormattedMessage {...messages.provider} values={{ provider }} />{" "}
                <Anchor
                  component="button"
                  type="button"
                  size="sm"
                  onClick={openSettings}
                >
                  <FormattedMessage {...messages.allowAlways} />
                </Anchor>
              </Text>
            </Stack>
          </Center>
        </Box>
      )}
    </AspectRatio>
  );
}
