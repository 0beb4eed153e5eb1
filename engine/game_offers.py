"""The offers of a two-player game: the doubling cube (double, take, drop) and resignations (offer,
accept, reject), as a mixin of :class:`engine.game.Game`.

The methods read the game's fields and return a new game through ``dataclasses.replace``, as the rest of
the game flow does; they live here so that :mod:`engine.game` keeps to turns and outcomes.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Self

from engine.errors import GameStateError, quoted
from engine.events import Event, EventKind
from engine.jsonread import is_int
from engine.scoring import MAX_CUBE, Outcome, Termination, WinKind, kind_of_level

_A_KIND = {WinKind.SINGLE: "a single game", WinKind.GAMMON: "a gammon", WinKind.BACKGAMMON: "a backgammon"}


class Offers:
    """Cube and resignation actions of :class:`~engine.game.Game` (which supplies the fields and
    ``_check_actor``, ``_check_leaver``, ``_opponent``, ``_scored``, ``_drop_out``)."""

    __slots__ = ()

    def may_double(self, player: int | None = None) -> bool:
        """May ``player`` (default: the player to move) double now, before rolling? In a match, in
        every game but the Crawford game, whatever the score (RULES.md): after the Crawford game the
        trailer may double, and the cube may go past what either player needs; but not a player for whom
        the cube is dead, as gnubg has it (winning this game at the cube's value already wins them the
        match: a 1-point match, double match point, the leader after the Crawford game). Only
        :data:`MAX_CUBE` bounds it otherwise, in money play and matches alike."""
        p = self.turn if player is None else player
        return (
            self.variant.cube
            and self.outcome is None
            and p == self.turn
            and self.dice is None
            and not self.double_offered
            and self.resign_offer is None
            and not self.match.crawford
            and not self.cube_is_dead(p)
            and self.cube_owner in (None, p)
            and self.cube * 2 <= MAX_CUBE
        )

    def cube_is_dead(self, player: int) -> bool:
        """Whether doubling is pointless for ``player``: in a match, a win at the cube's value already
        gives them the match (gnubg: "The cube is dead; you can't double any more")."""
        return not self.match.is_money and self.match.needs(player) <= self.cube

    def points_for(self, kind: WinKind) -> int:
        """What a two-player game won now as ``kind`` would score: ``kind.multiplier`` × the cube, or a
        single game under the Jacoby rule while the cube is centred (what a resignation offer gives)."""
        won = Outcome.scored(Termination.RESIGNED, 0, kind, self.cube, self.match, cubed=self.variant.cube)
        return won.points

    def double(self, player: int | None = None) -> Self:
        self._check_actor(player, "double")
        if not self.may_double(self.turn):
            raise GameStateError(self._why_no_double())
        event = Event(EventKind.DOUBLE, self.turn, value=self.cube * 2)
        return replace(self, double_offered=True, events=(*self.events, event))

    def _why_no_double(self) -> str:
        if not self.variant.cube:
            return f"{self.variant.title} is played without the doubling cube"
        if self.dice is not None:
            return "you can only double before you roll"
        if self.double_offered:
            return "a double is already waiting for an answer"
        if self.resign_offer is not None:
            return "answer the resignation first"
        if self.match.crawford:
            return "no doubling in the Crawford game"
        if self.cube_is_dead(self.turn):
            return "the cube is dead: winning this game already wins you the match"
        if self.cube_owner not in (None, self.turn):
            return "your opponent owns the cube"
        return f"the cube never goes past {MAX_CUBE}"

    def take(self, player: int | None = None) -> Self:
        self._check_actor(player, "take")
        if self.resign_offer is not None or not self.double_offered:
            raise GameStateError("there is no double to take")
        taker = self._opponent(self.turn)
        return replace(
            self,
            double_offered=False,
            cube=self.cube * 2,
            cube_owner=taker,
            events=(*self.events, Event(EventKind.TAKE, taker, value=self.cube * 2)),
        )

    def drop(self, player: int | None = None) -> Self:
        self._check_actor(player, "drop")
        if self.resign_offer is not None or not self.double_offered:
            raise GameStateError("there is no double to drop")
        dropper = self._opponent(self.turn)
        outcome = Outcome(Termination.DROPPED, self.turn, WinKind.SINGLE, self.cube)
        return replace(
            self, double_offered=False, outcome=outcome, events=(*self.events, Event(EventKind.DROP, dropper))
        )

    def resign(self, player: int, level: int | None = None) -> Self:
        """``player`` resigns.

        In backgammon it is an offer of a single (1), gammon (2) or backgammon (3), at most what the
        game can still cost (:meth:`resignation_value`; ``None``: that), which the opponent accepts
        or rejects. Elsewhere the game is lost at once at :meth:`resignation_value` (``level``, if
        given, must be its multiplier); in multigam the player takes the lowest place still open.
        """
        self._check_leaver(player)
        worth = self.resignation_value(player)
        if level is None:
            level = worth.multiplier
        if self.variant.scoring == "backgammon":
            if not is_int(level) or level not in (1, 2, 3):
                raise GameStateError(
                    f"resign a single (1), a gammon (2) or a backgammon (3), not {quoted(level)}"
                )
            if level > worth.multiplier:
                raise GameStateError(
                    f"the game cannot cost more than {_A_KIND[worth]} now: resign for at most that"
                )
            if self.resign_offer is not None:
                raise GameStateError("a resignation is already waiting for an answer")
            event = Event(EventKind.RESIGN, player, value=level)
            return replace(self, resign_offer=(player, level), events=(*self.events, event))
        if level != worth.multiplier:
            points = worth.multiplier * self.cube
            raise GameStateError(
                f"a resignation in {self.variant.title} costs {points} point{'s' if points != 1 else ''} now"
            )
        event = Event(EventKind.RESIGN, player, value=level)
        if self.variant.is_multiplayer:
            return self._drop_out(player, event)
        outcome = Outcome(Termination.RESIGNED, 1 - player, worth, worth.multiplier * self.cube)
        return replace(self, outcome=outcome, events=(*self.events, event))

    def accept_resignation(self, player: int | None = None) -> Self:
        self._check_actor(player, "accept")
        if self.resign_offer is None:
            raise GameStateError("nobody has offered to resign")
        loser, level = self.resign_offer
        outcome = self._scored(Termination.RESIGNED, 1 - loser, kind_of_level(level))
        event = Event(EventKind.ACCEPT, 1 - loser)
        return replace(
            self, resign_offer=None, double_offered=False, outcome=outcome, events=(*self.events, event)
        )

    def reject_resignation(self, player: int | None = None) -> Self:
        self._check_actor(player, "reject")
        if self.resign_offer is None:
            raise GameStateError("nobody has offered to resign")
        loser = self.resign_offer[0]
        return replace(self, resign_offer=None, events=(*self.events, Event(EventKind.REJECT, 1 - loser)))
