"""``/minigam puzzle`` and ``/minigam train`` in the core: serving a puzzle, grading an answer, a player's
puzzle stats and a server's puzzle leaderboard.

A puzzle served is an *attempt* row, open until answered: its controls (and a typed answer, which goes to
the person's newest open attempt in the server) name it. Grading is a look-up in the puzzle's stored
values (:func:`engine.puzzles.grade`): nothing is evaluated while the player waits. An answer is stored
once (the write names the open attempt and its person: a second click, or someone else's, changes
nothing and is told so), in the transaction that moves both ratings.

Ratings are Glicko-2 as Lichess rates puzzles (:func:`bot.ratings.glicko.attempt`): per server and
family for the player, one per puzzle across servers; each rated attempt moves both. ``/minigam puzzle
solve`` and the daily puzzle are rated; training is not (the same position comes back until found)."""

from __future__ import annotations

import logging
from dataclasses import replace

from bot.core.context import Context
from bot.core.errors import ServiceError
from bot.core.notices import Info, Result
from bot.core.puzzles import cards
from bot.core.puzzles.finding import RECENT, families_meant, menu_order, nearest, puzzle_by_ref, shipped_index
from bot.models import PlayerRef
from bot.ratings import glicko
from bot.ratings.glicko import Rating
from bot.store import StaleWrite
from bot.store.protocol_puzzles import PuzzleAttempt, PuzzleMode, PuzzlePlayer, ServerPuzzle
from bot.texts import puzzles as words
from engine.errors import EngineError
from engine.puzzles import FAMILIES, Family, Kind, Puzzle, find_family, grade

log = logging.getLogger(__name__)

TRAIN = "train"
"""What the Next button of a training answer serves."""
LEADERS = 10
"""Rows of a family's puzzle leaderboard (5 each when all families are shown)."""
CHOICES = 25


