import { Anchor, AspectRatio, Box, Button, Center, Image, SimpleGrid, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { autoplayUrl, videoProvider } from "./profile-format";
import type { PublicProfile } from "./profile-query";

type Video = PublicProfile["videos"][number];

/**
 * Privacy first: nothing loads from YouTube or Vimeo until the visitor presses play; until then
 * the cover (or a neutral placeholder) and a note saying where the video comes from.
 */
function VideoPlayer({ video, index }: { video: Video; index: number }) {
  const [playing, setPlaying] = useState(false);
  const title = video.coverTitle || `Video ${index + 1}`;
  const provider = videoProvider(video);

  if (!video.embedUrl) {
    return (
      <Anchor href={video.source} target="_blank" rel="noopener noreferrer">
        Watch “{title}” on {provider}
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
                leftSection={<span aria-hidden="true">▶</span>}
                onClick={() => setPlaying(true)}
                aria-label={`Play video: ${title}`}
              >
                Play video
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
          Playing loads the video from {provider}.
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
