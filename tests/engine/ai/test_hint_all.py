"""``hint(game, None)``: every legal play, the best few valued deepest; in backgammon match play each with
the mover's match winning chance."""

from __future__ import annotations

from engine import Game, Position
from engine.ai import HINT_DEEP, HINT_PLY, hint
from engine.dice import Dice
from engine.scoring import MatchContext


def test_every_play_is_listed_once_the_best_valued_deepest():
    game = Game(Position.initial("backgammon", 0), dice=Dice(6, 4))
    found = hint(game, None)
    legal = {p.result for p in game.legal_plays()}
    assert len(found) == len(legal) > HINT_DEEP
    assert {h.play.result for h in found} == legal
    assert [h.ply for h in found[:HINT_DEEP]] == [HINT_PLY] * HINT_DEEP
    assert all(h.mwc is None for h in found)  # money play


def test_match_play_gives_each_play_its_match_winning_chance():
    game = Game(
        Position.initial("backgammon", 0), dice=Dice(6, 4), match=MatchContext(5, (2, 4), crawford=True)
    )
    found = hint(game, 4)
    chances = [h.mwc for h in found]
    assert all(c is not None and 0.0 < c < 1.0 for c in chances)
    # 3-away against 1-away (post-Crawford not yet: the Crawford game): the trailer's chances are low
    assert all(c < 0.4 for c in chances)
    # the same order as the equities (the equity here is the match winning chance rescaled)
    assert chances == sorted(chances, reverse=True)
