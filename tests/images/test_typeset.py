"""Lines laid out run by run: a run's width is Pillow's, however many sentences measured it before."""

from __future__ import annotations

import pytest

from images import typeset


def _pillow_width(run: typeset.Run, size: int, bold: bool) -> float:
    font = typeset.face_font(run.face, size, bold, typeset.RAQM)
    return font.getlength(run.text, direction="ltr") if typeset.RAQM else font.getlength(run.text)


@pytest.mark.parametrize(("name", "bold"), [("नमस्ते", False), ("नमस्ते", True), ("山田太郎", False)])
def test_a_name_in_another_script_is_as_wide_as_pillow_says_in_every_sentence(name: str, bold: bool) -> None:
    """The same name in sentence after sentence, at one size then another (as the footer shrinks a
    long sentence to fit): its width at each size, each weight."""
    for turn, size in enumerate((26, 22, 24, 22, 18, 26)):
        line = typeset.layout(f"{name} to play {turn}-{size}", size, bold)
        run = next(r for r in line.runs if r.face != typeset.LATIN)
        assert run.text.strip() == name
        assert run.width == _pillow_width(run, size, bold), (size, bold)
