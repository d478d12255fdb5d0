import { Button, Group, Image, Modal, SimpleGrid, Stack, Text, UnstyledButton } from "@mantine/core";
import { useEffect, useState } from "react";
import type { PublicProfile } from "./profile-query";

type GalleryImage = PublicProfile["gallery"][number];

/** Thumbnails; one opens a lightbox with previous/next buttons and the arrow keys. */
export function ProfileGallery({ images }: { images: GalleryImage[] }) {
  const [openIndex, setOpenIndex] = useState<number | null>(null);
  const count = images.length;
  const current = openIndex === null ? undefined : images[openIndex];

  function step(by: number) {
    setOpenIndex((index) => (index === null ? null : (index + by + count) % count));
  }

  useEffect(() => {
    if (openIndex === null) return;
    function onKeyDown(event: KeyboardEvent) {
      if (event.key === "ArrowLeft")
        setOpenIndex((index) => (index === null ? null : (index - 1 + count) % count));
      if (event.key === "ArrowRight") setOpenIndex((index) => (index === null ? null : (index + 1) % count));
    }
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [openIndex, count]);

  return (
    <>
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
        {images.map((item, index) => (
          <UnstyledButton
            key={item.uploadId}
            onClick={() => setOpenIndex(index)}
            aria-label={`Open image ${index + 1} of ${count}${item.image.alt ? `: ${item.image.alt}` : ""}`}
          >
            <Image src={item.thumbnail.url} alt="" radius="md" fit="cover" style={{ aspectRatio: "4 / 3" }} />
          </UnstyledButton>
        ))}
      </SimpleGrid>
      <Modal
        opened={current !== undefined}
        onClose={() => setOpenIndex(null)}
        title={openIndex === null ? "" : `Image ${openIndex + 1} of ${count}`}
        size="xl"
        centered
      >
        {current ? (
          <Stack gap="sm">
            <Image src={current.image.url} alt={current.image.alt} fit="contain" mah="70vh" radius="sm" />
            {current.image.title ? (
              <Text size="sm" c="dimmed" ta="center">
                {current.image.title}
              </Text>
            ) : null}
            {count > 1 ? (
              <Group justify="space-between">
                <Button variant="default" onClick={() => step(-1)} aria-label="Previous image">
                  ← Previous
                </Button>
                <Button variant="default" onClick={() => step(1)} aria-label="Next image">
                  Next →
                </Button>
              </Group>
            ) : null}
          </Stack>
        ) : null}
      </Modal>
    </>
  );
}
