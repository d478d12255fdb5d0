import type { Area } from "react-easy-crop";

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error("The image could not be read."));
    image.src = src;
  });
}

/**
 * Draws the cropped pixel area (from react-easy-crop) scaled to at most `size` on a canvas and
 * answers it as WebP, or PNG where the browser cannot encode WebP.
 */
export async function cropToBlob(
  src: string,
  area: Area,
  size: { width: number; height: number },
): Promise<{ blob: Blob; extension: string }> {
  const image = await loadImage(src);
  const scale = Math.min(1, size.width / area.width, size.height / area.height);
  const canvas = document.createElement("canvas");
  canvas.width = Math.max(1, Math.round(area.width * scale));
  canvas.height = Math.max(1, Math.round(area.height * scale));
  const context = canvas.getContext("2d");
  if (!context) throw new Error("The image could not be cropped.");
  context.imageSmoothingQuality = "high";
  context.drawImage(image, area.x, area.y, area.width, area.height, 0, 0, canvas.width, canvas.height);
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/webp", 0.9));
  if (!blob) throw new Error("The image could not be cropped.");
  return { blob, extension: blob.type === "image/webp" ? "webp" : "png" };
}
