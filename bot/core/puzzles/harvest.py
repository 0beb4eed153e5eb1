"""Puzzles from a server's own games: the positions behind the worst decisions of its analysed games.

Once a game's analysis is stored, the runner's sweep takes it (:func:`harvest`: a claim row, so each game
is looked at once, by one process) and grades each player's worst decisions in full
(:func:`puzzles_of_game`, in the analysis workers: every answer valued, gnubg at 2 ply or the solved
tables, seconds of CPU). A decision that lost at least an *error* and whose best answer stands clear of
the second (half a shipped puzzle's margin) becomes a puzzle of the server, kept with who made it:
others are shown it without names, its maker trains on it (``/minigam train``). A person with the
preference ``puzzles`` off keeps their positions out of everyone else's puzzles."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

from bot.core.analysis.games import read_finished_game, stored_analysis
from bot.core.context import Context
from bot.core.errors import ServiceError
from bot.store import DamagedRecord
from engine import Event, MatchContext
from engine.analysis import Decision, Review
from engine.analysis.model import Unit
from engine.puzzles import BOUNDS, FAMILIES, Family, Kind, Word
from engine.puzzles.make import puzzle_of
from engine.replay import states

log = logging.getLogger(__name__)

Run = Callable[..., Awaitable[Any]]
"""Runs blocking work off the event loop: ``await run(work, *args)`` (the analysis workers' pool)."""

BATCH = 5
"""Games a sweep looks at, at most."""
KINDS = {Decision.PLAY: Kind.PLAY, Decision.CUBE: Kind.DOUBLE, Decision.ANSWER: Kind.TAKE}


def family_of(variant: str, kind: Kind) -> Family | None:
    """The family a decision of ``kind`` in ``variant`` belongs to, if any."""
    return next((f for f in FAMILIES if f.variant == variant and kind in f.kinds), None)


def least_loss(unit: Unit) -> float:
    """The least loss of a decision kept: an *error* (the words' bounds)."""
    return next(bound for bound, word in BOUNDS[unit] if word is Word.INACCURACY)


def worth_a_puzzle(variant: str, review: Review) -> bool:
    kind = KINDS.get(review.kind)
    family = family_of(variant, kind) if kind is not None else None
    return family is not None and not review.forced and review.loss >= least_loss(family.unit)


def puzzles_of_game(
    variant: str, events: tuple[Event, ...], match: MatchContext, reviews: tuple[Review, ...]
) -> list[tuple[int, dict, str, float]]:
    """``(seat, puzzle JSON, what was played, its loss)`` for each of ``reviews`` that makes a puzzle.
    Pure CPU work: run it in a worker."""
    wanted: dict[int, Review] = {}
    for review in reviews:
        at = review.index - 1 if review.kind is Decision.ANSWER else review.index  # before the double
        wanted[at] = review
    out = []
    for index, _event, game in states(variant, events, match):
        review = wanted.get(index)
        if review is None:
            continue
        kind = KINDS[review.kind]
        family = family_of(variant, kind)
        assert family is not None
        try:
            puzzle = puzzle_of(
                game,
                family,
                kind,
                margin=family.margin / 2,
                origin=f"a server's game, decision {review.index}",
            )
        except Exception:  # a position the grading cannot take: no puzzle, the rest go on
            log.exception("no puzzle from decision %s of a %s game", review.index, variant)
            continue
        if puzzle is not None:
            out.append((review.player, puzzle.to_json(), review.played, review.loss))
    return out


async def harvest(ctx: Context, run: Run, *, batch: int = BATCH) -> int:
    """Make the puzzles of up to ``batch`` analysed games not yet looked at; returns how many were kept."""
    store = ctx.store
    kept = 0
    for game_id in await store.games_to_harvest(batch):
        async with store.transaction(durable=False) as tx:
            if not await tx.claim_harvest(game_id, ctx.clock.now()):
                continue  # another process took it
        try:
            kept += await _harvest_game(ctx, run, game_id)
        except (ServiceError, DamagedRecord) as exc:
            log.warning("no puzzles from game %s: %s", game_id, exc)
        except Exception:  # the game stays claimed: looked at once, whatever went wrong; the rest go on
            log.exception("no puzzles from game %s", game_id)
    return kept


async def _harvest_game(ctx: Context, run: Run, game_id: int) -> int:
    store = ctx.store
    game = await read_finished_game(store, game_id)
    analysis = await stored_analysis(store, game_id)
    if analysis is None:
        return 0
    variant = game.match.variant
    seats = game.match.seats
    reviews: Sequence[Review] = [
        r
        for summary in analysis.players
        for r in summary.worst
        if not seats[r.player].is_computer and worth_a_puzzle(variant, r)
    ]
    if not reviews:
        return 0
    made = await run(puzzles_of_game, variant, game.events, game.context, tuple(reviews))
    now = ctx.clock.now()
    async with store.transaction() as tx:
        for seat, data, played, loss in made:
            await tx.put_server_puzzle(
                game.match.guild_id,
                game_id,
                seats[seat].user_id,
                str(data["family"]),
                str(data["id"]),
                data,
                played,
                loss,
                now,
            )
    return len(made)


__all__ = ["BATCH", "family_of", "harvest", "puzzles_of_game", "worth_a_puzzle"]
