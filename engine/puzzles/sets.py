"""Puzzle sets: the files that hold a family's puzzles, and the sets shipped with the package.

A set file (``engine/puzzles/sets/<family>.json`` for the shipped ones) is one JSON object:
``format`` (:data:`SET_FORMAT`), ``family``, ``seed`` and ``games`` (the self-play games of that seed
played so far: the command that makes the set goes on from there), ``margin`` (the least lead of the
best answer kept) and ``puzzles`` (:meth:`Puzzle.to_json` each, one a line, so a change reads well in
a diff). Reading is strict (:class:`~engine.puzzles.model.PuzzleDataError`), and a set holds each
puzzle once.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from engine.jsonread import read_int, read_list, read_object, read_str
from engine.puzzles.model import FAMILIES, Family, Puzzle, PuzzleDataError, find_family, strictly

SET_FORMAT = 1
SETS_DIR = Path(__file__).resolve().parent / "sets"
MAX_PUZZLES = 1_000_000


@dataclass(frozen=True, slots=True)
class PuzzleSet:
    """A family's puzzles, made from self-play games ``0 .. games - 1`` of ``seed``."""

    family: Family
    seed: int
    games: int
    puzzles: tuple[Puzzle, ...]

    def to_text(self) -> str:
        head = {
            "format": SET_FORMAT,
            "family": self.family.name,
            "seed": self.seed,
            "games": self.games,
            "margin": self.family.margin,
        }
        lines = [json.dumps(p.to_json(), separators=(",", ":")) for p in self.puzzles]
        body = ",\n".join(lines)
        return json.dumps(head)[:-1] + ', "puzzles": [\n' + body + "\n]}\n"

    @classmethod
    def from_json(cls, data: object) -> PuzzleSet:
        """Read a set file's JSON; anything else raises :class:`PuzzleDataError`."""
        return strictly(cls._from_json, data)

    @classmethod
    def _from_json(cls, data: object) -> PuzzleSet:
        keys = ("format", "family", "seed", "games", "margin", "puzzles")
        data = read_object(data, "a puzzle set", keys, keys[1:], version=SET_FORMAT)
        family = find_family(read_str(data["family"], "a puzzle set's family", 40))
        raw = read_list(data["puzzles"], "a puzzle set's puzzles", MAX_PUZZLES)
        puzzles = tuple(Puzzle.from_json(p) for p in raw)
        ids = set()
        for p in puzzles:
            if p.family is not family:
                raise PuzzleDataError(f"a {family.name} set holds puzzle {p.id!r} of {p.family.name}")
            if p.id in ids:
                raise PuzzleDataError(f"a {family.name} set holds puzzle {p.id!r} twice")
            ids.add(p.id)
        seed = read_int(data["seed"], "a puzzle set's seed", 0, 2**63)
        games = read_int(data["games"], "a puzzle set's games", 0, 2**63)
        return cls(family, seed, games, puzzles)


def read_set(path: str | Path) -> PuzzleSet:
    """The set in the file at ``path`` (:class:`PuzzleDataError` if it is not one)."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise PuzzleDataError(f"{path} is not a puzzle set: {exc}") from None
    return PuzzleSet.from_json(data)


def write_set(path: str | Path, puzzle_set: PuzzleSet) -> None:
    """Write ``puzzle_set`` to ``path`` at once (a new file moved over the old: never half written)."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    scratch = path.with_name(path.name + ".partial")
    scratch.write_text(puzzle_set.to_text(), encoding="utf-8")
    os.replace(scratch, path)


def shipped_path(family: str | Family) -> Path:
    return SETS_DIR / f"{find_family(family).name}.json"


def shipped(family: str | Family) -> PuzzleSet:
    """The set of ``family`` shipped with the package, read once per process (an empty set if none
    is shipped)."""
    return _shipped(find_family(family))


@cache
def _shipped(fam: Family) -> PuzzleSet:
    path = shipped_path(fam)
    if not path.exists():
        return PuzzleSet(fam, 0, 0, ())
    return read_set(path)


@cache
def shipped_by_id() -> dict[str, Puzzle]:
    """Every shipped puzzle of every family by its id (how the bot finds a puzzle it stored)."""
    return {p.id: p for family in FAMILIES for p in shipped(family).puzzles}
