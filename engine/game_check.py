"""A game's JSON (``Game.to_json``) and the checks that a stored game's fields fit together as a game can
have them (``Game.from_json`` reads the fields with :mod:`engine.game_json`, then checks them here).

The functions take the game as their argument (``self``), as the methods they were.
"""

from __future__ import annotations

from typing import Any

from engine.errors import GameDataError
from engine.game_json import FORMAT_VERSION
from engine.scoring import MAX_CUBE, Outcome, Termination, loss_kind

Game = Any  # an engine.game.Game (not imported: the game imports this module)


def game_json(self: Game) -> dict:
    """``Game.to_json``: the game as JSON, in :data:`FORMAT_VERSION`."""
    return {
        "format": FORMAT_VERSION,
        "variant": self.variant.name,
        "position": self.position.to_json(),
        "dice": list(self.dice) if self.dice else None,
        "cube": self.cube,
        "cube_owner": self.cube_owner,
        "double_offered": self.double_offered,
        "resign_offer": list(self.resign_offer) if self.resign_offer else None,
        "finished": list(self.finished),
        "outcome": self.outcome.to_json() if self.outcome else None,
        "match": self.match.to_json(),
        "events": [e.to_json() for e in self.events],
        "last_play": (
            [[m.src, m.dst, m.hit] for m in self.last_play.moves] if self.last_play is not None else None
        ),
        "last_player": self.last_player,
    }


def check_state(self: Game) -> None:
    """Raise :class:`GameDataError` unless the fields fit together as a game can have them."""
    v = self.variant
    pos = self.position
    if not v.cube and (self.cube != 1 or self.cube_owner is not None or self.double_offered):
        raise GameDataError(f"{v.name} has no doubling cube")
    if (self.cube == 1) != (self.cube_owner is None):
        raise GameDataError("the cube is centred at 1 and owned once doubled")
    if self.cube > MAX_CUBE:
        raise GameDataError(f"the cube is at {self.cube}, past the {MAX_CUBE} it may reach")
    done = [p for p in range(v.players) if pos.off[p] == v.checkers]
    if sorted(self.finished) != done:
        raise GameDataError(
            f"the finished players {list(self.finished)} are not those with every checker off"
        )
    if self.outcome is None:
        _check_live(self)
    else:
        _check_over(self, self.outcome)


def _check_live(self: Game) -> None:
    v = self.variant
    if self.turn not in self.active_players():
        raise GameDataError(f"player {self.turn} is on turn but has left the game")
    if len(self.active_players()) < 2 or (not v.is_multiplayer and self.finished):
        raise GameDataError("a game with a player who has borne everything off must have an outcome")
    if self.double_offered and (
        self.dice is not None
        or self.match.crawford
        or self.cube_owner not in (None, self.turn)
        or self.cube * 2 > MAX_CUBE
    ):
        raise GameDataError("a double is offered where the player to move may not double")
    if self.resign_offer is not None:
        player, level = self.resign_offer
        if v.scoring != "backgammon":
            raise GameDataError(f"a resignation in {v.name} is not an offer")
        if level > self.resignation_value(player).multiplier:
            raise GameDataError("a resignation is offered for more than the game can cost")


def _check_over(self: Game, outcome: Outcome) -> None:
    v = self.variant
    if self.double_offered or self.resign_offer is not None:
        raise GameDataError("an offer waits for an answer in a game that is over")
    if v.is_multiplayer:
        if outcome.placings[: len(self.finished)] != self.finished:
            raise GameDataError("the placings do not start with the players who finished")
        return
    due = outcome.kind.multiplier * self.cube
    if outcome.termination in (Termination.BORNE_OFF, Termination.RESIGNED):
        due = self._scored(outcome.termination, outcome.winner, outcome.kind).points
        if outcome.jacoby != (due != outcome.kind.multiplier * self.cube):
            raise GameDataError("an outcome is scored by the Jacoby rule exactly when the rule applies")
    if outcome.points != due:
        raise GameDataError(f"a {outcome.kind.value} with the cube at {self.cube} is not {outcome.points}")
    if (outcome.termination is Termination.BORNE_OFF) != bool(self.finished):
        raise GameDataError("a game is won by bearing off exactly when a player has borne off everything")
    if self.finished and (
        self.finished != (outcome.winner,) or outcome.kind is not loss_kind(self.position, 1 - outcome.winner)
    ):
        raise GameDataError("the outcome does not match the final position")


__all__ = ["check_state", "game_json"]
