"""The knockout bracket picture: its size for 8 and 64 players, every name drawn (cut to fit its card, never
smaller than a phone reads), winners marked, byes and the champion shown, the same bytes every time, and a
clear error for a bracket that cannot be drawn."""

from __future__ import annotations

import pytest
from PIL import Image

from images import DEFAULT_THEME as T
from images import typeset
from images.bracket import (
    CHAMPION,
    SMALL_SIZE,
    BracketError,
    BracketMatch,
    BracketPicture,
    BracketSlot,
    draw_bracket,
    draw_bracket_image,
    round_name,
)
from images.sprites import luminance
from images.typeset import ELLIPSIS
from tests.images.cases import decode

NAMES = ["Alice", "Bob", "山田太郎", "محمد علي", "Eve 🎲", "Ёжик", "नमस्ते", "Frederick the Great of Prussia"]


def standard_order(size: int) -> list[int]:
    seeds = [1]
    while len(seeds) < size:
        seeds = [x for s in seeds for x in (s, 2 * len(seeds) + 1 - s)]
    return seeds


def name_of(seed: int) -> str:
    return f"{NAMES[(seed - 1) % len(NAMES)]} {seed}"


def bracket(players: int, size: int, decided: int, champion: bool = False) -> BracketPicture:
    """A bracket of ``players`` in ``size`` lines, the better seed winning the first ``decided`` rounds
    (a bye always passed at once); the later rounds' lines known only where decided."""
    slots = [
        BracketSlot(name_of(s), s) if s <= players else BracketSlot(bye=True) for s in standard_order(size)
    ]
    rounds = []
    r = 0
    while len(slots) > 1:
        matches, winners = [], []
        for top, bottom in zip(slots[::2], slots[1::2], strict=True):
            if bottom.bye:
                matches.append(BracketMatch(top, bottom, 0))
                winners.append(top)
            elif r < decided and top.seed is not None and bottom.seed is not None:
                w = 0 if top.seed < bottom.seed else 1
                matches.append(BracketMatch(top, bottom, w, "5-3"))
                winners.append((top, bottom)[w])
            else:
                matches.append(BracketMatch(top, bottom))
                winners.append(BracketSlot())
        rounds.append(tuple(matches))
        slots = winners
        r += 1
    return BracketPicture("Club knockout", tuple(rounds), slots[0].name if champion else None)


