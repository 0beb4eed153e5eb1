"""A person's own preferences (``/minigam prefs``, the console's ``prefs``): what the bot does for them at
once, as gnubg and the playing sites offer. Kept per person, the same in every server; shown privately.

- ``roll`` (:class:`AutoRoll`): ``ask`` (the default) waits for Roll or Double whenever the person may
  double; ``no-double`` rolls at once when the computer's cube advice says doubling isn't worth it (in
  unrated matches only: in a rated one the board's Double button would give the advice away, so it asks);
  ``always`` rolls at once, never stopping to double. Whoever cannot double at all (the cube is the
  opponent's, the Crawford game, a variant without a cube) has their dice rolled at once whatever they
  chose: there is nothing to decide (:func:`bot.core.commit.settle`).
- ``forced`` (off by default): a forced play, the only legal play, is played at once.
- ``bear_off`` (off by default): in a backgammon race (no contact left), a roll that can bear off a
  checker with every die does so at once (gnubg's automatic bear-off).
- ``puzzles`` (on by default): the positions of the person's worst decisions may be puzzles for the others
  of the server (shown without names, :mod:`bot.core.puzzles.harvest`); off keeps them out (their own
  ``/minigam train`` still has them).

The bot never moves for someone who did not ask it to: ``forced`` and ``bear_off`` are off until the
person turns them on, and ``roll`` asks. The actions themselves are in :mod:`bot.core.automatic`.
"""

from __future__ import annotations

import enum
import logging
from collections.abc import Mapping
from dataclasses import dataclass, fields, replace

from bot.core.context import Context
from bot.core.errors import ServiceError
from bot.core.notices import Reply, Result
from bot.models import PlayerRef
from bot.texts import prefs as words

log = logging.getLogger(__name__)


class AutoRoll(enum.StrEnum):
    """When the dice are rolled at once for a person who may double."""

    ASK = "ask"
    NO_DOUBLE = "no-double"
    ALWAYS = "always"


assert tuple(AutoRoll) == words.ROLL_CHOICES  # the texts list them too

SWITCHES = {"on": True, "off": False}


@dataclass(frozen=True, slots=True)
class Prefs:
    """A person's preferences (the defaults where they changed nothing)."""

    roll: AutoRoll = AutoRoll.ASK
    forced: bool = False
    bear_off: bool = False
    puzzles: bool = True

    @classmethod
    def from_stored(cls, stored: Mapping[str, str], user_id: int = 0) -> Prefs:
        """The preferences as stored; a value this code cannot read is taken as the default (logged)."""
        prefs = cls()
        for key, value in stored.items():
            try:
                prefs = prefs.changed({key: value})
            except ServiceError:
                log.warning("player %s: stored preference %s=%r ignored", user_id, key, value)
        return prefs

    def changed(self, changes: Mapping[str, str]) -> Prefs:
        """These preferences with ``changes`` (names and values as typed); a refusal that names the first
        bad one otherwise."""
        new = self
        for name, value in changes.items():
            key = name.strip().lower().replace("-", "_")
            text = value.strip().lower()
            if key == "roll":
                if text not in words.ROLL_CHOICES:
                    raise ServiceError(words.bad_roll(value))
                new = replace(new, roll=AutoRoll(text))
            elif key in ("forced", "bear_off", "puzzles"):
                if text not in SWITCHES:
                    raise ServiceError(words.bad_switch(key, value))
                new = replace(new, **{key: SWITCHES[text]})
            else:
                raise ServiceError(words.bad_pref(name))
        return new

    def stored(self) -> dict[str, str | None]:
        """Each preference as stored: its value, or ``None`` where it is the default (nothing stored)."""
        default = Prefs()
        out: dict[str, str | None] = {}
        for f in fields(self):
            value = getattr(self, f.name)
            text = value if isinstance(value, str) else ("on" if value else "off")
            out[f.name] = None if value == getattr(default, f.name) else str(text)
        return out


async def prefs_of(ctx: Context, user_id: int) -> Prefs:
    """``user_id``'s preferences, read from the store (any process may have changed them)."""
    return Prefs.from_stored(await ctx.store.player_prefs(user_id), user_id)


class PlayerPrefs:
    """``/minigam prefs``: shown to the person alone, changed by them alone."""

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx

    async def show(self, user: PlayerRef) -> Result:
        return Result([Reply(_text(await prefs_of(self.ctx, user.user_id)))])

    async def change(self, user: PlayerRef, changes: Mapping[str, str]) -> Result:
        """Change ``user``'s preferences (all of ``changes`` or, on a bad one, none); then the matches where
        they are to act and the bot may now act for them at once (the runner takes those actions)."""
        if not changes:
            return await self.show(user)
        old = await prefs_of(self.ctx, user.user_id)
        new = old.changed(changes)
        async with self.ctx.store.transaction() as tx:
            for key, value in new.stored().items():
                await tx.set_player_pref(user.user_id, key, value)
        names = [f.name for f in fields(Prefs) if getattr(new, f.name) != getattr(old, f.name)]
        reply = Reply(_text(new, changed=names or ["none"]))
        return Result([reply], tuple(_to_act(self.ctx, user.user_id)))


def _to_act(ctx: Context, user_id: int) -> list[int]:
    """The matches in play where ``user_id`` is the one to act."""
    out = []
    for live in ctx.live.of_user(user_id):
        actor = live.game.actor
        seat = live.record.seats[actor] if actor is not None else None
        if seat is not None and not seat.is_computer and seat.user_id == user_id:
            out.append(live.match_id)
    return out


def _text(prefs: Prefs, *, changed: list[str] | None = None) -> str:
    return words.prefs_text(
        str(prefs.roll), prefs.forced, prefs.bear_off, changed=changed or (), puzzles=prefs.puzzles
    )


__all__ = ["AutoRoll", "PlayerPrefs", "Prefs", "prefs_of"]
