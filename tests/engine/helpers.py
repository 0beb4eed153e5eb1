"""Small builders shared by the engine tests."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from engine import Dice, Position


def pos(
    variant: str,
    turn: int = 0,
    points: dict[int, tuple[int, int]] | None = None,
    *,
    bar: Sequence[int] | None = None,
    off: Sequence[int] | None = None,
) -> Position:
    """A position from ``{absolute point: (player, count)}``; checkers missing from board and bar are off."""
    return Position.from_points(variant, turn=turn, points=points or {}, bar=bar, off=off)


def results(position: Position, dice: Sequence[int]) -> set[Position]:
    """The distinct positions the legal plays lead to."""
    return {play.result for play in position.legal_plays(Dice(*dice))}


def assert_plays(position: Position, dice: Sequence[int], expected: Iterable[str]) -> None:
    """The legal plays are exactly ``expected`` (notation, one text per distinct play; ``[]``: pass).

    Each text must be read as a legal play, no two texts may be the same play, and nothing else is legal.
    """
    expected = list(expected)
    plays = position.legal_plays(Dice(*dice))
    if not expected:
        assert len(plays) == 1, [position.format_play(p) for p in plays]
        assert plays[0].moves == ()
        assert plays[0].result == position
        return
    wanted = [position.parse_play(Dice(*dice), text).result for text in expected]
    assert len(set(wanted)) == len(expected), "two of the expected texts are the same play"
    got = {p.result for p in plays}
    extra = [position.format_play(p) for p in plays if p.result not in set(wanted)]
    assert not extra, f"legal but not expected: {extra}"
    assert set(wanted) == got
    assert len(plays) == len(expected)


def count(position: Position, dice: Sequence[int]) -> int:
    """Distinct legal plays (a pass counts as 0)."""
    plays = position.legal_plays(Dice(*dice))
    return 0 if len(plays) == 1 and not plays[0].moves else len(plays)
