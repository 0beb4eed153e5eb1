"""Reading Jellyfish ``.mat`` match records (ours, gnubg's, XG's) and replaying them through the engine.

:func:`read_match` parses the text into actions per game and replays every one through
:class:`~engine.game.Game` and :class:`~engine.match.Match`: each play is read with the engine's
notation (``13/8 8/5``, ``25/20``, ``6/0``, ``8/5(2)``, the short forms) and must be legal, every
cube action must be allowed, and each game's score line must be the score the games before it led
to. Anything else raises :class:`~engine.mat.MatError` naming the line. A row is
``N) <left> <right>``: player 0's action on the left, player 1's on the right; a ``Wins`` line is
read by its column (a game still being played when it comes is a resignation of that much).
"""

from __future__ import annotations

import datetime
import re
from dataclasses import dataclass, replace

from engine.dice import ScriptedDice
from engine.errors import EngineError
from engine.game import Awaiting, Game
from engine.mat import GameRecord, MatchRecord, MatError
from engine.match import Match
from engine.scoring import JACOBY_DEFAULT, MAX_MATCH_POINTS

_HEADER = re.compile(r"^\s*(\d+)\s+point\s+match\s*$", re.IGNORECASE)
_GAME = re.compile(r"^\s*Game\s+(\d+)\s*$", re.IGNORECASE)
_SCORE = re.compile(r"^\s*(?P<a>.+?)\s*:\s*(?P<sa>\d+)\s+(?P<b>.+?)\s*:\s*(?P<sb>\d+)\s*$")
_TAG = re.compile(r'^\[(?P<key>[A-Za-z][A-Za-z0-9 ]*?)\s+"(?P<value>[^"]*)"\]$')
_ROW = re.compile(r"^\s*\d+\)")
_DICE = re.compile(r"^[1-6][1-6]:$")
_RIGHT_COLUMN = 20
"""A lone action starting this far into its line is in the right column (gnubg: 33 and 34, XG
about 38; the left column starts at 5 or 6)."""


@dataclass(frozen=True, slots=True)
class _Action:
    line: int
    side: int
    kind: str  # "move", "double", "take", "drop", "wins"
    dice: tuple[int, int] | None = None
    moves: str = ""
    value: int = 0


def read_match(text: str) -> MatchRecord:
    """The match a ``.mat`` text records, replayed through the engine (see the module's docstring)."""
    if not isinstance(text, str):
        raise MatError("a .mat record is text")
    lines = text.lstrip("\ufeff").splitlines()
    tags: dict[str, str] = {}
    comments: list[str] = []
    target = None
    k = 0
    while k < len(lines) and target is None:
        line = lines[k].strip()
        k += 1
        if line.startswith((";", "#")):
            body = line[1:].strip()
            tag = _TAG.match(body)
            if tag:
                tags[tag["key"].strip().lower()] = tag["value"]
            elif body:
                comments.append(body)
        elif line:
            header = _HEADER.match(line)
            if not header:
                raise MatError(f"line {k}: expected ' N point match', not {line[:60]!r}")
            target = int(header[1])
    if target is None:
        raise MatError("not a .mat record: no ' N point match' line")
    if target > MAX_MATCH_POINTS:
        raise MatError(f"a match to {target} points is longer than the {MAX_MATCH_POINTS} played here")
    jacoby = tags.get("jacoby", "on" if JACOBY_DEFAULT else "off").strip().lower() != "off"
    games_text = _split_games(lines, k)
    if not games_text:
        raise MatError("the record has no ' Game 1'")
    names: tuple[str, str] | None = None
    match = Match.new("backgammon", target, jacoby=jacoby)
    games: list[GameRecord] = []
    session = [0, 0]  # money play: the session's total over its games
    for number, (start, score_line, rows) in enumerate(games_text, 1):
        if target == 0:
            match = Match.new("backgammon", 0, jacoby=jacoby)
        if match.is_over:
            raise MatError(f"line {start}: Game {number} comes after the match is over")
        found = _SCORE.match(score_line[1])
        if not found:
            raise MatError(f"line {score_line[0]}: expected 'name : score   name : score'")
        these = (found["a"].strip(), found["b"].strip())
        names = names or these
        if these != names:
            raise MatError(f"line {score_line[0]}: the players are {names}, not {these}")
        score = (int(found["sa"]), int(found["sb"]))
        expected = tuple(session) if target == 0 else match.score
        if score != expected:
            raise MatError(
                f"line {score_line[0]}: the score is {score[0]}-{score[1]}, but the games before "
                f"make it {expected[0]}-{expected[1]}"
            )
        game = _replay_game(match, _actions(rows), start)
        games.append(GameRecord(game.events, game.match, game.outcome))
        if game.outcome is None:
            if number != len(games_text):
                raise MatError(f"line {start}: Game {number} does not end, yet another game follows")
            break
        match = match.record(game.outcome)
        session[game.outcome.winner] += game.outcome.points
    date = _date(tags.get("eventdate", ""))
    assert names is not None
    site = tags.get("site", "")
    return MatchRecord(names, target, tuple(games), jacoby, date, site, tuple(comments))


