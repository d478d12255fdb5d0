import { Button, Group, Image, Modal, SimpleGrid, Stack, Text, UnstyledButton } from "@mantine/core";
import { IconArrowLeft, IconArrowRight } from "@tabler/icons-react";
import { FormattedMessage, useIntl } from "react-intl";
import { defineMessages } from "~/lib/i18n/define-messages";
import { useEffect, useState } from "react";
import type { PublicProfile } from "./profile-query";

type GalleryImage = PublicProfile["gallery"][number];

const messages = defineMessages({
  open: {
    id: "organizations.profile.gallery.open",
    defaultMessage: "Open image {number, number} of {count, number}{alt, select, none {} other {: {alt}}}",
  },
  image: { id: "organizations.profile.gallery.image", defaultMessage: "Image {number, number} of {count, number}" },
  previousLabel: { id: "organizations.profile.gallery.previous.label", defaultMessage: "Previous image" },
  nextLabel: { id: "organizations.profile.gallery.next.label", defaultMessage: "Next image" },
  previous: { id: "organizations.profile.gallery.previous", defaultMessage: "Previous" },
  next: { id: "organizations.profile.gallery.next", defaultMessage: "Next" },
});

/** Thumbnails; one opens a lightbox with previous/next buttons and the arrow keys. */
export function ProfileGallery({ images }: { images: GalleryImage[] }) {
  const intl = useIntl();
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
            aria-label={intl.formatMessage(messages.open, {
              number: index + 1,
              count,
              alt: item.image.alt || "none",
            })}
          >
            <Image src={item.thumbnail.url} alt="" radius="md" fit="cover" style={{ aspectRatio: "4 / 3" }} />
          </UnstyledButton>
        ))}
      </SimpleGrid>
      <Modal
        opened={current !== undefined}
        onClose={() => setOpenIndex(null)}
        title={openIndex === null ? "" : intl.formatMessage(messages.image, { number: openIndex + 1, count })}
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
                <Button
                  variant="default"
                  onClick={() => step(-1)}
                  aria-label={intl.formatMessage(messages.previousLabel)}
                  leftSection={<IconArrowLeft size={18} stroke={1.75} aria-hidden="true" />}
                >
                  <FormattedMessage {...messages.previous} />
                </Button>
                <Button
                  variant="default"
                  onClick={() => step(1)}
                  aria-label={intl.formatMessage(messages.nextLabel)}
                  rightSection={<IconArrowRight size={18} stroke={1.75} aria-hidden="true" />}
                >
                  <FormattedMessage {...messages.next} />
                </Button>
              </Group>
            ) : null}
          </Stack>
        ) : null}
      </Modal>
    </>
  );
}
