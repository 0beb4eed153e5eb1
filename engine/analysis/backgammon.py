"""Post-game analysis of a backgammon game (both 24-point variants) with gnubg at 2 ply.

Every checker play is valued against the best play at 2 ply as the ``expert`` level finds it (gnubg's
nets: every play at 0 ply, the best few at 1 and 2 ply; the play made valued at 2 ply too): its loss
in normalised equity under the game's stakes (money, the match score, Mulligans). Every cube decision
that was made, or was close, is valued by the cube rules of :mod:`engine.ai.cube` on 2-ply chances:
doubling or not, and taking or passing. A resignation is a decision too: what it gives away against what
playing on is worth with the cube (:func:`~engine.ai.backgammon.position_value`), and so is the answer to
it (accepting gives up what playing on would have been worth more; declining, what the offer was worth
more). The luck of each roll is, as in gnubg, the 0-ply equity of the
best play of that roll against the average over all rolls (the opening roll: over the non-doubles).
The winning chances after each play are the 2-ply chances of the play made.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from engine.ai.backgammon import cube_decision, position_value
from engine.ai.chances import Chances
from engine.ai.cube import CubeDecision
from engine.ai.evaluator import ScoredPlay, rank_plays, value_at
from engine.ai.gnubg import GnubgEvaluator, evaluator
from engine.ai.stakes import Stakes
from engine.analysis.model import ChancePoint, Decision, GameAnalysis, Review, Source, Unit
from engine.analysis.rating import rating
from engine.analysis.walk import luck as walk_luck
from engine.analysis.walk import summarise
from engine.events import Event, EventKind
from engine.game import Game
from engine.position import Dice, Play
from engine.replay import states
from engine.scoring import MatchContext

PLY = 2
CLOSE = 0.08
"""A cube decision not taken counts when doubling was within this much equity of not doubling."""


@dataclass(frozen=True, slots=True)
class Graded:
    """A play made and the best play, both valued at 2 ply under the game's stakes."""

    played: ScoredPlay
    best: ScoredPlay

    @property
    def loss(self) -> float:
        return max(0.0, self.best.value - self.played.value)


def grade_play(game: Game, play: Play, ev: GnubgEvaluator | None = None) -> Graded:
    """``play`` against the best play at 2 ply, for ``game``'s position and dice: the ``expert``
    level's look (:func:`~engine.ai.evaluator.rank_plays`: every play at 0 ply, the best 8 at 1 ply,
    the best 3 of those at 2 ply), the play made valued at 2 ply too."""
    ev = ev or evaluator()
    mover = game.turn
    assert game.dice is not None
    stakes = Stakes.of(game, mover)
    ranked = rank_plays(ev, game.position, game.dice, stakes, PLY)
    played = next((s for s in ranked if s.ply == PLY and s.play.result == play.result), None)
    if played is None:
        played = value_at(ev, play, mover, stakes, PLY)
    best = ranked[0] if ranked[0].value > played.value else played
    return Graded(played, best)


def roll_luck(game: Game, ev: GnubgEvaluator, first: bool) -> float:
    """The luck of ``game``'s dice for the player to move (0-ply equity of the best play of this
    roll against the average roll; ``first``: the opening roll, which is never a double)."""
    pos, mover = game.position, game.turn
    stakes = Stakes.of(game, mover)
    assert game.dice is not None

    def best(dice: Dice) -> float:
        return max(stakes.equity(c, p.result) for p, c in ev.plays(pos, dice))

    return walk_luck(best, game.dice, first=first)


