"""One display name per variant, everywhere people read it: the bot's texts, the pictures, the rules page and
the README use :attr:`engine.Variant.title`, never a name of their own."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from engine import VARIANTS

ROOT = Path(__file__).resolve().parent.parent

DRIFT = re.compile(
    r"Mini-Gam|Multi-Gam|Minigam \((full entry|strict)\)|Backgammon \(Mulligan\)", re.IGNORECASE
)
"""The names that drifted before there was one."""


def read_by_people() -> list[Path]:
    """What people read: the README, the rules page, and the code that writes texts and pictures."""
    files = [ROOT / "README.md", ROOT / "docs" / "RULES.md"]
    for package in ("bot", "images", "engine"):
        files += sorted((ROOT / package).rglob("*.py"))
    return files


@pytest.mark.parametrize("path", read_by_people(), ids=lambda p: str(p.relative_to(ROOT)))
def test_no_other_name_for_a_variant(path: Path) -> None:
    found = DRIFT.search(path.read_text(encoding="utf-8"))

    assert found is None, f"{found.group(0)!r} in {path.relative_to(ROOT)}"


@pytest.mark.parametrize("page", ["README.md", "docs/RULES.md"])
def test_the_pages_name_every_variant_by_its_title_with_its_id(page: str) -> None:
    text = (ROOT / page).read_text(encoding="utf-8")

    for v in VARIANTS.values():
        assert f"{v.title} (`{v.name}`)" in text, v.name
