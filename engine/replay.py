"""Rebuilding a game from its record of events, every action checked against the rules again."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from engine.dice import ScriptedDice
from engine.events import Event, EventKind
from engine.game import Game
from engine.scoring import MatchContext
from engine.variants import Variant, find_variant


def replay(variant: str | Variant, events: Sequence[Event], match: MatchContext | None = None) -> Game:
    """Rebuild a game from its record, checking every play against the rules."""
    opening, game = _opening(variant, events, match)
    for e in events[opening:]:
        game = apply_event(game, e)
    return game


def states(
    variant: str | Variant, events: Sequence[Event], match: MatchContext | None = None
) -> Iterator[tuple[int, Event, Game]]:
    """``(index, event, game before the event)`` for each event after the opening roll."""
    opening, game = _opening(variant, events, match)
    for index in range(opening, len(events)):
        e = events[index]
        yield index, e, game
        game = apply_event(game, e)


def _opening(
    variant: str | Variant, events: Sequence[Event], match: MatchContext | None = None
) -> tuple[int, Game]:
    """How many events the opening roll took, and the game once it is over."""
    opening = 0
    while opening < len(events) and events[opening].kind is EventKind.OPENING:
        opening += 1
    dice = [d for e in events[:opening] for d in e.dice if d]
    return opening, Game.start(find_variant(variant), ScriptedDice(dice), match=match)


def apply_event(game: Game, e: Event) -> Game:
    """``game`` after ``e``, checked against the rules (``ValueError`` for an event that cannot
    follow the opening roll)."""
    match e.kind:
        case EventKind.ROLL:
            return game.roll(ScriptedDice(e.dice))
        case EventKind.PLAY:
            if game.dice is None:
                raise ValueError("a play before the roll")
            moves = " ".join(e.moves)
            return game.play(game.position.parse_play(game.dice, moves) if e.moves else game.legal_plays()[0])
        case EventKind.DOUBLE:
            return game.double()
        case EventKind.TAKE:
            return game.take()
        case EventKind.DROP:
            return game.drop()
        case EventKind.RESIGN:
            return game.resign(e.player, e.value or None)
        case EventKind.ACCEPT:
            return game.accept_resignation()
        case EventKind.REJECT:
            return game.reject_resignation()
        case EventKind.FORFEIT:
            return game.forfeit(e.player)
    raise ValueError(f"an {e.kind.value!r} event cannot follow the opening roll")
