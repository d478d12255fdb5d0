"""Logos and covers for demo organizations, drawn with Pillow (no downloads): initials on a
brand colour with a simple shape for logos; layered waves and circles for 1000x500 covers."""

from __future__ import annotations

import io
import math
import random

from PIL import Image, ImageDraw, ImageFilter, ImageFont

FONT_CANDIDATES = (
    "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf",
    "/usr/share/fonts/truetype/liberation/LiberationSans-Bold.ttf",
)


def _font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    for path in FONT_CANDIDATES:
        try:
            return ImageFont.truetype(path, size)
        except OSError:
            continue
    return ImageFont.load_default(size=size)


def _rgb(hex_colour: str) -> tuple[int, int, int]:
    value = hex_colour.lstrip("#")
    return int(value[0:2], 16), int(value[2:4], 16), int(value[4:6], 16)


def _mix(a: tuple[int, int, int], b: tuple[int, int, int], t: float) -> tuple[int, int, int]:
    return tuple(round(x + (y - x) * t) for x, y in zip(a, b, strict=True))  # type: ignore[return-value]


def initials(name: str) -> str:
    words = [
        w
        for w in name.replace("&", " ").split()
        if w[0].isalpha() and w.lower() not in {"of", "the", "and", "for", "in", "de", "la"}
    ]
    return "".join(w[0] for w in words[:2]).upper() or name[:2].upper()


