"""Images re-encoded into named styles: metadata stripped, EXIF orientation applied, WebP out.

Every style is a new image built from decoded pixels (never the uploaded bytes), saved as WebP
(lossy, quality 85; WebP keeps an alpha channel, so transparent logos stay transparent) with no
EXIF, XMP or ICC profile (colours are converted to sRGB first when the file had a profile).
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from enum import StrEnum

from PIL import Image, ImageCms, ImageOps

OUTPUT_MEDIA_TYPE = "image/webp"
OUTPUT_EXTENSION = "webp"
WEBP_QUALITY = 85
ORIGINAL_MAX_SIDE = 2560


class Fit(StrEnum):
    COVER = "cover"  # fill the box, cropping what overflows (centred)
    CONTAIN = "contain"  # the whole image inside the box, never upscaled
    PAD = "pad"  # the whole image scaled to the box, centred on a box-sized canvas


@dataclass(frozen=True)
class ImageStyle:
    name: str
    width: int
    height: int
    fit: Fit


ORIGINAL = "original"
STYLES: tuple[ImageStyle, ...] = (
    # Logos are never cropped: scaled into the square, on a transparent (or white) canvas.
    ImageStyle("job_squared_logo_medium", 220, 220, Fit.PAD),
    # The spec's teaser ratio, 2:1.
    ImageStyle("teaser", 1000, 500, Fit.COVER),
    ImageStyle("gallery", 1600, 1200, Fit.CONTAIN),
    ImageStyle("thumbnail", 320, 320, Fit.COVER),
    ImageStyle(ORIGINAL, ORIGINAL_MAX_SIDE, ORIGINAL_MAX_SIDE, Fit.CONTAIN),
)


@dataclass(frozen=True)
class RenderedStyle:
    data: bytes
    width: int
    height: int
    media_type: str = OUTPUT_MEDIA_TYPE


def normalized(image: Image.Image) -> Image.Image:
    """Upright, sRGB, RGB or RGBA pixels with no metadata left on the object."""
    image = ImageOps.exif_transpose(image) or image
    image = _to_srgb(image)
    has_alpha = image.mode in ("RGBA", "LA", "PA") or (
        image.mode == "P" and "transparency" in image.info
    )
    if image.mode in ("I", "I;16", "I;16B", "I;16L", "F"):
        image = image.convert("I").point(lambda value: value / 256).convert("L")
    image = image.convert("RGBA" if has_alpha else "RGB")
    if has_alpha and image.getchannel("A").getextrema() == (255, 255):  # fully opaque alpha
        image = image.convert("RGB")
    # A fresh image from the pixels alone: no info dict (EXIF, XMP, ICC, comments) carried along.
    return Image.frombytes(image.mode, image.size, image.tobytes())


def _to_srgb(image: Image.Image) -> Image.Image:
    profile = image.info.get("icc_profile")
    if not profile or image.mode not in ("RGB", "RGBA", "CMYK", "L"):
        return image
    try:
        source = ImageCms.ImageCmsProfile(io.BytesIO(profile))
        srgb = ImageCms.createProfile("sRGB")
        output = "RGBA" if image.mode == "RGBA" else "RGB"
        converted = ImageCms.profileToProfile(image, source, srgb, outputMode=output)
    except (ImageCms.PyCMSError, OSError, ValueError):
        return image  # a broken profile: keep the pixels as they are
    return converted if converted is not None else image


def _within(box: tuple[int, int], size: tuple[int, int]) -> tuple[int, int]:
    """A cover crop's box, scaled down (its ratio kept) until the image covers it: a crop is
    never upscaled (ADR 0078; the browser scales a small one as well, for no bytes or CPU)."""
    scale = min(1.0, size[0] / box[0], size[1] / box[1])
    return (max(1, round(box[0] * scale)), max(1, round(box[1] * scale)))


def render(image: Image.Image, style: ImageStyle) -> RenderedStyle:
    """One style of a :func:`normalized` image, encoded."""
    box = (style.width, style.height)
    if style.fit is Fit.COVER:
        out = ImageOps.fit(image, _within(box, image.size), method=Image.Resampling.LANCZOS)
    elif style.fit is Fit.CONTAIN:
        out = image.copy()
        out.thumbnail(box, Image.Resampling.LANCZOS, 2.0)
    else:
        inner = ImageOps.contain(image, box, method=Image.Resampling.LANCZOS)
        background = (0, 0, 0, 0) if image.mode == "RGBA" else (255, 255, 255)
        out = Image.new(image.mode, box, background)
        out.paste(inner, ((box[0] - inner.width) // 2, (box[1] - inner.height) // 2))
    buffer = io.BytesIO()
    out.save(buffer, format="WEBP", quality=WEBP_QUALITY, method=4, exif=b"", xmp=b"")
    return RenderedStyle(data=buffer.getvalue(), width=out.width, height=out.height)


def render_styles(image: Image.Image) -> dict[str, RenderedStyle]:
    upright = normalized(image)
    # Every style is at most the original's size: scale once (reducing first, fast), derive the
    # rest from that.
    upright.thumbnail((ORIGINAL_MAX_SIDE, ORIGINAL_MAX_SIDE), Image.Resampling.LANCZOS, 2.0)
    return {style.name: render(upright, style) for style in STYLES}