def analyse(variant: str, events: Sequence[Event], match: MatchContext | None = None) -> GameAnalysis:
    """The analysis of the backgammon game recorded in ``events`` (with its ``match`` context)."""
    ev = evaluator()
    reviews: list[Review] = []
    series = [ChancePoint(0, (0.5, 0.5))]
    turn = 0
    pending: CubeDecision | None = None  # the double waiting for its answer
    for index, event, game in states(variant, events, match):
        if event.kind is EventKind.ROLL and game.may_double():
            decision = cube_decision(game, ev, PLY)
            if decision.double or decision.double_value > decision.no_double - CLOSE:
                reviews.append(_cube_review(index, turn + 1, game, decision, doubled=False))
        elif event.kind is EventKind.DOUBLE:
            pending = cube_decision(game, ev, PLY)
            reviews.append(_cube_review(index, turn + 1, game, pending, doubled=True))
        elif event.kind in (EventKind.TAKE, EventKind.DROP) and pending is not None:
            took = event.kind is EventKind.TAKE
            before = replace(game, double_offered=False).position
            best = "take" if pending.take else "pass"
            loss = pending.answer_error(took)
            played = "take" if took else "pass"
            answer = Review(index, turn + 1, event.player, Decision.ANSWER, before, None, played, best, loss)
            reviews.append(answer)
            pending = None
        elif event.kind is EventKind.RESIGN:
            reviews.append(_resign_review(index, turn + 1, game, event, ev))
        elif event.kind in (EventKind.ACCEPT, EventKind.REJECT) and game.resign_offer is not None:
            accepted = event.kind is EventKind.ACCEPT
            reviews.append(_resign_answer_review(index, turn + 1, game, event.player, accepted, ev))
        elif event.kind is EventKind.PLAY:
            turn += 1
            review, after = _play_review(index, turn, game, event, ev)
            reviews.append(review)
            both = (after.win, after.lose) if game.turn == 0 else (after.lose, after.win)
            series.append(ChancePoint(turn, both))
    players = summarise(2, reviews, rating, Unit.EQUITY.least)
    return GameAnalysis(variant, Source.GNUBG, Unit.EQUITY, True, players, tuple(reviews), tuple(series))


def _cube_review(index: int, turn: int, game: Game, decision: CubeDecision, *, doubled: bool) -> Review:
    word = "redouble" if decision.redouble else "double"
    best = word if decision.double else f"no {word}"
    played = word if doubled else f"no {word}"
    loss = decision.doubling_error(doubled)
    return Review(index, turn, game.turn, Decision.CUBE, game.position, None, played, best, loss)


def _play_review(
    index: int, turn: int, game: Game, event: Event, ev: GnubgEvaluator
) -> tuple[Review, Chances]:
    """The review of a play, and the mover's chances after it."""
    assert game.dice is not None
    pos = game.position
    play = pos.parse_play(game.dice, " ".join(event.moves)) if event.moves else game.legal_plays()[0]
    forced = len(game.legal_plays()) == 1
    graded = grade_play(game, play, ev)
    luck = roll_luck(game, ev, first=turn == 1)
    best = pos.format_play(graded.best.play) if not forced else pos.format_play(play)
    played = pos.format_play(play)
    review = Review(
        index, turn, game.turn, Decision.PLAY, pos, game.dice, played, best, graded.loss, luck, forced
    )
    return review, graded.played.chances


RESIGN_WORDS = {1: "a single game", 2: "a gammon", 3: "a backgammon"}
"""What a resignation offers, by its level (``backgammon-mulligan``: 3 is a Mulligan)."""


def _resign_words(game: Game, level: int) -> str:
    if level == 3 and game.variant.scoring == "mulligan":
        return "resign a Mulligan"
    return f"resign {RESIGN_WORDS.get(level, f'{level} points')}"


def _resign_review(index: int, turn: int, game: Game, event: Event, ev: GnubgEvaluator) -> Review:
    """Offering to resign ``event.value`` times the cube, against playing on."""
    resigner, level = event.player, event.value or 1
    stakes = Stakes.of(game, resigner)
    offered = -float(level) if stakes.is_money else stakes.to_equity(stakes.mwc_after(-level))
    playing_on = position_value(game, resigner, ev, PLY)
    loss = max(0.0, playing_on - offered)
    played = _resign_words(game, level)
    best = "play on" if loss > 0 else played
    pos = replace(game, resign_offer=None).position
    return Review(index, turn, resigner, Decision.RESIGN, pos, None, played, best, loss)


def _resign_answer_review(
    index: int, turn: int, game: Game, player: int, accepted: bool, ev: GnubgEvaluator
) -> Review:
    """Accepting or declining the resignation ``game`` offers ``player``."""
    assert game.resign_offer is not None
    _resigner, level = game.resign_offer
    stakes = Stakes.of(game, player)
    offered = float(level) if stakes.is_money else stakes.to_equity(stakes.mwc_after(level))
    playing_on = position_value(game, player, ev, PLY)
    loss = max(0.0, playing_on - offered) if accepted else max(0.0, offered - playing_on)
    best = "accept" if offered >= playing_on else "decline"
    pos = replace(game, resign_offer=None).position
    played = "accept" if accepted else "decline"
    return Review(index, turn, player, Decision.RESIGN_ANSWER, pos, None, played, best, loss)
