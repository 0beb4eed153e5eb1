"""Walking a game's record, and summing up reviews: what every analysis shares."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence

from engine.analysis.model import PlayerSummary, Review
from engine.dice import ScriptedDice
from engine.events import Event, EventKind
from engine.game import Game
from engine.position import Dice, all_dice
from engine.scoring import MatchContext
from engine.variants import Variant, find_variant


def states(
    variant: str | Variant, events: Sequence[Event], match: MatchContext | None = None
) -> Iterator[tuple[int, Event, Game]]:
    """``(index, event, game before the event)`` for each event after the opening roll, replaying
    the record the way :func:`engine.replay.replay` does (every play checked against the rules)."""
    v = find_variant(variant)
    opening = 0
    while opening < len(events) and events[opening].kind is EventKind.OPENING:
        opening += 1
    dice = [d for e in events[:opening] for d in e.dice if d]
    game = Game.start(v, ScriptedDice(dice), match=match)
    for index in range(opening, len(events)):
        e = events[index]
        yield index, e, game
        game = _apply(game, e)


def _apply(game: Game, e: Event) -> Game:
    """``game`` after ``e``, as :func:`engine.replay.replay` applies it."""
    match e.kind:
        case EventKind.ROLL:
            return game.roll(ScriptedDice(e.dice))
        case EventKind.PLAY:
            assert game.dice is not None
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


def summarise(
    players: int, reviews: Sequence[Review], rate: Callable[[float], str] | None
) -> tuple[PlayerSummary, ...]:
    """Each player's totals and three worst decisions. Forced plays are never counted; ``rate``
    names a loss per decision (``None``: no rating)."""
    out = []
    for p in range(players):
        mine = [r for r in reviews if r.player == p and not r.forced]
        loss = sum(r.loss for r in mine)
        luck = sum(r.luck for r in mine if r.luck is not None) + sum(
            r.luck for r in reviews if r.player == p and r.forced and r.luck is not None
        )
        worst = tuple(sorted((r for r in mine if r.loss > 0), key=lambda r: (-r.loss, r.index))[:3])
        per = loss / len(mine) if mine else 0.0
        out.append(PlayerSummary(p, len(mine), loss, rate(per) if rate and mine else None, luck, worst))
    return tuple(out)




def luck(best: Callable[[Dice], float], dice: Dice, *, first: bool) -> float:
    """The luck of rolling ``dice``: ``best(dice)`` (the value of the best play of a roll) against
    its average over every roll (``first``: the opening roll, never a double)."""
    total = weight = this_roll = 0.0
    for d in all_dice():
        if first and d.is_double:
            continue
        w = 1.0 if d.is_double else 2.0
        value = best(d)
        total += w * value
        weight += w
        if (d.high, d.low) == (dice.high, dice.low):
            this_roll = value
    return this_roll - total / weight