class Solving:
    """Serving, grading and rating puzzles (see the module)."""

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx

    # ------------------------------------------------------------------ serving
    async def solve(self, guild_id: int, user: PlayerRef, which: str | None = None) -> Result:
        """A puzzle for ``user``: of the family ``which`` names (a family or a game; default any), the one
        of those families they tried least; near their rating; not one they had lately."""
        store = self.ctx.store
        families = families_meant(which)
        tried = {p.family: p.attempts for p in await store.puzzle_players(guild_id, user.user_id)}
        index = await shipped_index()
        recent = await store.recent_puzzle_refs(guild_id, user.user_id, RECENT)
        for family in sorted(families, key=lambda f: tried.get(f.name, 0)):
            own = await store.server_puzzle_refs(guild_id, family.name, but_of=user.user_id)
            refs = [ref for ref, p in index.items() if p.family is family] + own
            player = await self._player(guild_id, user.user_id, family)
            ratings = await store.puzzle_ratings(family.name)
            salt = f"{user.user_id}|{player.attempts}"
            ref = nearest(refs, ratings, player.rating, avoid=recent, salt=salt)
            if ref is not None:
                return await self.serve(guild_id, user, ref, PuzzleMode.SOLVE)
        raise ServiceError(words.NO_PUZZLES)

    async def train(self, guild_id: int, user: PlayerRef) -> Result:
        """``user``'s own worst decision of their analysed games in the server that they have not yet
        found the best play of (the same one until they do)."""
        rows = await self.ctx.store.training_puzzles(guild_id, user.user_id)
        if not rows:
            made = await self.ctx.store.own_puzzle_count(guild_id, user.user_id)
            raise ServiceError(words.TRAINED_ALL if made else words.NOTHING_TO_TRAIN)
        return await self.serve(guild_id, user, rows[0].ref, PuzzleMode.TRAIN)

    async def serve(
        self, guild_id: int, user: PlayerRef, ref: str, mode: PuzzleMode, *, day: str | None = None
    ) -> Result:
        """Serve puzzle ``ref`` to ``user``: a new open attempt, and the puzzle to answer."""
        puzzle, row = await puzzle_by_ref(self.ctx.store, ref)
        now = self.ctx.clock.now()
        async with self.ctx.store.transaction(durable=False) as tx:
            await tx.upsert_player(user, now)
            attempt_id = await tx.serve_puzzle(
                guild_id, user.user_id, puzzle.family.name, ref, mode, now, day=day
            )
        return await self._served(puzzle, row, guild_id, user.user_id, ref, attempt_id, mode)

    async def serve_again(self, attempt: PuzzleAttempt) -> Result:
        """Open attempt ``attempt`` served again as it was (its private message may be gone): the same
        puzzle, with the controls of the same attempt."""
        puzzle, row = await puzzle_by_ref(self.ctx.store, attempt.puzzle_ref)
        return await self._served(
            puzzle,
            row,
            attempt.guild_id,
            attempt.user_id,
            attempt.puzzle_ref,
            attempt.attempt_id,
            attempt.mode,
        )

    async def _served(
        self,
        puzzle: Puzzle,
        row: ServerPuzzle | None,
        guild_id: int,
        user_id: int,
        ref: str,
        attempt_id: int,
        mode: PuzzleMode,
    ) -> Result:
        player = await self._player(guild_id, user_id, puzzle.family)
        text = words.served_text(
            puzzle,
            rating=(player.rating.rating, player.rating.deviation),
            origin=_origin(puzzle, row, user_id),
            truncated=cards.truncated(puzzle),
            daily=mode is PuzzleMode.DAILY,
        )
        return Result([cards.served(puzzle, attempt_id, text)])

    # ------------------------------------------------------------------ answering
    async def answer(self, attempt_id: int, user: PlayerRef, answer: str) -> Result:
        """``user`` answers attempt ``attempt_id`` (a menu's play, a cube button, or typed text)."""
        attempt = await self.ctx.store.puzzle_attempt(attempt_id)
        if attempt is None:
            raise ServiceError(words.NO_SUCH_PUZZLE)
        if attempt.user_id != user.user_id:
            raise ServiceError(words.NOT_YOUR_PUZZLE)
        return await self._grade(attempt, user, answer)

    async def answer_open(self, guild_id: int, user: PlayerRef, answer: str) -> Result:
        """``user`` types an answer to their newest open puzzle in the server."""
        attempt = await self.ctx.store.open_puzzle_attempt(guild_id, user.user_id)
        if attempt is None:
            raise ServiceError(words.NOTHING_OPEN)
        return await self._grade(attempt, user, answer)

    async def suggestions(self, guild_id: int, user_id: int, typed: str) -> list[str]:
        """The answers of ``user_id``'s open puzzle that hold every word typed (autocomplete). Never
        raises."""
        try:
            attempt = await self.ctx.store.open_puzzle_attempt(guild_id, user_id)
            if attempt is None:
                return []
            puzzle, _row = await puzzle_by_ref(self.ctx.store, attempt.puzzle_ref)
        except Exception:
            log.exception("no suggestions for the open puzzle of user %s", user_id)
            return []
        wanted = typed.lower().split()
        texts = (
            cards.menu_plays(puzzle)
            if puzzle.kind is Kind.PLAY
            else tuple(a for a, _ in cards.cube_buttons(puzzle))
        )
        if puzzle.kind is Kind.PLAY and len(texts) < len(puzzle.answers):
            texts = tuple(menu_order(a.text for a in puzzle.answers))
        return [t for t in texts if all(w in t for w in wanted)][:CHOICES]

    async def _grade(self, attempt: PuzzleAttempt, user: PlayerRef, answer: str) -> Result:
        if not attempt.is_open:
            raise ServiceError(words.already_answered(attempt.answer or "", attempt.word or ""))
        puzzle, _row = await puzzle_by_ref(self.ctx.store, attempt.puzzle_ref)
        try:
            graded = grade(puzzle, answer)
        except EngineError as exc:
            raise ServiceError(words.not_an_answer(str(exc))) from None
        solved = graded.is_best
        rated = attempt.mode is not PuzzleMode.TRAIN and not await self._solution_posted(attempt)
        family = puzzle.family
        now = self.ctx.clock.now()
        try:
            async with self.ctx.store.transaction() as tx:
                await tx.answer_puzzle(
                    attempt.attempt_id,
                    user.user_id,
                    graded.chosen.text,
                    graded.loss,
                    str(graded.word),
                    solved,
                    now,
                )
                before = after = puzzle_rated = None
                if rated:
                    stored, puzzle_rating = await tx.locked_puzzle_ratings(
                        attempt.guild_id, user.user_id, family.name, attempt.puzzle_ref
                    )
                    before = stored or PuzzlePlayer(attempt.guild_id, user.user_id, family.name, Rating())
                    puzzle_rated = puzzle_rating or Rating()
                    mine, theirs = glicko.attempt(before.rating, puzzle_rated, solved)
                    streak = before.streak + 1 if solved else 0
                    after = replace(
                        before,
                        rating=mine,
                        attempts=before.attempts + 1,
                        solved=before.solved + int(solved),
                        streak=streak,
                        best_streak=max(before.best_streak, streak),
                    )
                    await tx.put_puzzle_player(after, now)
                    await tx.put_puzzle_rating(attempt.puzzle_ref, family.name, theirs, solved)
        except StaleWrite:
            again = await self.ctx.store.puzzle_attempt(attempt.attempt_id)
            raise ServiceError(
                words.already_answered(again.answer or "" if again else "", again.word or "" if again else "")
            ) from None
        text = words.graded_text(
            puzzle,
            graded,
            change=(before.rating.rating, after.rating.rating) if before and after else None,
            streak=(after.streak, after.best_streak) if after else None,
            puzzle_rating=puzzle_rated.rating if puzzle_rated else None,
            training=attempt.mode is PuzzleMode.TRAIN,
        )
        match attempt.mode:
            case PuzzleMode.TRAIN:
                card = cards.graded(puzzle, text, next_=TRAIN, retry=not solved)
            case _:
                card = cards.graded(puzzle, text, next_=family.name)
        return Result([card])

    async def _solution_posted(self, attempt: PuzzleAttempt) -> bool:
        """A daily attempt answered after the solution was posted in the server's channel: not rated."""
        if attempt.mode is not PuzzleMode.DAILY or attempt.day is None:
            return False
        daily = await self.ctx.store.daily_puzzle(attempt.guild_id, attempt.day)
        return daily is not None and daily.summary_posted_at is not None

    async def _player(self, guild_id: int, user_id: int, family: Family) -> PuzzlePlayer:
        found = await self.ctx.store.puzzle_player(guild_id, user_id, family.name)
        return found or PuzzlePlayer(guild_id, user_id, family.name, Rating())

    # ------------------------------------------------------------------ stats and leaderboards
    async def stats(self, guild_id: int, who: PlayerRef) -> Result:
        rows = []
        for p in await self.ctx.store.puzzle_players(guild_id, who.user_id):
            family = find_family(p.family)
            rows.append(
                (family, p.rating.rating, p.rating.deviation, p.attempts, p.solved, p.streak, p.best_streak)
            )
        rows.sort(key=lambda r: FAMILIES.index(r[0]))
        return Result([Info(words.stats_text(who.name, rows))])

    async def leaderboard(self, guild_id: int, which: str | None = None) -> Result:
        families = families_meant(which)
        size = LEADERS if len(families) == 1 else LEADERS // 2
        boards = []
        for family in families:
            rows = await self.ctx.store.puzzle_leaderboard(guild_id, family.name, size)
            boards.append((family, [(p.name, p.rating.rating, p.rating.deviation, p.attempts) for p in rows]))
        return Result([Info(words.leaderboard_text(boards))])


def _origin(puzzle: Puzzle, row: ServerPuzzle | None, user_id: int) -> str:
    if row is None:
        return ""
    if row.user_id == user_id:
        return words.from_own_game(row.game_id, row.played, row.loss, puzzle.unit)
    return words.from_server_game()


__all__ = ["TRAIN", "Solving"]
