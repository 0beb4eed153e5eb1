"""Characters as people see them: clusters (a letter with its marks, a whole emoji sequence), which
want an emoji font, which way a text runs, and what a name may not carry (direction overrides, towers
of combining marks)."""

from __future__ import annotations

import unicodedata

# Emoji drawn as emoji without a variation selector (Unicode's Emoji_Presentation), below U+1F000.
_EMOJI_BMP = (
    (0x231A, 0x231B), (0x23E9, 0x23EC), (0x23F0, 0x23F0), (0x23F3, 0x23F3), (0x25FD, 0x25FE),
    (0x2614, 0x2615), (0x2648, 0x2653), (0x267F, 0x267F), (0x2693, 0x2693), (0x26A1, 0x26A1),
    (0x26AA, 0x26AB), (0x26BD, 0x26BE), (0x26C4, 0x26C5), (0x26CE, 0x26CE), (0x26D4, 0x26D4),
    (0x26EA, 0x26EA), (0x26F2, 0x26F3), (0x26F5, 0x26F5), (0x26FA, 0x26FA), (0x26FD, 0x26FD),
    (0x2705, 0x2705), (0x270A, 0x270B), (0x2728, 0x2728), (0x274C, 0x274C), (0x274E, 0x274E),
    (0x2753, 0x2755), (0x2757, 0x2757), (0x2795, 0x2797), (0x27B0, 0x27B0), (0x27BF, 0x27BF),
    (0x2B1B, 0x2B1C), (0x2B50, 0x2B50), (0x2B55, 0x2B55),
)  # fmt: skip
_ZWJ = "\u200d"
_VS_TEXT, _VS_EMOJI = "\ufe0e", "\ufe0f"
_KEYCAP = "\u20e3"


def _is_regional(c: str) -> bool:
    return 0x1F1E6 <= ord(c) <= 0x1F1FF


def _extends(c: str) -> bool:
    """Characters that belong to the character before them: marks, joiners, selectors, skin tones, tags."""
    o = ord(c)
    return (
        unicodedata.category(c) in ("Mn", "Mc", "Me")
        or c in (_ZWJ, "\u200c")
        or 0xFE00 <= o <= 0xFE0F
        or 0xE0100 <= o <= 0xE01EF
        or 0x1F3FB <= o <= 0x1F3FF
        or 0xE0020 <= o <= 0xE007F
    )


def clusters(text: str) -> list[str]:
    """``text`` cut into user-perceived characters: a letter with its marks, a whole emoji sequence
    (``👨‍👩‍👧``, ``👍🏽``, ``🇯🇵``, ``1️⃣``). Never cut inside one when shortening a name."""
    out: list[str] = []
    for c in text:
        if c < "\x80":  # ASCII (most of a sentence): belongs to the character before only after a joiner
            if out and out[-1].endswith(_ZWJ):
                out[-1] += c
            else:
                out.append(c)
        elif out and (
            _extends(c)
            or out[-1].endswith(_ZWJ)
            or (_is_regional(c) and _is_regional(out[-1][-1]) and len(out[-1]) % 2 == 1)
        ):
            out[-1] += c
        else:
            out.append(c)
    return out


def wants_emoji(cluster: str) -> bool:
    if _VS_TEXT in cluster:
        return False
    if _VS_EMOJI in cluster or _KEYCAP in cluster or (len(cluster) > 1 and _ZWJ in cluster):
        return True
    o = ord(cluster[0])
    return o >= 0x1F000 or any(a <= o <= b for a, b in _EMOJI_BMP)


def base_rtl(text: str) -> bool:
    """Is ``text`` a right-to-left paragraph (its first strong character right-to-left)?"""
    for c in text:
        kind = unicodedata.bidirectional(c)
        if kind in ("R", "AL"):
            return True
        if kind == "L":
            return False
    return False


def needs_shaping(text: str) -> bool:
    """Does ``text`` hold a character from Hebrew (U+0590) on?"""
    return max(text, default="") >= "\u0590"


MAX_MARKS = 4  # combining marks kept on one letter: enough for any language, not for "Zalgo" towers
_BIDI_CONTROLS = frozenset(
    {"LRE", "RLE", "LRO", "RLO", "PDF", "LRI", "RLI", "FSI", "PDI", "LRM", "RLM", "ALM"}
)


def tame(cluster: str) -> str:
    """``cluster`` without explicit direction controls (a name must not turn our sentence round) and
    with at most :data:`MAX_MARKS` combining marks (a tower of marks would cover the board)."""
    if cluster.isascii():
        return cluster
    out, marks = [], 0
    for c in cluster:
        if unicodedata.bidirectional(c) in _BIDI_CONTROLS:
            continue
        if unicodedata.category(c) in ("Mn", "Me"):
            marks += 1
            if marks > MAX_MARKS:
                continue
        out.append(c)
    return "".join(out)
