"""Match records in the Jellyfish ``.mat`` format that gnubg, eXtreme Gammon and BGBlitz import.

:func:`write_match` writes a match, finished or in progress, exactly as gnubg's ``export match mat``
lays it out (export.c): comment lines ``; [Key "value"]``, `` N point match`` (0 for money play, as
gnubg writes a money session), then for each game `` Game k``, the score line, and one row per pair
of turns with player 0 (the first name) on the left: ``  1) 52: 13/8 13/11            31: 8/5 6/5``.
Moves are single moves in the mover's numbering with ``25`` for the bar and ``0`` for off, hits
marked ``*``; a roll that cannot be played is just ``55:``; cube actions are `` Doubles => 2``,
`` Takes``, `` Drops``; ``Wins N point(s)`` ends a game (after a bear-off, a drop, or an accepted
resignation, which is how gnubg writes a resignation). A declined resignation is not written (the
format has no words for it); a forfeit is written as a resignation of what it cost.

Reading and replaying are :mod:`engine.mat_read`.
"""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from dataclasses import dataclass

from engine.errors import EngineError
from engine.events import Event, EventKind
from engine.scoring import JACOBY_DEFAULT, MAX_CUBE, MatchContext, Outcome, Termination

SITE = "Minigam"


class MatError(EngineError):
    """A .mat text that cannot be read or replayed, or a record that cannot be written; the message
    names the line."""


@dataclass(frozen=True, slots=True)
class GameRecord:
    """One game of a match: its events (``Game.events``), the match as it stood when the game
    began (``Game.match``: target, score, Crawford, Jacoby) and how it ended (``None``: still on)."""

    events: tuple[Event, ...]
    context: MatchContext
    outcome: Outcome | None = None


@dataclass(frozen=True, slots=True)
class MatchRecord:
    """A backgammon match (``target`` 0: a money game) between ``names`` (player 0 first)."""

    names: tuple[str, str]
    target: int
    games: tuple[GameRecord, ...]
    jacoby: bool = JACOBY_DEFAULT
    date: datetime.date | None = None
    site: str = SITE
    comments: tuple[str, ...] = ()

    @property
    def score(self) -> tuple[int, int]:
        """The score after the finished games: the match's, or a money session's total."""
        return self.scores()[-1]

    def scores(self) -> list[tuple[int, int]]:
        """The score before each game and, last, after the finished ones (a money session adds up
        its games; a match's games carry the match score in their contexts)."""
        out = [(0, 0)]
        for game in self.games:
            before = out[-1] if self.target <= 0 else (game.context.score[0], game.context.score[1])
            out[-1] = before
            after = list(before)
            if game.outcome is not None:
                after[game.outcome.winner] += game.outcome.points
                if game.outcome.termination is Termination.FORFEIT and self.target > 0:
                    after[game.outcome.winner] = max(after[game.outcome.winner], self.target)
            out.append((after[0], after[1]))
        return out


def write_match(record: MatchRecord) -> str:
    """The match as gnubg writes a ``.mat`` file (see the module's docstring)."""
    if len(record.names) != 2 or not all(isinstance(n, str) and n.strip() for n in record.names):
        raise MatError(f"a .mat record needs two players' names, not {record.names!r}")
    names = tuple(_clean_name(n) for n in record.names)
    lines = [f'; [Site "{_clean(record.site)}"]']
    lines += [f'; [Player {i + 1} "{names[i]}"]' for i in range(2)]
    if record.date is not None:
        lines.append(f'; [EventDate "{record.date:%Y.%m.%d}"]')
    lines.append('; [Variation "Backgammon"]')
    if record.target > 0:
        lines.append('; [Crawford "On"]')
    else:
        lines.append(f'; [Jacoby "{"On" if record.jacoby else "Off"}"]')
    lines.append(f'; [CubeLimit "{MAX_CUBE}"]')
    lines += [f"; {_clean(c)}" for c in record.comments]
    out = "\n".join(lines) + "\n\n" + f" {max(0, record.target)} point match\n\n"
    for number, (game, score) in enumerate(zip(record.games, record.scores(), strict=False), 1):
        out += _write_game(number, game, names, score)
    return out


def _clean(text: str) -> str:
    return " ".join(str(text).replace('"', "'").split())


def _clean_name(name: str) -> str:
    """A name as a .mat score line can hold it: one line, no colon (the score's separator)."""
    return _clean(name).replace(":", ";")


def _points(n: int) -> str:
    return f"{n} point{'s' if n != 1 else ''}"


def _plain(move: str) -> str:
    """One move in gnubg's plain form: 25 for the bar, 0 for off."""
    return move.replace("bar", "25").replace("off", "0")