def replay_match(record: MatchRecord) -> tuple[Match, tuple[Game, ...]]:
    """The match and its games rebuilt from a record's events (every action checked again)."""
    from engine.replay import replay

    match = Match.new("backgammon", record.target, jacoby=record.jacoby)
    games = []
    for game_record in record.games:
        if record.target == 0:  # each game of a money session is a money game of its own
            match = Match.new("backgammon", 0, jacoby=record.jacoby)
        game = replay("backgammon", game_record.events, match.next_context())
        games.append(game)
        if game.outcome is not None:
            match = match.record(game.outcome)
    return match, tuple(games)


def _date(text: str) -> datetime.date | None:
    try:
        year, month, day = (int(x) for x in text.strip().split("."))
        return datetime.date(year, month, day)
    except ValueError:
        return None


def _split_games(lines: list[str], k: int) -> list[tuple[int, tuple[int, str], list[tuple[int, str]]]]:
    """``(line of ' Game k', (line, score line), [(line, row), ...])`` for each game."""
    games = []
    while k < len(lines):
        line = lines[k]
        k += 1
        if not line.strip() or line.strip().startswith((";", "#")):
            continue
        if not _GAME.match(line):
            raise MatError(f"line {k}: expected ' Game {len(games) + 1}', not {line.strip()[:60]!r}")
        start = k
        while k < len(lines) and not lines[k].strip():
            k += 1
        if k >= len(lines):
            raise MatError(f"line {start}: the game has no score line")
        score_line = (k + 1, lines[k])
        k += 1
        rows = []
        while k < len(lines) and not _GAME.match(lines[k]):
            if lines[k].strip():
                rows.append((k + 1, lines[k]))
            k += 1
        games.append((start, score_line, rows))
    return games


def _actions(rows: list[tuple[int, str]]) -> list[_Action]:
    out: list[_Action] = []
    for number, raw in rows:
        line = raw.rstrip()
        body = _ROW.sub(lambda m: " " * len(m.group(0)), line, count=1)
        found = _chunks(number, body)
        if len(found) > 2:
            raise MatError(f"line {number}: more than two actions in one row: {line.strip()!r}")
        for index, (offset, action) in enumerate(found):
            side = index if len(found) == 2 else int(offset >= _RIGHT_COLUMN)
            out.append(replace(action, side=side))
    return out


