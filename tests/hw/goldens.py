"""Golden PNGs: made with Pillow 13.0.0; another Pillow may place glyphs a pixel apart, so the
comparisons skip (with the reason) instead of failing there. COMPANION_UPDATE_GOLDEN=1 rewrites
them."""

from __future__ import annotations

import os
from pathlib import Path

import PIL
import pytest
from PIL import Image, ImageChops

GOLDEN = Path(__file__).parent / "golden"
PILLOW = "13.0.0"
UPDATE = os.environ.get("COMPANION_UPDATE_GOLDEN") == "1"


def compare(image: Image.Image, path: Path) -> None:
    """``image`` equals the golden PNG at ``path`` pixel for pixel."""
    if UPDATE:
        path.parent.mkdir(parents=True, exist_ok=True)
        image.save(path)
        return
    if PIL.__version__ != PILLOW:
        pytest.skip(f"golden PNGs were made with Pillow {PILLOW}; this is Pillow {PIL.__version__}")
    if not path.exists():
        pytest.fail(f"no golden frame {path.name}; run with COMPANION_UPDATE_GOLDEN=1")
    with Image.open(path) as golden:
        assert golden.size == image.size
        box = ImageChops.difference(golden.convert("L"), image.convert("L")).getbbox()
        assert box is None, f"{path.name} differs inside {box}"