def logo(name: str, colour: str, shape: str, *, size: int = 512) -> bytes:
    """A square logo: a rounded tile in the brand colour, a shape, and the initials."""
    base = _rgb(colour)
    image = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle((0, 0, size - 1, size - 1), radius=size // 6, fill=base)
    light = _mix(base, (255, 255, 255), 0.35)
    if shape == "circle":
        draw.ellipse(
            (size * 0.18, size * 0.18, size * 0.82, size * 0.82), outline=light, width=size // 24
        )
    elif shape == "leaf":
        draw.chord((size * 0.1, size * 0.35, size * 0.9, size * 1.15), 200, 340, fill=light)
    elif shape == "wave":
        for row in range(3):
            y = size * (0.68 + row * 0.08)
            points = [
                (x, y + math.sin(x / size * 2 * math.pi * 1.5) * size * 0.03)
                for x in range(0, size, 8)
            ]
            draw.line(points, fill=light, width=size // 40)
    elif shape == "sun":
        centre = size / 2
        for ray in range(12):
            angle = ray * math.pi / 6
            draw.line(
                (
                    centre + math.cos(angle) * size * 0.3,
                    centre + math.sin(angle) * size * 0.3,
                    centre + math.cos(angle) * size * 0.42,
                    centre + math.sin(angle) * size * 0.42,
                ),
                fill=light,
                width=size // 40,
            )
    else:  # "diamond"
        draw.polygon(
            [
                (size / 2, size * 0.12),
                (size * 0.88, size / 2),
                (size / 2, size * 0.88),
                (size * 0.12, size / 2),
            ],
            outline=light,
            width=size // 28,
        )
    text = initials(name)
    font = _font(int(size * (0.38 if len(text) > 1 else 0.5)))
    box = draw.textbbox((0, 0), text, font=font)
    draw.text(
        ((size - (box[2] - box[0])) / 2 - box[0], (size - (box[3] - box[1])) / 2 - box[1]),
        text,
        font=font,
        fill=(255, 255, 255),
    )
    out = io.BytesIO()
    image.save(out, format="PNG")
    return out.getvalue()


def cover(name: str, colour: str, seed: int, *, width: int = 2000, height: int = 1000) -> bytes:
    """A 2:1 cover: a gradient in the brand colour with soft circles and waves."""
    rng = random.Random(seed)  # noqa: S311 - artwork, not secrets
    base = _rgb(colour)
    dark = _mix(base, (10, 20, 30), 0.45)
    image = Image.new("RGB", (width, height), base)
    draw = ImageDraw.Draw(image)
    for x in range(width):
        draw.line((x, 0, x, height), fill=_mix(dark, base, x / width))
    overlay = Image.new("RGBA", (width, height), (0, 0, 0, 0))
    shapes = ImageDraw.Draw(overlay)
    for _ in range(9):
        radius = rng.randint(height // 8, height // 2)
        cx, cy = rng.randint(0, width), rng.randint(0, height)
        tint = _mix(base, (255, 255, 255), rng.uniform(0.2, 0.6))
        shapes.ellipse(
            (cx - radius, cy - radius, cx + radius, cy + radius), fill=(*tint, rng.randint(35, 90))
        )
    for layer in range(4):
        y0 = height * (0.55 + layer * 0.1)
        amplitude = height * rng.uniform(0.03, 0.08)
        phase = rng.uniform(0, 2 * math.pi)
        points = [
            (x, y0 + math.sin(x / width * 2 * math.pi * (1 + layer * 0.4) + phase) * amplitude)
            for x in range(0, width + 20, 20)
        ]
        shapes.polygon(
            [*points, (width, height), (0, height)],
            fill=(*_mix(base, (255, 255, 255), 0.15 + layer * 0.12), 70),
        )
    image = Image.alpha_composite(
        image.convert("RGBA"), overlay.filter(ImageFilter.GaussianBlur(2))
    )
    out = io.BytesIO()
    image.convert("RGB").save(out, format="JPEG", quality=88)
    return out.getvalue()


def portrait(first: str, last: str, colour: str, *, size: int = 400) -> bytes:
    """A contact person's photo stand-in: initials in a circle."""
    image = Image.new("RGB", (size, size), _mix(_rgb(colour), (255, 255, 255), 0.75))
    draw = ImageDraw.Draw(image)
    draw.ellipse((size * 0.05, size * 0.05, size * 0.95, size * 0.95), fill=_rgb(colour))
    text = (first[:1] + last[:1]).upper()
    font = _font(size // 3)
    box = draw.textbbox((0, 0), text, font=font)
    draw.text(
        ((size - (box[2] - box[0])) / 2 - box[0], (size - (box[3] - box[1])) / 2 - box[1]),
        text,
        font=font,
        fill=(255, 255, 255),
    )
    out = io.BytesIO()
    image.save(out, format="PNG")
    return out.getvalue()


SCENES = ("coast", "hills", "city")
SCENE_ALT = {
    "coast": "the coast at sunrise, where our teams work",
    "hills": "the hills around our field sites",
    "city": "the city at dusk, seen from our office",
}


def _sky(draw: ImageDraw.ImageDraw, width: int, horizon: int, top: tuple[int, int, int],
         low: tuple[int, int, int]) -> None:  # fmt: skip
    for y in range(horizon):
        draw.line((0, y, width, y), fill=_mix(top, low, y / max(1, horizon)))


def _ridge(
    rng: random.Random, width: int, base: float, amplitude: float
) -> list[tuple[float, float]]:
    phases = [rng.uniform(0, 2 * math.pi) for _ in range(3)]
    return [
        (x, base - amplitude * (math.sin(x / width * 3.1 + phases[0]) * 0.6
                                + math.sin(x / width * 7.3 + phases[1]) * 0.3
                                + math.sin(x / width * 17.0 + phases[2]) * 0.1))
        for x in range(0, width + 16, 16)
    ]  # fmt: skip


def scene(kind: str, colour: str, seed: int, *, width: int = 1200, height: int = 800) -> bytes:
    """A gallery picture that reads as a place rather than a pattern: a coast at sunrise, hills
    with trees, or a city at dusk with lit windows, tinted with the organization's colour."""
    rng = random.Random(seed)  # noqa: S311 - artwork, not secrets
    brand = _rgb(colour)
    image = Image.new("RGB", (width, height))
    draw = ImageDraw.Draw(image)
    horizon = int(height * rng.uniform(0.5, 0.62))
    if kind == "coast":
        _sky(draw, width, horizon, (120, 170, 220), (255, 214, 170))
        sun_x, sun_r = rng.randint(width // 4, 3 * width // 4), height // 10
        draw.ellipse((sun_x - sun_r, horizon - sun_r * 1.4, sun_x + sun_r, horizon + sun_r * 0.6),
                     fill=(255, 236, 190))  # fmt: skip
        for y in range(horizon, height):
            depth = (y - horizon) / (height - horizon)
            draw.line(
                (0, y, width, y), fill=_mix((70, 120, 160), _mix(brand, (20, 50, 80), 0.5), depth)
            )
        for _ in range(40):  # glints and wave crests
            y = rng.randint(horizon + 4, height - 60)
            x = rng.randint(0, width)
            length = rng.randint(20, 90) * (1 + (y - horizon) / height)
            draw.line((x, y, x + length, y), fill=(210, 230, 240), width=2)
        sand = _ridge(rng, width, height * 0.93, height * 0.05)
        draw.polygon([*sand, (width, height), (0, height)], fill=(226, 205, 160))
    elif kind == "hills":
        _sky(draw, width, height, (150, 195, 235), (235, 240, 225))
        for layer, shade in enumerate((0.55, 0.35, 0.15)):
            ridge = _ridge(
                rng, width, horizon + layer * height * 0.12, height * (0.12 - layer * 0.02)
            )
            green = _mix(_mix((70, 130, 80), brand, 0.25), (200, 220, 230), shade)
            draw.polygon([*ridge, (width, height), (0, height)], fill=green)
        for _ in range(14):  # trees on the nearest hill
            x, y = rng.randint(0, width), rng.randint(int(height * 0.78), height - 20)
            tall = rng.randint(40, 90)
            draw.rectangle((x - 3, y - tall * 0.3, x + 3, y), fill=(90, 70, 50))
            draw.polygon([(x - tall * 0.3, y - tall * 0.25), (x + tall * 0.3, y - tall * 0.25),
                          (x, y - tall)], fill=(40, 95, 60))  # fmt: skip
    else:  # city
        _sky(draw, width, height, _mix(brand, (25, 30, 60), 0.6), (250, 170, 120))
        x = 0
        while x < width:
            wide, tall = rng.randint(60, 140), rng.randint(height // 5, int(height * 0.7))
            top = height - tall
            draw.rectangle((x, top, x + wide, height), fill=_mix((35, 40, 60), brand, 0.15))
            for wy in range(top + 14, height - 10, 26):
                for wx in range(x + 10, x + wide - 14, 20):
                    if rng.random() < 0.45:
                        draw.rectangle((wx, wy, wx + 9, wy + 13), fill=(255, 215, 130))
            x += wide + rng.randint(2, 10)
    image = image.filter(ImageFilter.GaussianBlur(0.8))
    out = io.BytesIO()
    image.save(out, format="JPEG", quality=86)
    return out.getvalue()