def _chunks(number: int, body: str) -> list[tuple[int, _Action]]:
    tokens = [(m.start(), m.group(0)) for m in re.finditer(r"\S+", body)]
    out: list[tuple[int, _Action]] = []
    i = 0
    while i < len(tokens):
        offset, word = tokens[i]
        low = word.lower()
        i += 1
        if _DICE.match(word):
            moves = []
            while i < len(tokens) and not _starts_action(tokens[i][1]):
                moves.append(tokens[i][1])
                i += 1
            dice = (int(word[0]), int(word[1]))
            out.append((offset, _Action(number, 0, "move", dice, " ".join(moves))))
        elif low.startswith(("double", "beaver", "raccoon")):
            if low.startswith(("beaver", "raccoon")):
                raise MatError(f"line {number}: {word!r}: beavers are not played here")
            value = _number_after(tokens, i, number, "=>")
            i += 2
            out.append((offset, _Action(number, 0, "double", value=value)))
        elif low.startswith("take"):
            out.append((offset, _Action(number, 0, "take")))
        elif low.startswith(("drop", "pass")):
            out.append((offset, _Action(number, 0, "drop")))
        elif low.startswith("win"):
            value = _number_after(tokens, i, number, None)
            i += 1
            while i < len(tokens) and not _starts_action(tokens[i][1]):
                i += 1  # "point(s)", "and the match"
            out.append((offset, _Action(number, 0, "wins", value=value)))
        else:
            raise MatError(f"line {number}: {word!r} is not a move, a cube action or a result")
    return out


def _starts_action(word: str) -> bool:
    return bool(_DICE.match(word)) or word.lower().startswith(
        ("double", "take", "drop", "win", "beaver", "raccoon")
    )


def _number_after(tokens: list[tuple[int, str]], i: int, number: int, arrow: str | None) -> int:
    words = [w for _, w in tokens[i : i + 2]]
    if arrow is not None:
        if len(words) < 2 or words[0] != arrow or not words[1].isdigit():
            raise MatError(f"line {number}: expected 'Doubles => N'")
        return int(words[1])
    if not words or not words[0].isdigit():
        raise MatError(f"line {number}: expected 'Wins N point(s)'")
    return int(words[0])


def _replay_game(match: Match, actions: list[_Action], start: int) -> Game:
    moves = [a for a in actions if a.kind == "move"]
    if not moves:
        raise MatError(f"line {start}: the game has no opening roll")
    first = moves[0]
    if first.dice is None or first.dice[0] == first.dice[1]:
        raise MatError(f"line {first.line}: the opening roll cannot be a double")
    high, low = max(first.dice), min(first.dice)
    game = match.start_game(ScriptedDice([high, low] if first.side == 0 else [low, high]))
    opening = True
    for action in actions:
        try:
            game = _apply(game, action, opening)
        except EngineError as exc:
            if isinstance(exc, MatError):
                raise
            raise MatError(f"line {action.line}: {exc}") from None
        opening = opening and action.kind != "move"
    return game


def _apply(game: Game, action: _Action, opening: bool) -> Game:
    side = action.side
    if action.kind == "wins":
        if game.outcome is not None:
            if game.outcome.winner != side:
                raise MatError(
                    f"line {action.line}: the wrong player wins (player {game.outcome.winner} won)"
                )
            return game
        level = 1 if action.value <= game.cube else 2 if action.value <= 2 * game.cube else 3
        game = game.resign(1 - side, min(level, game.resignation_value(1 - side).multiplier))
        return game.accept_resignation()
    if game.outcome is not None:
        raise MatError(f"line {action.line}: the game is already over")
    if action.kind == "double":
        game = game.double(side)
        if game.cube * 2 != action.value:
            raise MatError(f"line {action.line}: the cube goes to {game.cube * 2}, not {action.value}")
        return game
    if action.kind == "take":
        return game.take(side)
    if action.kind == "drop":
        return game.drop(side)
    if game.turn != side:
        raise MatError(f"line {action.line}: it is player {game.turn}'s turn, not player {side}'s")
    if not opening:
        game = game.roll(ScriptedDice(action.dice), side)
    elif sorted(game.dice) != sorted(action.dice):
        raise MatError(f"line {action.line}: the opening roll was {game.dice}, not {action.dice}")
    if not action.moves.strip():
        if not game.must_pass() and game.awaiting is Awaiting.PLAY:
            return game  # rolled, then resigned: the result follows
        return game.play(game.legal_plays()[0])
    return game.play(action.moves)


__all__ = ["read_match", "replay_match"]
