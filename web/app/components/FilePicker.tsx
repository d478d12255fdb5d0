import { Button, Group, Image, Input, Modal, Slider, Stack, Text } from "@mantine/core";
import { useId, useRef, useState, type ChangeEvent } from "react";
import Cropper, { type Area } from "react-easy-crop";
import { FormattedMessage, useIntl } from "react-intl";
import { defineMessages } from "~/lib/i18n/define-messages";
import { cropToBlob } from "~/lib/crop";
import {
  checkFile,
  IMAGE_TYPES,
  PDF_TYPES,
  uploadFile,
  type UploadedFile,
  type UploadPurpose,
} from "~/lib/uploads";

const messages = defineMessages({
  cropFailed: { id: "filePicker.cropFailed", defaultMessage: "The image could not be cropped." },
  uploading: { id: "filePicker.uploading", defaultMessage: "Uploading…" },
  remove: { id: "filePicker.remove", defaultMessage: "Remove the {label}" },
  cropTitle: { id: "filePicker.cropTitle", defaultMessage: "Crop the {label}" },
  zoom: { id: "filePicker.zoom", defaultMessage: "Zoom" },
  cancel: { id: "filePicker.cancel", defaultMessage: "Cancel" },
  cropAndUpload: { id: "filePicker.cropAndUpload", defaultMessage: "Crop and upload" },
});

export interface CropSpec {
  /** Width over height, e.g. 1 for a logo, 2 for a 1000x500 cover. */
  aspect: number;
  /** The largest output size; smaller crops keep their pixels. */
  width: number;
  height: number;
}

export interface FilePickerProps {
  label: string;
  description?: string;
  purpose: UploadPurpose;
  /** PDF attachments; images otherwise. */
  pdf?: boolean;
  multiple?: boolean;
  /** Crop an image to this shape in the browser before uploading. */
  crop?: CropSpec;
  /** The current image, shown beside the picker. */
  preview?: { url: string; alt: string } | null;
  onUploaded: (upload: UploadedFile, file: File) => void;
  onRemove?: () => void;
  removeLabel?: string;
}

/** The label inside a sentence: lower case, except where nouns keep their capital (German). */
function inSentence(label: string, locale: string): string {
  return locale.startsWith("de") ? label : label.toLocaleLowerCase(locale);
}

function extensionless(name: string): string {
  return name.replace(/\.[^.]+$/, "");
}

/** A labelled file input that checks, optionally crops, and uploads; refusals show under it. */
export function FilePicker({
  label,
  description,
  purpose,
  pdf = false,
  multiple = false,
  crop,
  preview,
  onUploaded,
  onRemove,
  removeLabel,
}: FilePickerProps) {
  const intl = useIntl();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const accept: readonly string[] = pdf ? PDF_TYPES : IMAGE_TYPES;
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [cropping, setCropping] = useState<{ file: File; src: string } | null>(null);
  const [position, setPosition] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [area, setArea] = useState<Area | null>(null);

  const send = async (file: File, blob: Blob = file, name = file.name) => {
    setBusy(true);
    const result = await uploadFile(blob, purpose, name, intl);
    setBusy(false);
    if (result.ok) onUploaded(result.upload, file);
    else setError(result.message);
    return result.ok;
  };

  const picked = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.currentTarget.files ?? []);
    event.currentTarget.value = "";
    setError(null);
    for (const file of files) {
      const refusal = checkFile(file, accept, intl);
      if (refusal) {
        setError(refusal);
        return;
      }
    }
    if (crop && files[0]) {
      setPosition({ x: 0, y: 0 });
      setZoom(1);
      setArea(null);
      setCropping({ file: files[0], src: URL.createObjectURL(files[0]) });
      return;
    }
    for (const file of files) {
      if (!(await send(file))) return;
    }
  };

  const closeCrop = () => {
    if (cropping) URL.revokeObjectURL(cropping.src);
    setCropping(null);
  };

  const cropAndUpload = async () => {
    if (!cropping || !area || !crop) return;
    try {
      const { blob, extension } = await cropToBlob(cropping.src, area, crop);
      const file = cropping.file;
      closeCrop();
      await send(file, blob, `${extensionless(file.name)}.${extension}`);
    } catch {
      // lib/crop's reasons are for developers; the reader learns that the crop failed
      closeCrop();
      setError(intl.formatMessage(messages.cropFailed));
    }
  };

  const errorId = `${id}-error`;
  const descriptionId = `${id}-description`;
  return (
    <Stack gap={6}>
      <Input.Wrapper
        label={label}
        labelProps={{ htmlFor: id }}
        description={description}
        descriptionProps={{ id: descriptionId }}
        error={error}
        errorProps={{ id: errorId }}
      >
        <Group gap="sm" mt={4}>
          <input
            ref={input}
            id={id}
            type="file"
            accept={accept.join(",")}
            multiple={multiple}
            disabled={busy}
            aria-invalid={error ? true : undefined}
            aria-describedby={[description ? descriptionId : null, error ? errorId : null].filter(Boolean).join(" ") || undefined}
            onChange={(event) => void picked(event)}
          />
          {busy ? (
            <Text size="sm" c="dimmed" role="status">
              <FormattedMessage {...messages.uploading} />
            </Text>
          ) : null}
        </Group>
      </Input.Wrapper>
      {preview ? (
        <Group gap="sm" align="center">
          <Image src={preview.url} alt={preview.alt} h={80} w="auto" fit="contain" radius="sm" />
          {onRemove ? (
            <Button variant="subtle" color="red" size="xs" onClick={onRemove}>
              {removeLabel ?? intl.formatMessage(messages.remove, { label: inSentence(label, intl.locale) })}
            </Button>
          ) : null}
        </Group>
      ) : null}
      <Modal opened={cropping !== null} onClose={closeCrop} title={intl.formatMessage(messages.cropTitle, { label: inSentence(label, intl.locale) })} centered size="lg">
        {cropping && crop ? (
          <Stack gap="sm">
            <div style={{ position: "relative", height: 320, background: "var(--mantine-color-dark-7)" }}>
              <Cropper
                image={cropping.src}
                crop={position}
                zoom={zoom}
                aspect={crop.aspect}
                onCropChange={setPosition}
                onZoomChange={setZoom}
                onCropComplete={(_, pixels) => setArea(pixels)}
              />
            </div>
            <Input.Wrapper label={intl.formatMessage(messages.zoom)}>
              <Slider
                min={1}
                max={3}
                step={0.05}
                value={zoom}
                onChange={setZoom}
                label={null}
                thumbLabel={intl.formatMessage(messages.zoom)}
              />
            </Input.Wrapper>
            <Group justify="flex-end">
              <Button variant="default" onClick={closeCrop}>
                <FormattedMessage {...messages.cancel} />
              </Button>
              <Button onClick={() => void cropAndUpload()} disabled={!area} loading={busy}>
                <FormattedMessage {...messages.cropAndUpload} />
              </Button>
            </Group>
          </Stack>
        ) : null}
      </Modal>
    </Stack>
  );
}
