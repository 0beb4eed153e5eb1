"""The digits people may type: ASCII ``0-9`` and their full-width forms ``０-９`` (what a Japanese or
Chinese keyboard gives), nothing else. Python's ``str.isdigit`` and ``int`` accept every script's
digits (``"١٣"`` reads as 13), so text is mapped here first and any other digit is refused."""

from __future__ import annotations

_FULL_WIDTH = str.maketrans("０１２３４５６７８９", "0123456789")


def ascii_digits(text: str) -> tuple[str, str | None]:
    """``text`` with full-width digits made ASCII, and the first other non-ASCII digit or number
    character left in it (``None`` when there is none; then every digit in the text is ``0-9``)."""
    mapped = text.translate(_FULL_WIDTH)
    for c in mapped:
        if not c.isascii() and (c.isdigit() or c.isnumeric()):
            return mapped, c
    return mapped, None
