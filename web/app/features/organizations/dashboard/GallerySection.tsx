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
import { useState } from "react";
import { UPDATE_ORGANIZATION_GALLERY } from "./documents";
import { FilePicker } from "~/components/FilePicker";
import { blankToNull, GroupSection, groupErrors, moveItem, newRowKey, RowControls } from "./form-kit";
import type { EditorProfile } from "./InfoSections";

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
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id: row.key });
  return (
    <Card
      ref={setNodeRef}
      withBorder
      padding="sm"
      component="li"
      aria-label={`Image ${index + 1}`}
      data-testid="gallery-item"
      style={{ transform: CSS.Transform.toString(transform), transition, opacity: isDragging ? 0.6 : 1 }}
    >
      <Group align="flex-start" wrap="nowrap">
        <ActionIcon
          ref={setActivatorNodeRef}
          variant="subtle"
          aria-label={`Drag image ${index + 1} to reorder`}
          {...attributes}
          {...listeners}
          style={{ cursor: "grab", touchAction: "none" }}
        >
          <span aria-hidden="true">⠿</span>
        </ActionIcon>
        <Image src={row.thumbnailUrl} alt={row.alt} w={96} h={72} fit="cover" radius="sm" />
        <Stack gap="xs" style={{ flex: 1 }}>
          <TextInput
            label={`Alternative text of image ${index + 1}`}
            description="What the image shows, for people who cannot see it."
            value={row.alt}
            onChange={(event) => onChange({ alt: event.currentTarget.value })}
            error={error}
          />
          <TextInput
            label={`Title of image ${index + 1}`}
            value={row.title}
            onChange={(event) => onChange({ title: event.currentTarget.value })}
          />
          <RowControls index={index} count={count} what="image" onMove={onMove} onRemove={onRemove} />
        </Stack>
      </Group>
    </Card>
  );
}

/** Gallery images: upload several, describe each, order by drag and drop (keyboard too). */
export function GallerySection({ profile }: { profile: EditorProfile }) {
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
  const server = groupErrors(answer, fields);

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
      title="Gallery"
      description="Drag the handle, or focus it and press Space, then the arrow keys and Space again, to change the order; or use Move up and Move down."
      saveLabel="Save gallery"
      saving={loading}
      saved={answer?.__typename === "OrganizationProfileSaved"}
      failed={Boolean(error)}
      general={server.general}
      onSubmit={submit}
    >
      {rows.length === 0 ? <Text c="dimmed">No images yet.</Text> : null}
      <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={dragEnd}>
        <SortableContext items={rows.map((row) => row.key)} strategy={verticalListSortingStrategy}>
          <Stack component="ol" gap="sm" p={0} m={0} style={{ listStyle: "none" }} aria-label="Gallery images">
            {rows.map((row, index) => (
              <SortableImage
                key={row.key}
                row={row}
                index={index}
                count={rows.length}
                error={server.byField[`items.${index}.alt`] ?? server.byField[`items.${index}.uploadId`]}
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
        label="Add images"
        description="JPEG, PNG or WebP, up to 50 MB each; choose several at once."
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
