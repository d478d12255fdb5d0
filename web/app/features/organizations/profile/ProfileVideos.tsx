import { Anchor, AspectRatio, Box, Button, Center, Image, SimpleGrid, Stack, Text } from "@mantine/core";
import { IconPlayerPlayFilled } from "@tabler/icons-react";
import { FormattedMessage, useIntl } from "react-intl";
import { defineMessages } from "~/lib/i18n/define-messages";
import { useState } from "react";
import { autoplayUrl, videoProvider } from "./profile-format";
import type { PublicProfile } from "./profile-query";

type Video = PublicProfile["videos"][number];

const messages = defineMessages({
  untitled: { id: "organizations.profile.video.untitled", defaultMessage: "Video {number, number}" },
  watch: { id: "organizations.profile.video.watch", defaultMessage: "Watch “{title}” on {provider}" },
  playLabel: { id: "organizations.profile.video.play.label", defaultMessage: "Play video: {title}" },
  play: { id: "organizations.profile.video.play", defaultMessage: "Play video" },
  loadsFrom: { id: "organizations.profile.video.loadsFrom", defaultMessage: "Playing loads the video from {provider}." },
});

/**
 * Privacy first: nothing loads from YouTube or Vimeo until the visitor presses play; until then
 * the cover (or a neutral placeholder) and a note saying where the video comes from.
 */
function VideoPlayer({ video, index }: { video: Video; index: number }) {
  const intl = useIntl();
  const [playing, setPlaying] = useState(false);
  const title = video.coverTitle || intl.formatMessage(messages.untitled, { number: index + 1 });
  const provider = videoProvider(video);

  if (!video.embedUrl) {
    return (
      <Anchor href={video.source} target="_blank" rel="noopener noreferrer">
        <FormattedMessage {...messages.watch} values={{ title, provider }} />
      </Anchor>
    );
  }
  return (
    <Stack gap={6}>
      <AspectRatio ratio={16 / 9}>
        {playing ? (
          <iframe
            src={autoplayUrl(video.embedUrl)}
            title={title}
            allow="autoplay; fullscreen; picture-in-picture; encrypted-media"
            allowFullScreen
            style={{ border: 0, borderRadius: "var(--mantine-radius-md)" }}
          />
        ) : (
          <Box pos="relative" style={{ borderRadius: "var(--mantine-radius-md)", overflow: "hidden" }}>
            {video.cover ? (
              <Image src={video.cover.url} alt={video.cover.alt} h="100%" w="100%" fit="cover" />
            ) : (
              <Box data-testid="video-placeholder" h="100%" w="100%" bg="var(--mantine-color-dark-6)" />
            )}
            <Center pos="absolute" inset={0}>
              <Button
                size="md"
                radius="xl"
                leftSection={<IconPlayerPlayFilled size={16} aria-hidden="true" />}
                onClick={() => setPlaying(true)}
                aria-label={intl.formatMessage(messages.playLabel, { title })}
              >
                <FormattedMessage {...messages.play} />
              </Button>
            </Center>
          </Box>
        )}
      </AspectRatio>
      <Text size="sm" fw={500}>
        {title}
      </Text>
      {playing ? null : (
        <Text size="xs" c="dimmed">
          <FormattedMessage {...messages.loadsFrom} values={{ provider }} />
        </Text>
      )}
    </Stack>
  );
}

export function ProfileVideos({ videos }: { videos: Video[] }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
      {videos.map((video, index) => (
        <VideoPlayer key={`${video.source}-${index}`} video={video} index={index} />
      ))}
    </SimpleGrid>
  );
}
