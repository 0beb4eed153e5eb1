"""Rebuilding a game from its record of events, every action checked against the rules again."""

from __future__ import annotations

from collections.abc import Sequence

from engine.dice import ScriptedDice
from engine.events import Event, EventKind
from engine.game import Game
from engine.scoring import MatchContext
from engine.variants import Variant, find_variant


def replay(variant: str | Variant, events: Sequence[Event], match: MatchContext | None = None) -> Game:
    """Rebuild a game from its record, checking every play against the rules."""
    v = find_variant(variant)
    opening = [e for e in events if e.kind == EventKind.OPENING]
    dice_seq = [d for e in opening for d in e.dice if d]
    game = Game.start(v, ScriptedDice(dice_seq), match=match)
    for e in events[len(opening) :]:
        match e.kind:
            case EventKind.ROLL:
                game = game.roll(ScriptedDice(e.dice))
            case EventKind.PLAY:
                text = " ".join(e.moves)
                play = game.position.parse_play(game.dice, text) if e.moves else game.legal_plays()[0]
                game = game.play(play)
            case EventKind.DOUBLE:
                game = game.double()
            case EventKind.TAKE:
                game = game.take()
            case EventKind.DROP:
                game = game.drop()
            case EventKind.RESIGN:
                game = game.resign(e.player, e.value or None)
            case EventKind.ACCEPT:
                game = game.accept_resignation()
            case EventKind.REJECT:
                game = game.reject_resignation()
            case EventKind.FORFEIT:
                game = game.forfeit(e.player)
    return game
