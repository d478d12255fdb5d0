"""The styles an image upload is rendered into (ADR 0007): a cover crop keeps its style's ratio
and is never upscaled (ADR 0078), so a small picture is not blown up into a big, blurred file."""

from __future__ import annotations

from jobkit.uploads.images import normalized, render_styles
from PIL import Image, ImageDraw


def _picture(width: int, height: int) -> Image.Image:
    image = Image.new("RGB", (width, height), "white")
    ImageDraw.Draw(image).ellipse((width // 8, height // 8, width // 2, height // 2), fill="teal")
    return normalized(image)


def _sizes(width: int, height: int) -> dict[str, tuple[int, int]]:
    return {name: (s.width, s.height) for name, s in render_styles(_picture(width, height)).items()}


def test_a_small_logo_is_cropped_to_each_ratio_at_its_own_size_never_upscaled() -> None:
    assert _sizes(256, 256) == {
        "job_squared_logo_medium": (220, 220),
        "teaser": (256, 128),  # the teaser's 2:1 at the picture's width
        "gallery": (256, 256),
        "thumbnail": (256, 256),
        "original": (256, 256),
    }
    # a narrow picture: the crop's ratio still holds, at the largest box the picture covers
    assert _sizes(300, 100)["teaser"] == (200, 100)
    assert _sizes(300, 100)["thumbnail"] == (100, 100)


def test_a_large_picture_gets_the_styles_full_sizes() -> None:
    assert _sizes(2000, 1500) == {
        "job_squared_logo_medium": (220, 220),
        "teaser": (1000, 500),
        "gallery": (1600, 1200),
        "thumbnail": (320, 320),
        "original": (2000, 1500),
    }
