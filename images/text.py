"""A compact monospace board, plain ASCII: for terminals (the local console) and as alt text."""

from __future__ import annotations

from collections.abc import Sequence

from engine import Game, Position
from images.layout import BG, SIX4, point_number
from images.scene import Scene, build_scene

SYMBOLS_TWO = ("X", "O")
SYMBOLS_FOUR = ("A", "B", "C", "D")


def render_text(
    state: Game | Position,
    names: Sequence[str] | None = None,
    *,
    score: Sequence[int] | None = None,
    footer: str | Sequence[str] | None = None,
    perspective: int | None = None,
) -> str:
    """The board of ``state`` as a few lines of text: the points with ``X3`` (player X, 3 checkers), each
    player's bar, borne-off count and pips, whose turn it is and the last play.

    ``X``/``O`` are players 0 and 1 (``A``-``D`` in multigam); point numbers are RULES.md's (for
    backgammon, the own numbers of the player it is for, laid out like the picture). ``score``,
    ``footer`` and ``perspective`` as for :func:`images.render` (the footer's lines end the text).
    """
    scene = build_scene(state, names=names, perspective=perspective, score=score, footer=footer)
    symbols = SYMBOLS_FOUR if scene.players > 2 else SYMBOLS_TWO
    lines = [_headline(scene)]
    if scene.kind == BG:
        lines.extend(_bg_rows(scene, symbols))
    else:
        lines.extend(_six_rows(scene, symbols))
    lines.extend(_player_lines(scene, symbols))
    if scene.kind == SIX4:
        lines.append("  everyone moves 1 -> 6")
    if scene.last_text:
        lines.append(f"  {scene.last_text}")
    lines.extend(f"  {note}" for note in scene.notes)
    return "\n".join(lines)


def _headline(scene: Scene) -> str:
    parts = [scene.position.variant.title, scene.status]
    if scene.match_info:
        parts.append(scene.match_info)
    if scene.has_cube and not scene.crawford:
        owner = "centred" if scene.cube_owner is None else scene.names[scene.cube_owner]
        parts.append(f"cube {scene.cube} ({owner})")
    return " | ".join(parts)


def _cell(scene: Scene, point: int, symbols: Sequence[str], width: int = 4) -> str:
    here = scene.position.point(point)
    text = "." if here is None else f"{symbols[here[0]]}{here[1]}"
    return text.rjust(width)


def _six_rows(scene: Scene, symbols: Sequence[str]) -> list[str]:
    numbers = "".join(str(p).rjust(4) for p in range(1, 7))
    cells = "".join(_cell(scene, p, symbols) for p in range(1, 7))
    return [f"  point{numbers}", f"       {cells}"]


def _bg_rows(scene: Scene, symbols: Sequence[str]) -> list[str]:
    bottom = scene.perspective

    def absolute(own: int) -> int:
        """The absolute point that the bottom player numbers ``own``."""
        return 25 - own if bottom == 0 else own

    def label(point: int) -> str:
        return str(point_number(BG, bottom, point))

    top_points = [absolute(n) for n in range(13, 25)]
    bottom_points = [absolute(n) for n in range(12, 0, -1)]

    def row(points: list[int], text) -> str:
        left = "".join(text(p) for p in points[:6])
        right = "".join(text(p) for p in points[6:])
        return f"  {left} |{right}"

    return [
        row(top_points, lambda p: label(p).rjust(4)),
        row(top_points, lambda p: _cell(scene, p, symbols)),
        row(bottom_points, lambda p: _cell(scene, p, symbols)),
        row(bottom_points, lambda p: label(p).rjust(4)),
    ]


def _player_lines(scene: Scene, symbols: Sequence[str]) -> list[str]:
    pos = scene.position
    width = max(len(n) for n in scene.names)
    out = []
    for p in range(scene.players):
        parts = [f"bar {pos.bar[p]}", f"off {pos.off[p]}"]
        place = scene.places[p]
        if place is not None:
            parts.append(place if scene.left[p] is None else f"{place} ({scene.left[p]})")
        else:
            parts.append(f"pips {pos.pip_count(p)}")
        if scene.match_target > 0 and scene.players == 2:
            parts.append(f"score {scene.match_score[p]}/{scene.match_target}")
        if scene.kind != BG and scene.players == 2:
            parts.append("moves 1 -> 6" if p == 0 else "moves 6 -> 1")
        badge = scene.badges[p]
        if badge:
            parts.append(f"<- {badge}")
        out.append(f"  {symbols[p]} {scene.names[p].ljust(width)}  " + "  ".join(parts))
    return out
