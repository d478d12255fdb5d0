import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
} from "@dnd-kit/core";
import {
  sortableKeyboardCoordinates,
  SortableContext,
  useSortable,
  verticalListSortingStrategy,
} from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { useMutation } from "@apollo/client/react";
import { ActionIcon, Card, Group, Image, Stack, Text, TextInput } from "@mantine/core";
import { HintTooltip } from "~/components/HintTooltip";
import { IconGripVertical } from "@tabler/icons-react";
import { FormattedMessage, useIntl } from "react-intl";
import { defineMessages, type Message } from "~/lib/i18n/define-messages";
import { useState } from "react";
import { UPDATE_ORGANIZATION_GALLERY } from "./documents";
import { FilePicker } from "~/components/FilePicker";
import { blankToNull, GroupSection, moveItem, newRowKey, RowControls, useGroupForm } from "./form-kit";
import type { EditorProfile } from "./InfoSections";

const messages = defineMessages({
  whatTheImageShows: { id: "organizations.editor.gallery.whatTheImageShows", defaultMessage: "What the image shows, for people who cannot see it." },
  gallery: { id: "organizations.editor.gallery.gallery", defaultMessage: "Gallery" },
  dragTheHandleOr: { id: "organizations.editor.gallery.dragTheHandleOr", defaultMessage: "Drag the handle, or focus it and press Space, then the arrow keys and Space again, to change the order; or use Move up and Move down." },
  saveGallery: { id: "organizations.editor.gallery.saveGallery", defaultMessage: "Save gallery" },
  galleryImages: { id: "organizations.editor.gallery.galleryImages", defaultMessage: "Gallery images" },
  addImages: { id: "organizations.editor.gallery.addImages", defaultMessage: "Add images" },
  jpegPngOrWebp: { id: "organizations.editor.gallery.jpegPngOrWebp", defaultMessage: "JPEG, PNG or WebP, up to 50 MB each; choose several at once." },
  noImagesYet: { id: "organizations.editor.gallery.noImagesYet", defaultMessage: "No images yet." },
  imageN: { id: "organizations.editor.gallery.imageN", defaultMessage: "Image {number, number}" },
  dragImageNTo: { id: "organizations.editor.gallery.dragImageNTo", defaultMessage: "Drag image {number, number} to reorder" },
  alternativeTextOfImage: { id: "organizations.editor.gallery.alternativeTextOfImage", defaultMessage: "Alternative text of image {number, number}" },
  titleOfImageN: { id: "organizations.editor.gallery.titleOfImageN", defaultMessage: "Title of image {number, number}" },
  whatImage: { id: "organizations.editor.gallery.whatImage", defaultMessage: "image" },
});

export interface GalleryRow {
  key: string;
  uploadId: string;
  alt: string;
  title: string;
  thumbnailUrl: string;
}

function SortableImage({
  row,
  index,
  count,
  error,
  onChange,
  onMove,
  onRemove,
}: {
  row: GalleryRow;
  index: number;
  count: number;
  error?: string;
  onChange: (patch: Partial<GalleryRow>) => void;
  onMove: (from: number, to: number) => void;
  onRemove: () => void;
}) {
  const intl = useIntl();
  const t = (message: Message, values?: Record<string, string | number>) => intl.formatMessage(message, values);
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id: row.key });
  return (
    <Card
      ref={setNodeRef}
      withBorder
      padding="sm"
      component="li"
      aria-label={t(messages.imageN, { number: index + 1 })}
      data-testid="gallery-item"
      style={{ transform: CSS.Transform.toString(transform), transition, opacity: isDragging ? 0.6 : 1 }}
    >
      <Group align="flex-start" wrap="nowrap">
        <HintTooltip label={t(messages.dragImageNTo, { number: index + 1 })} withArrow>
          <ActionIcon
            ref={setActivatorNodeRef}
            variant="subtle"
            aria-label={t(messages.dragImageNTo, { number: index + 1 })}
            {...attributes}
            {...listeners}
            style={{ cursor: "grab", touchAction: "none" }}
          >
            <IconGripVertical size={18} stroke={1.75} aria-hidden="true" />
          </ActionIcon>
        </HintTooltip>
        <Image src={row.thumbnailUrl} alt={row.alt} w={96} h={72} fit="cover" radius="sm" />
        <Stack gap="xs" style={{ flex: 1 }}>
          <TextInput
            label={t(messages.alternativeTextOfImage, { number: index + 1 })}
            description={t(messages.whatTheImageShows)}
            value={row.alt}
            onChange={(event) => onChange({ alt: event.currentTarget.value })}
            error={error}
          />
          <TextInput
            label={t(messages.titleOfImageN, { number: index + 1 })}
            value={row.title}
            onChange={(event) => onChange({ title: event.currentTarget.value })}
          />
          <RowControls index={index} count={count} what={t(messages.whatImage)} onMove={onMove} onRemove={onRemove} />
        </Stack>
      </Group>
    </Card>
  );
}

