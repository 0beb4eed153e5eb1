"""A side's chances in a 24-point game: the five numbers every backgammon evaluation gives."""

from __future__ import annotations

from dataclasses import dataclass

from engine.position import Position, paths_for


@dataclass(frozen=True, slots=True)
class Chances:
    """One side's chances in a 24-point game: to win (any way), to win a gammon or better, a
    backgammon, to lose a gammon or better, a backgammon (gnubg's five outputs)."""

    win: float
    win_gammon: float
    win_backgammon: float
    lose_gammon: float
    lose_backgammon: float

    @property
    def lose(self) -> float:
        return 1.0 - self.win

    def flipped(self) -> Chances:
        """The same chances seen by the other side."""
        return Chances(
            1.0 - self.win, self.lose_gammon, self.lose_backgammon, self.win_gammon, self.win_backgammon
        )

    @property
    def money(self) -> float:
        """Cubeless money equity in points per game (a gammon 2, a backgammon 3)."""
        return (
            2.0 * self.win
            - 1.0
            + self.win_gammon
            - self.lose_gammon
            + self.win_backgammon
            - self.lose_backgammon
        )


def final_chances(pos: Position, winner: int) -> Chances:
    """The chances of ``winner``, who has borne off every checker in ``pos``: certain, with the
    gammon or backgammon the position shows (backgammon scoring; :class:`Stakes` reads Mulligans
    from the position itself)."""
    loser = 1 - winner
    gammon = pos.off[loser] == 0
    backgammon = gammon and (pos.bar[loser] > 0 or _in_home_of(pos, loser, winner))
    return Chances(1.0, float(gammon), float(backgammon), 0.0, 0.0)


def _in_home_of(pos: Position, player: int, home_owner: int) -> bool:
    path = paths_for(pos.variant)[home_owner]
    for k in range(pos.variant.points - 6, pos.variant.points):
        val = pos.board[path[k]]
        if val and (val & 3) == player:
            return True
    return False
