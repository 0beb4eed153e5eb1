"""Pinned pictures: the sha256 of each fixed case's PNG. Any change to a picture shows up here.

After an intended change, look at the pictures (``python -m images examples /tmp/boards``) and regenerate:

    UPDATE_IMAGE_HASHES=1 .venv/bin/pytest tests/images/test_hashes.py

Text is drawn by FreeType through Pillow (complex scripts laid out by libraqm when present) and the pixels
compressed by zlib-ng, so the hashes belong to one set of those versions (stored in the file); with another
set the test is skipped rather than failing on a pixel of anti-aliasing or a byte of compression.
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path

import PIL
import pytest
from PIL import features
from zlib_ng import zlib_ng

import images
from tests.images.cases import CASES

HASHES = Path(__file__).with_name("hashes.json")
UPDATE = os.environ.get("UPDATE_IMAGE_HASHES") == "1"


def _toolchain() -> dict[str, str]:
    """What the bytes depend on besides our code: Pillow, FreeType, libraqm's presence (complex text is
    laid out with it), and the zlib-ng that compresses."""
    return {
        "pillow": PIL.__version__,
        "freetype": str(features.version("freetype2")),
        "raqm": str(features.version("raqm")),
        "zlib-ng": zlib_ng.ZLIBNG_VERSION,
    }


def _render(name: str) -> bytes:
    state, options = CASES[name]()
    return images.render(state, **options)


def _digest(name: str) -> str:
    return hashlib.sha256(_render(name)).hexdigest()


def _pinned() -> dict:
    if not HASHES.exists():
        return {"toolchain": {}, "hashes": {}}
    return json.loads(HASHES.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def pinned() -> dict:
    if UPDATE:
        data = {"toolchain": _toolchain(), "hashes": {name: _digest(name) for name in sorted(CASES)}}
        HASHES.write_text(json.dumps(data, indent=2, sort_keys=True) + "\n", encoding="utf-8")
    return _pinned()


@pytest.mark.parametrize("name", sorted(CASES))
def test_picture_matches_its_pinned_hash(name: str, pinned: dict) -> None:
    if pinned["toolchain"] != _toolchain():
        pytest.skip(f"hashes were made with {pinned['toolchain']}, this is {_toolchain()}")
    assert name in pinned["hashes"], "new case: regenerate with UPDATE_IMAGE_HASHES=1"
    assert _digest(name) == pinned["hashes"][name], (
        f"the picture {name!r} changed; if that was intended, look at it and regenerate with "
        "UPDATE_IMAGE_HASHES=1 .venv/bin/pytest tests/images/test_hashes.py"
    )


def test_every_pinned_case_still_exists(pinned: dict) -> None:
    assert set(pinned["hashes"]) == set(CASES)
