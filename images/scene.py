"""What a picture shows, read once from a game or a position: pure data, shared by both renderers."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace

from engine import OFF, Dice, Event, Game, Play, Position
from engine.notation import format_play
from engine.wording import is_you, verb
from images.layout import board_kind

PLACE_WORDS = ("1st", "2nd", "3rd", "4th")

Parts = tuple[str | int, ...]
"""A sentence about the players: text, and seat numbers where their names go (so a picture can
shorten a long name and keep the rest of the sentence, such as the roll)."""

_SLOT = re.compile("\ue000(\\d)\ue001")


def _slots(names: Sequence[str]) -> tuple[str, ...]:
    """Stand-ins for the names while a sentence is written: private-use characters round the seat. "You"
    (the local console's player) stays itself, so that the verbs agree with it: "You win"."""
    return tuple(name if is_you(name) else f"\ue000{p}\ue001" for p, name in enumerate(names))


def _parts(text: str) -> Parts:
    pieces = _SLOT.split(text)
    return tuple(int(x) if i % 2 else x for i, x in enumerate(pieces) if i % 2 or x)


RESIGN_WORDS = {1: "a single game", 2: "a gammon", 3: "a backgammon"}
_ACTION_WORDS = {
    "play": "to play",
    "roll": "to roll",
    "double-answer": "to answer",
    "resign-answer": "to answer",
}


@dataclass(frozen=True, slots=True)
class Scene:
    position: Position
    kind: str
    names: tuple[str, ...]
    perspective: int  # whom a 24-point board is drawn for: at the bottom, numbered from their side
    actor: int | None  # who must act now; None when the game is over
    dice: Dice | None
    dice_current: bool  # the roll to play now (False: the last roll, shown dimmed)
    dice_player: int | None
    cube: int
    cube_owner: int | None
    has_cube: bool
    double_offered: bool  # the player to move has doubled; the answer is awaited
    resign_offer: tuple[int, int] | None  # (resigner, level 1-3) awaiting an answer
    match_target: int
    match_score: tuple[int, ...]
    crawford: bool
    places: tuple[str | None, ...]  # per player: "1st" ... for finished players and leavers
    left: tuple[str | None, ...]  # per player: "resigned" or "timed out" for a multigam leaver
    badges: tuple[str | None, ...]  # per player: "to play", "to roll", "to answer", "winner", ...
    match_info: str  # "match to 7 · Crawford game", "" for a single game
    last_play: Play | None
    last_player: int | None
    status_parts: Parts  # whose turn and what to do, or the result
    last_parts: Parts  # the last play ("" when none)
    over: bool
    notes: tuple[str, ...] = ()  # small print under the footer (gnubg's IDs)
    status_short: tuple[Parts, ...] = ()  # shorter ways to say the status, for a narrow picture

    @property
    def players(self) -> int:
        return self.position.variant.players

    @property
    def status(self) -> str:
        return self.sentence(self.status_parts)

    @property
    def last_text(self) -> str:
        return self.sentence(self.last_parts)

    def sentence(self, parts: Parts, names: Sequence[str] | None = None) -> str:
        """``parts`` with the players' names (or ``names``, shortened ones) put in."""
        shown = self.names if names is None else names
        return "".join(shown[p] if isinstance(p, int) else p for p in parts)

    def name(self, player: int) -> str:
        return self.names[player]


def default_names(players: int, names: Sequence[str] | None) -> tuple[str, ...]:
    given = [] if names is None else [str(n) for n in names]
    out = []
    for p in range(players):
        name = given[p].strip() if p < len(given) else ""
        out.append(" ".join(name.split()) or f"Player {p + 1}")
    return tuple(out)


def build_scene(
    state: Game | Position,
    *,
    names: Sequence[str] | None = None,
    perspective: int | None = None,
    last_play: Play | None = None,
    score: Sequence[int] | None = None,
    footer: str | Sequence[str] | None = None,
) -> Scene:
    """Read everything a picture needs from ``state`` (a :class:`Game` or a :class:`Position`).

    ``score`` replaces the match score shown (one number per seat: a finished game's final score);
    ``footer`` is small print drawn under the footer, one string per line."""
    if isinstance(state, Game):
        scene = _from_game(state, names, perspective, last_play)
    elif isinstance(state, Position):
        scene = _from_position(state, names, perspective, last_play)
    else:
        raise TypeError(f"render needs an engine Game or Position, not {type(state).__name__}")
    changes: dict = {}
    if score is not None:
        changes["match_score"] = _check_score(score, scene.players)
    if footer is not None:
        changes["notes"] = _check_footer(footer)
    return replace(scene, **changes) if changes else scene


MAX_FOOTER_LINES = 3


def _check_score(score: object, players: int) -> tuple[int, ...]:
    if isinstance(score, str | bytes) or not isinstance(score, Sequence):
        raise TypeError(f"score must be a sequence of {players} numbers, one per seat, not {score!r}")
    values = tuple(score)
    if len(values) != players or not all(
        isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in values
    ):
        raise ValueError(f"score must be {players} whole numbers of 0 or more, one per seat, not {score!r}")
    return values


def _check_footer(footer: object) -> tuple[str, ...]:
    lines = (footer,) if isinstance(footer, str) else footer
    if not isinstance(lines, Sequence) or not all(isinstance(line, str) for line in lines):
        raise TypeError(f"footer must be a string or a sequence of strings, not {footer!r}")
    out = tuple(" ".join(line.split()) for line in lines)
    out = tuple(line for line in out if line)
    if len(out) > MAX_FOOTER_LINES:
        raise ValueError(f"footer has {len(out)} lines; at most {MAX_FOOTER_LINES} fit under the board")
    return out


def _check_perspective(position: Position, perspective: int | None, actor: int | None = None) -> int:
    """The seat the picture is for: ``perspective``, by default the player to act (``actor``), else the
    player to move."""
    players = position.variant.players
    if perspective is None:
        return position.turn if actor is None else actor
    if isinstance(perspective, bool) or not isinstance(perspective, int) or not 0 <= perspective < players:
        raise ValueError(f"perspective must be a player from 0 to {players - 1}, not {perspective!r}")
    return perspective


def _check_play(position: Position, play: Play | None) -> None:
    if play is None:
        return
    if not isinstance(play, Play):
        raise TypeError(f"last_play must be an engine Play, not {type(play).__name__}")
    n = position.variant.points
    for move in play.moves:
        if not (0 <= move.src <= n and (move.dst == OFF or 1 <= move.dst <= n)):
            raise ValueError(f"last_play has a move {move!r} that is not on a {n}-point board")


def _play_text(position: Position, play: Play, player: int, reader: int) -> str:
    """``player``'s ``play`` in the numbers drawn on the board, ``reader``'s (backgammon's own numbering:
    an opponent's play is written from the reader's side, as the arrows run on the board)."""
    return format_play(position.with_turn(player), play, numbered_for=reader)


# The events a picture reads: the last dice rolled (shown when no roll is current), the last play's
# dice, and who left a multigam game. Nothing else of a game's record is drawn.
def _shows_dice(event: Event) -> bool:
    return event.kind in ("play", "roll") and len(event.dice) == 2


def _played_dice(event: Event) -> bool:
    return event.kind == "play" and len(event.dice) == 2


def _left(event: Event) -> bool:
    return event.kind in ("resign", "forfeit")


def _last(events: Sequence[Event], wanted) -> Event | None:
    return next((e for e in reversed(events) if wanted(e)), None)


def for_drawing(game: Game) -> Game:
    """``game`` with only the events its picture and text board read: the same drawing from a much
    smaller object (what a bot sends to a drawing worker; a long game's record is most of its size)."""
    latest = [_last(game.events, _shows_dice), _last(game.events, _played_dice)]
    kept = tuple(e for e in game.events if _left(e) or any(e is x for x in latest))
    return game if len(kept) == len(game.events) else replace(game, events=kept)


def _from_game(game: Game, names, perspective, last_play) -> Scene:
    pos = game.position
    v = pos.variant
    names_t = default_names(v.players, names)
    seat = _check_perspective(pos, perspective, game.actor)
    play = game.last_play if last_play is None else last_play
    _check_play(pos, play)
    last_player = game.last_player
    if play is not None and last_player is None:
        last_player = _guess_mover(pos, play)

    if game.dice is not None and game.outcome is None:
        dice, current, dice_player = game.dice, True, game.turn
    else:
        dice, current, dice_player = None, False, None
        shown = _last(game.events, _shows_dice)
        if shown is not None:
            dice, dice_player = Dice(*shown.dice), shown.player

    played = _last(game.events, _played_dice)
    last_dice = None if played is None else Dice(*played.dice)

    places: list[str | None] = [None] * v.players
    left: list[str | None] = [None] * v.players
    if v.players > 2:
        order = list(game.outcome.placings) if game.outcome is not None else list(game.finished)
        for i, p in enumerate(order):
            places[p] = PLACE_WORDS[i]
        leavers = [e for e in game.events if _left(e)]
        for i, e in enumerate(leavers):
            # a leaver takes the lowest place still open: the first to leave is last
            places[e.player] = PLACE_WORDS[v.players - 1 - i]
            left[e.player] = "resigned" if e.kind == "resign" else "timed out"

    slots = _slots(names_t)
    status = _game_status(game, slots)
    shorter = tuple(_parts(text) for text in _shorter_status(game, slots))
    badges: list[str | None] = [None] * v.players
    if game.outcome is None and game.actor is not None:
        badges[game.actor] = _ACTION_WORDS[game.awaiting]
    elif game.outcome is not None and v.players == 2:
        badges[game.outcome.winner] = "winner"
    last_text = ""
    if play is not None and last_player is not None:
        who = slots[last_player]
        rolled = f" {last_dice}" if last_dice else ""
        if play.moves:
            last_text = f"{who} played{rolled}: {_play_text(pos, play, last_player, seat)}"
        else:
            last_text = f"{who} rolled{rolled}: no move"

    return Scene(
        position=pos,
        kind=board_kind(v),
        names=names_t,
        perspective=seat if v.points == 24 else 0,
        actor=game.actor,
        dice=dice,
        dice_current=current,
        dice_player=dice_player,
        cube=game.cube,
        cube_owner=game.cube_owner,
        has_cube=v.cube,
        double_offered=game.double_offered and game.outcome is None,
        resign_offer=game.resign_offer if game.outcome is None else None,
        match_target=game.match.target,
        match_score=tuple(game.match.score),
        crawford=game.match.crawford,
        places=tuple(places),
        left=tuple(left),
        badges=tuple(badges),
        match_info=_match_info(game),
        last_play=play,
        last_player=last_player,
        status_parts=_parts(status),
        last_parts=_parts(last_text),
        over=game.outcome is not None,
        status_short=shorter,
    )


def _match_info(game: Game) -> str:
    target = game.match.target
    v = game.variant
    if v.players > 2:
        return ""
    if target <= 0:
        return "money game" if v.cube else ""
    if target == 1 and not v.is_backgammon:
        return ""
    words = f"match to {target}"
    if game.match.crawford:
        words += " · Crawford game"
    elif v.cube and target > 1 and target - 1 in game.match.score:  # a 1-point match has no Crawford game
        words += " · post-Crawford"
    return words


def _game_status(game: Game, names: tuple[str, ...]) -> str:
    awaiting = game.awaiting
    if awaiting == "over":
        assert game.outcome is not None
        return game.outcome.describe(list(names))
    mover = names[game.turn]
    if awaiting == "play":
        if game.must_pass():
            return f"{mover} rolled {game.dice}: no legal move"
        return f"{mover} to play {game.dice}"
    if awaiting == "roll":
        return f"{mover} to roll or double" if game.may_double() else f"{mover} to roll"
    if awaiting == "double-answer":
        answerer = names[game.actor] if game.actor is not None else ""
        return f"{mover} {verb(mover, 'doubles', 'double')} to {game.cube * 2}: {answerer} to take or drop"
    assert game.resign_offer is not None
    loser, level = game.resign_offer
    answerer = names[game.actor] if game.actor is not None else ""
    what = RESIGN_WORDS.get(level, "the game")
    offers = verb(names[loser], "offers", "offer")
    return f"{names[loser]} {offers} to resign {what} ({level * game.cube}): {answerer} to accept or decline"


def _shorter_status(game: Game, names: tuple[str, ...]) -> list[str]:
    """The status said more briefly, shortest last: on a narrow picture a whole shorter sentence reads
    better than a long one cut (the badges and the buttons say the rest)."""
    outcome, mover = game.outcome, names[game.turn]
    if outcome is not None and game.variant.players == 2:
        winner = names[outcome.winner]
        wins = f"{winner} {verb(winner, 'wins', 'win')}"
        kind = "" if outcome.kind.value == "single" else f" a {outcome.kind.value}"
        return [f"{wins}{kind}, {outcome.points} point{'s' if outcome.points != 1 else ''}", f"{wins}{kind}"]
    if outcome is not None:  # the places in order: the points are on the cards
        return [", ".join(f"{i + 1}. {names[p]}" for i, p in enumerate(outcome.placings))]
    if game.awaiting == "double-answer":
        return [f"{mover} {verb(mover, 'doubles', 'double')} to {game.cube * 2}"]
    if game.awaiting == "resign-answer" and game.resign_offer is not None:
        loser, level = game.resign_offer
        offers = f"{names[loser]} {verb(names[loser], 'offers', 'offer')} to resign"
        what = f"{RESIGN_WORDS.get(level, 'the game')} ({level * game.cube})"
        answerer = names[game.actor] if game.actor is not None else ""
        return [f"{offers} {what}: {answerer} to answer", f"{offers} {what}"]
    return []


def _guess_mover(position: Position, play: Play) -> int:
    """Whose play this was, for a bare position: the owner of a landing point, else the previous seat."""
    for move in reversed(play.moves):
        if move.dst != OFF:
            here = position.point(move.dst)
            if here is not None:
                return here[0]
    return (position.turn - 1) % position.variant.players


def _from_position(pos: Position, names, perspective, last_play) -> Scene:
    v = pos.variant
    names_t = default_names(v.players, names)
    seat = _check_perspective(pos, perspective)
    _check_play(pos, last_play)
    last_player = _guess_mover(pos, last_play) if last_play is not None else None
    slots = _slots(names_t)
    last_text = ""
    if last_play is not None and last_player is not None:
        who = slots[last_player]
        if last_play.moves:
            last_text = f"{who} played {_play_text(pos, last_play, last_player, seat)}"
        else:
            last_text = f"{who}: no move"
    over = any(pos.is_finished(p) for p in range(v.players)) if v.players == 2 else False
    places: list[str | None] = [None] * v.players
    if v.players > 2:
        done = [p for p in range(v.players) if pos.is_finished(p)]
        for p in done:
            places[p] = "done"
    winner = pos.winner if v.players == 2 else None
    status = (
        f"{slots[winner]} {verb(slots[winner], 'has', 'have')} borne off every checker"
        if winner is not None
        else f"{slots[pos.turn]} to move"
    )
    return Scene(
        position=pos,
        kind=board_kind(v),
        names=names_t,
        perspective=seat if v.points == 24 else 0,
        actor=None if over else pos.turn,
        dice=None,
        dice_current=False,
        dice_player=None,
        cube=1,
        cube_owner=None,
        has_cube=v.cube,
        double_offered=False,
        resign_offer=None,
        match_target=0,
        match_score=(0,) * v.players,
        crawford=False,
        places=tuple(places),
        left=(None,) * v.players,
        badges=tuple(
            "winner" if p == winner else "to move" if p == pos.turn and not over else None
            for p in range(v.players)
        ),
        match_info="",
        last_play=last_play,
        last_player=last_player,
        status_parts=_parts(status),
        last_parts=_parts(last_text),
        over=over,
    )