/** Gallery images: upload several, describe each, order by drag and drop (keyboard too). */
export function GallerySection({ profile }: { profile: EditorProfile }) {
  const intl = useIntl();
  const t = (message: Message, values?: Record<string, string | number>) => intl.formatMessage(message, values);
  const [rows, setRows] = useState<GalleryRow[]>(() =>
    profile.gallery.map((item) => ({
      key: newRowKey(),
      uploadId: item.uploadId,
      alt: item.image.alt,
      title: item.image.title ?? "",
      thumbnailUrl: item.thumbnail.url,
    })),
  );
  const [save, { data, loading, error }] = useMutation(UPDATE_ORGANIZATION_GALLERY);
  const sensors = useSensors(
    useSensor(PointerSensor),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const answer = data?.updateOrganizationGallery;
  const fields = rows.flatMap((_, index) => [`items.${index}.alt`, `items.${index}.uploadId`, `items.${index}.title`]);
  const { errorOf, feedback } = useGroupForm({ answer, fields: fields, loading, error });

  const move = (from: number, to: number) => setRows((current) => moveItem(current, from, to));
  const dragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = rows.findIndex((row) => row.key === active.id);
    const to = rows.findIndex((row) => row.key === over.id);
    move(from, to);
  };

  const submit = () => {
    void save({
      variables: {
        id: profile.id,
        input: {
          items: rows.map((row) => ({ uploadId: row.uploadId, alt: row.alt.trim(), title: blankToNull(row.title) })),
        },
      },
    }).catch(() => undefined);
  };

  return (
    <GroupSection
      title={t(messages.gallery)}
      description={t(messages.dragTheHandleOr)}
      saveLabel={t(messages.saveGallery)}
      {...feedback}
      onSubmit={submit}
    >
      {rows.length === 0 ? <Text c="dimmed"><FormattedMessage {...messages.noImagesYet} /></Text> : null}
      <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={dragEnd}>
        <SortableContext items={rows.map((row) => row.key)} strategy={verticalListSortingStrategy}>
          <Stack component="ol" gap="sm" p={0} m={0} style={{ listStyle: "none" }} aria-label={t(messages.galleryImages)}>
            {rows.map((row, index) => (
              <SortableImage
                key={row.key}
                row={row}
                index={index}
                count={rows.length}
                error={errorOf(`items.${index}.alt`) ?? errorOf(`items.${index}.uploadId`)}
                onChange={(patch) =>
                  setRows((current) => current.map((item, at) => (at === index ? { ...item, ...patch } : item)))
                }
                onMove={move}
                onRemove={() => setRows((current) => current.filter((_, at) => at !== index))}
              />
            ))}
          </Stack>
        </SortableContext>
      </DndContext>
      <FilePicker
        label={t(messages.addImages)}
        description={t(messages.jpegPngOrWebp)}
        purpose="organization_image"
        multiple
        onUploaded={(upload) =>
          setRows((current) => [
            ...current,
            {
              key: newRowKey(),
              uploadId: upload.id,
              alt: "",
              title: "",
              thumbnailUrl: upload.styles.thumbnail?.url ?? upload.url,
            },
          ])
        }
      />
    </GroupSection>
  );
}
