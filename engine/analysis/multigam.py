"""Post-game analysis of multigam, from the placing model (approximate), in expected placing points.

A play's value is the mover's expected placing points (5/3/2/1) after it, by the ``hard`` level:
the placing model with the next player's reply over their 21 rolls. Its loss is the best play's value
minus its own. A roll's luck is the best static value of that roll against the average roll. The
winning chances are each player's chance to finish first by the model. gnubg's rating scale does not
apply (it is for two-player equity).
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.ai import get_player
from engine.ai.players import MultiHard
from engine.analysis.model import ChancePoint, Decision, GameAnalysis, Review, Source, Unit
from engine.analysis.walk import luck, summarise
from engine.events import Event, EventKind
from engine.game import Game
from engine.position import Dice
from engine.replay import states
from engine.scoring import MatchContext
from engine.variants import find_variant


def analyse(variant: str, events: Sequence[Event], match: MatchContext | None = None) -> GameAnalysis:
    v = find_variant(variant)
    player = get_player(v, "hard")
    assert isinstance(player, MultiHard)
    reviews: list[Review] = []
    even = tuple(1.0 / v.players for _ in range(v.players))
    series = [ChancePoint(0, even)]
    turn = 0
    for index, event, game in states(v, events, match):
        if event.kind is not EventKind.PLAY:
            continue
        turn += 1
        reviews.append(_review(index, turn, game, event, player))
        after = game.play(reviews[-1].played_play() or game.legal_plays()[0])
        series.append(ChancePoint(turn, _first_places(after, player)))
    players = summarise(v.players, reviews, None, Unit.PLACING_POINTS.least)
    return GameAnalysis(
        v.name, Source.PLACING_MODEL, Unit.PLACING_POINTS, True, players, tuple(reviews), tuple(series)
    )


def _review(index: int, turn: int, game: Game, event: Event, player: MultiHard) -> Review:
    pos, me = game.position, game.turn
    assert game.dice is not None
    legal = game.legal_plays()
    play = pos.parse_play(game.dice, " ".join(event.moves)) if event.moves else legal[0]
    gone = player.gone(game)
    ranked = player.analyse(game, at_least=1)
    best_value, _, best = ranked[0]
    played = player.lookahead(play.result, me, gone) if play.result != best.result else best_value

    def best_static(dice: Dice) -> float:
        return max(player.value(p.result, me, gone) for p in pos.legal_plays(dice))

    rolled = luck(best_static, game.dice, first=turn == 1)
    return Review(
        index,
        turn,
        me,
        Decision.PLAY,
        pos,
        game.dice,
        pos.format_play(play),
        pos.format_play(best),
        max(0.0, best_value - played),
        rolled,
        len(legal) == 1,
    )


def _first_places(game: Game, player: MultiHard) -> tuple[float, ...]:
    """Each player's chance to finish first after ``game``'s last play."""
    v = game.variant
    if game.outcome is not None or game.finished:
        first = game.finished[0] if game.finished else game.outcome.placings[0]  # type: ignore[union-attr]
        return tuple(1.0 if p == first else 0.0 for p in range(v.players))
    return tuple(player.ev.first_place(game.position, game.turn, player.gone(game)))