class Recorder:
    """Keeps the text and size of every line drawn."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.lines: list[typeset.Line] = []
        original = typeset.draw_line

        def draw_line(im, xy, line, fill, anchor="la"):
            self.lines.append(line)
            return original(im, xy, line, fill, anchor)

        monkeypatch.setattr(typeset, "draw_line", draw_line)

    @property
    def texts(self) -> list[str]:
        return [line.text for line in self.lines]


def ink(im: Image.Image, box: tuple[int, int, int, int]) -> int:
    """Pixels of light text (or emoji colour) in ``box``."""
    region = im.crop(box)
    return sum(1 for p in region.get_flattened_data() if luminance(p) > 110 or max(p) - min(p) > 90)


def test_a_bracket_is_a_png_that_is_the_same_every_time() -> None:
    picture = bracket(8, 8, 2, champion=False)
    a, b = draw_bracket(picture), draw_bracket(picture)
    assert a.startswith(b"\x89PNG")
    assert a == b
    im, _ = draw_bracket_image(picture)
    assert decode(a).size == im.size


def test_the_sizes_of_eight_and_sixty_four_players() -> None:
    eight, _ = draw_bracket_image(bracket(8, 8, 0))
    assert eight.size == (730, 382)  # three columns; four cards in round 1
    sixty_four, _ = draw_bracket_image(bracket(64, 64, 0))
    # six columns fit a phone's width when shown at it; 32 cards make it tall
    assert sixty_four.size == (1450, 2342)
    assert len(draw_bracket(bracket(64, 64, 5))) < 200 * 1024


def test_every_name_is_drawn_in_its_line_at_a_size_a_phone_reads(monkeypatch: pytest.MonkeyPatch) -> None:
    picture = bracket(64, 64, 3)
    recorder = Recorder(monkeypatch)
    im, drawn = draw_bracket_image(picture)
    texts = recorder.texts
    for r, matches in enumerate(picture.rounds):
        for match, card in zip(matches, drawn.cards[r], strict=True):
            for slot, box in zip((match.top, match.bottom), card.names, strict=True):
                if slot.name is None:
                    assert ink(im, box) == 0  # not known yet: an empty line
                    continue
                shown = [
                    t
                    for t in texts
                    if t == slot.name or (t.endswith(ELLIPSIS) and slot.name.startswith(t[:-1]))
                ]
                assert shown, slot.name
                assert ink(im, box) > 40, slot.name
    assert min(line.size for line in recorder.lines) >= SMALL_SIZE


def test_a_long_name_is_cut_to_its_card(monkeypatch: pytest.MonkeyPatch) -> None:
    long = "Frederick the Great of Prussia, King of Prussia"
    match = BracketMatch(BracketSlot(long, 1), BracketSlot("Bob", 2), 0, "5-4")
    recorder = Recorder(monkeypatch)
    _, drawn = draw_bracket_image(BracketPicture("Final", ((match,),)))
    (cut,) = [line for line in recorder.lines if line.text.startswith("Frederick")]
    assert cut.text.endswith(ELLIPSIS)
    x0, _, x1, _ = drawn.cards[0][0].names[0]
    assert cut.width <= x1 - x0
    assert "5-4" in recorder.texts


def highlight_at(im: Image.Image, box: tuple[int, int, int, int]) -> bool:
    x0, y0, _, y1 = box
    card_left = x0 - 32  # the mark is at the card's left edge, before the seed
    return any(im.getpixel((x, (y0 + y1) // 2)) == T.highlight for x in range(card_left, card_left + 5))


def test_the_winner_is_marked_and_the_loser_is_not() -> None:
    picture = bracket(8, 8, 1)
    im, drawn = draw_bracket_image(picture)
    for match, card in zip(picture.rounds[0], drawn.cards[0], strict=True):
        assert match.winner is not None
        assert highlight_at(im, card.names[match.winner])
        assert not highlight_at(im, card.names[1 - match.winner])
    for card in drawn.cards[1]:  # not played yet: nobody marked
        assert not any(highlight_at(im, box) for box in card.names)


def test_byes_are_shown_against_the_top_seeds(monkeypatch: pytest.MonkeyPatch) -> None:
    picture = bracket(5, 8, 0)
    recorder = Recorder(monkeypatch)
    im, drawn = draw_bracket_image(picture)
    assert recorder.texts.count("bye") == 3
    for match, card in zip(picture.rounds[0], drawn.cards[0], strict=True):
        if match.bottom.bye:
            assert match.top.seed in (1, 2, 3)
            assert ink(im, card.names[1]) > 20  # the word drawn


def test_the_champion_is_named_under_the_title(monkeypatch: pytest.MonkeyPatch) -> None:
    picture = bracket(8, 8, 3, champion=True)
    assert picture.champion == "Alice 1"
    recorder = Recorder(monkeypatch)
    im, drawn = draw_bracket_image(picture)
    assert CHAMPION in recorder.texts
    assert recorder.texts.count("Alice 1") == 4  # three rounds won, and the champion's line
    assert drawn.champion is not None
    assert ink(im, drawn.champion) > 100
    without, _ = draw_bracket_image(bracket(8, 8, 3))
    assert im.height > without.height


def test_round_names() -> None:
    assert [round_name(i, 6) for i in range(6)] == [
        "Round 1",
        "Round 2",
        "Round 3",
        "Quarter-finals",
        "Semi-finals",
        "Final",
    ]


def test_a_two_player_bracket_is_its_final() -> None:
    match = BracketMatch(BracketSlot("Alice", 1), BracketSlot("Bob", 2))
    im, drawn = draw_bracket_image(BracketPicture("Duel", ((match,),)))
    assert len(drawn.cards) == 1
    assert im.width >= 560


def slot(name: str) -> BracketSlot:
    return BracketSlot(name, 1)


M = BracketMatch(slot("a"), slot("b"))


@pytest.mark.parametrize(
    ("rounds", "words"),
    [
        ((), "at least one round"),
        (((M, M, M), (M,)), "power of two"),
        (((M, M), (M, M)), "half as many"),
        (((M, M),), "ends with its final"),
        ((tuple([M] * 128),), "too big"),
        (((BracketMatch(slot("a"), slot("b"), 2),),), "0 \\(top\\) or 1"),
    ],
)
def test_a_bracket_that_cannot_be_drawn_gets_a_clear_error(rounds, words: str) -> None:
    with pytest.raises(BracketError, match=words):
        draw_bracket(BracketPicture("Bad", rounds))
