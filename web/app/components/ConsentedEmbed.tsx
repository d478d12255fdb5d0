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
import { useCookieConsent } from "~/lib/cookie-consent";

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
                aria-label={`Play video: ${title}`}
              >
                Play video
              </Button>
              <Text size="sm" ta="center">
                The video comes from {provider}, which may set cookies when it
                loads.{" "}
                <Anchor
                  component="button"
                  type="button"
                  size="sm"
                  onClick={openSettings}
                >
                  Allow videos always
                </Anchor>
              </Text>
            </Stack>
          </Center>
        </Box>
      )}
    </AspectRatio>
  );
}