def _write_game(number: int, game: GameRecord, names: Sequence[str], score: tuple[int, int]) -> str:
    left = f"{names[0]} : {score[0]}"
    out = [f" Game {number}\n", f" {left:<31}{names[1]} : {score[1]}\n"]
    i = 0
    for kind, player, text, value in _records(game):
        if kind == "move" and i == 0 and player == 1:
            out.append("  1)" + " " * 29)
            i += 1
        if kind == "double":
            text = f" Doubles => {value}"
        elif kind == "take":
            text = " Takes"
        elif kind == "drop":
            gap = "\n      " if i & 1 else " " * 23
            text = f" Drops{gap}Wins {_points(value)}"
        elif kind == "resign":
            # gnubg's layout: the winner's column, after the dice of a roll left unplayed if any
            rolled = bool(i & 1) ^ bool(value < 0)
            points = abs(value)
            if player == 1:
                text = f"{chr(10) if rolled else ''}      Wins {_points(points)}\n"
            else:
                pad = " " if rolled else " " * (24 if i & 1 else 34)
                text = f"{pad}Wins {_points(points)}\n"
        if kind == "rolled":
            out.append(text if i & 1 else f"{(i >> 1) + 1:3d}) {text:<3}")
        elif (i & 1) or kind == "resign":
            out.append(text + "\n")
        else:
            out.append(f"{(i >> 1) + 1:3d}) {text:<27} ")
        if kind == "drop":
            out.append("\n" if i & 1 else "\n\n")
        if kind == "move" and value:
            pad = " " * 34 if i & 1 else "\n      "
            out.append(f"{pad}Wins {_points(value)}\n\n")
        i += 1
    return "".join(out)


def _records(game: GameRecord) -> list[tuple[str, int, str, int]]:
    """The game as gnubg's move records: ``(kind, player, text, value)`` with kind ``move`` (value:
    the points won when it bore the last checker off), ``double`` (the new cube), ``take``,
    ``drop`` (the points), ``rolled`` (dice rolled and left unplayed by a resignation) and
    ``resign`` (the points; negative after ``rolled``)."""
    events = [e for e in game.events if e.kind is not EventKind.OPENING]
    out: list[tuple[str, int, str, int]] = []
    pending_roll: Event | None = _opening_roll(game)
    offer: Event | None = None
    cube = 1
    for event in events:
        match event.kind:
            case EventKind.ROLL:
                pending_roll = event
            case EventKind.PLAY:
                dice = f"{event.dice[0]}{event.dice[1]}: "
                moves = [_plain(m) for m in event.moves]
                text = dice + "".join(m + (" " if k < 3 else "") for k, m in enumerate(moves))
                out.append(("move", event.player, text, 0))
                pending_roll = None
            case EventKind.DOUBLE:
                out.append(("double", event.player, "", event.value))
            case EventKind.TAKE:
                cube = event.value
                out.append(("take", event.player, "", 0))
            case EventKind.DROP:
                out.append(("drop", event.player, "", cube))
            case EventKind.RESIGN:
                offer = event
            case EventKind.REJECT:
                offer = None
            case EventKind.ACCEPT | EventKind.FORFEIT:
                loser = offer.player if event.kind is EventKind.ACCEPT and offer else event.player
                points = game.outcome.points if game.outcome is not None else cube
                if pending_roll is not None and (pending_roll.player == loser or not out):
                    # the dice rolled and left unplayed (always written for a game ended before its first
                    # play, so that the game has its opening roll)
                    roller = pending_roll.player
                    out.append(("rolled", roller, f"{pending_roll.dice[0]}{pending_roll.dice[1]}: ", 0))
                    out.append(("resign", loser, "", -points if roller == loser else points))
                else:
                    out.append(("resign", loser, "", points))
    outcome = game.outcome
    if outcome is not None and outcome.termination is Termination.BORNE_OFF:
        for k in range(len(out) - 1, -1, -1):
            if out[k][0] == "move":
                kind, player, text, _ = out[k]
                out[k] = (kind, player, text, outcome.points)
                break
    return out


def _opening_roll(game: GameRecord) -> Event | None:
    """The opening dice as the roll of the player who starts with them (two players)."""
    rounds = [e.dice for e in game.events if e.kind is EventKind.OPENING]
    if not rounds or len(rounds[-1]) != 2 or rounds[-1][0] == rounds[-1][1]:
        return None
    last = rounds[-1]
    first = 0 if last[0] > last[1] else 1
    return Event(EventKind.ROLL, first, (last[first], last[1 - first]))


__all__ = ["GameRecord", "MatError", "MatchRecord", "write_match"]
