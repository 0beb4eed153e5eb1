"""Clusters, taming and shaping as sentences of ours meet names in any script: the ASCII of a sentence
takes a short way, and must come out as the long way gives."""

from __future__ import annotations

import pytest

from images.characters import MAX_MARKS, clusters, needs_shaping, tame


def test_ascii_is_one_cluster_a_character() -> None:
    assert clusters("Bob played 6-4: 24/18*") == list("Bob played 6-4: 24/18*")


def test_ascii_after_a_joiner_belongs_to_the_character_before() -> None:
    assert clusters("x\u200db c") == ["x\u200db", " ", "c"]
    assert clusters("🏳\ufe0f\u200d🌈 to play") == ["🏳\ufe0f\u200d🌈", *" to play"]


def test_ascii_keeps_a_mark_after_it() -> None:
    assert clusters("Zoe\u0308 1\ufe0f\u20e3") == ["Z", "o", "e\u0308", " ", "1\ufe0f\u20e3"]


def test_taming_keeps_ascii_and_drops_direction_controls_and_towers_of_marks() -> None:
    assert tame("a") == "a"
    assert tame("\u202e") == ""
    assert tame("a\u202e") == "a"
    assert tame("e" + "\u0301" * (MAX_MARKS + 3)) == "e" + "\u0301" * MAX_MARKS


@pytest.mark.parametrize(
    ("text", "shaped"),
    [
        ("", False),
        ("Bob to play 6-4", False),
        ("Zoë Ωμέγα Жанна", False),  # Latin, Greek, Cyrillic: below Hebrew
        ("\u058f", False),
        ("\u0590", True),
        ("Bob and מרים", True),
        ("محمد", True),
        ("नमस्ते", True),
        ("Cleo 🦊", True),
    ],
)
def test_text_needs_shaping_from_hebrew_on(text: str, shaped: bool) -> None:
    assert needs_shaping(text) is shaped
