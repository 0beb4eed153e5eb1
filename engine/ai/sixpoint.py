"""Evaluation of two-player 6-point positions (minigam, minigam-full-entry, minigam-strict).

The backbone is the exact race: each side's one-sided roll distribution (:mod:`engine.ai.race`)
gives the chance of finishing first if nobody is ever hit or blocked again. Contact is then
priced in by three hand-designed terms, whose weights were tuned with the arena:

- **blots under fire**: for each of the opponent's 21 rolls, the shots they have at the mover's
  blots (direct and combined, through open points, entering from the bar included); when a blot
  can be hit, the race is re-read with the most damaging hit checker sent to the bar;
- **entry**: a checker on the bar enters only on an open point; the race table assumes it always
  enters, so each side's bar checkers cost the expected rolls lost against the other side's made
  points on their entry points (fewer than all six points open);
- **blocks**: a made point in front of opposing checkers that must pass it (a small bonus per
  checker held behind it).

The value is the mover's equity, ``2 * P(win) - 1``, after the mover's play with the opponent to
roll; :meth:`SixPointEval.win` gives the probability itself.
"""

from __future__ import annotations

import math

from engine.ai.race import race_state, race_table
from engine.ai.shots import roll_reaches
from engine.position import Position, paths_for
from engine.variants import Variant

# The hints' calibration, ``(a, b)`` per variant: the chance to win is ``logistic(a + b * raw_logit(value))``
# for a look-ahead value (equity) of ``hard``. Fitted to ``hard``'s self-play by
# ``python -m engine.ai.fit --hints VARIANT --games G --seed 7`` (G: 400, 800, 400 games).
HINT_CALIBRATION: dict[str, tuple[float, float]] = {
    "minigam": (0.0684, 0.7136),
    "minigam-full-entry": (0.2079, 0.8316),
    "minigam-strict": (0.0952, 0.8330),
}


# ``easy``'s softmax over ``medium``'s ranking, ``(candidates, margin, temperature)`` per variant: tuned so
# that the winning chance ``easy`` gives up per move against perfect play is as far above ``medium``'s as
# ``medium``'s is above ``hard``'s (evenly spaced levels), measured by
# ``python -m engine.solve grade --variant VARIANT --games 400 --seed 1`` (engine/ai/RESULTS.md).
EASY_SOFTMAX: dict[str, tuple[int, float, float]] = {
    "minigam": (4, 0.3, 0.1),
    "minigam-full-entry": (4, 0.3, 0.1),
    "minigam-strict": (4, 0.15, 0.05),
}


def raw_logit(equity: float) -> float:
    """The logit of the win chance an equity ``2 * P - 1`` stands for (bounded at 1e-6 and 1 - 1e-6)."""
    p = min(max((equity + 1.0) / 2.0, 1e-6), 1.0 - 1e-6)
    return math.log(p / (1.0 - p))


def hint_win(variant: str, equity: float) -> float:
    """The chance to win that a hint shows for ``hard``'s look-ahead ``equity`` (calibrated; a
    certain result stays certain)."""
    if equity >= 1.0 or equity <= -1.0:
        return 1.0 if equity > 0 else 0.0
    a, b = HINT_CALIBRATION.get(variant, (0.0, 1.0))
    return 1.0 / (1.0 + math.exp(-(a + b * raw_logit(equity))))


class SixPointEval:
    """The hand-designed evaluation for the 2-player 6-point variants (the ``medium`` level's)."""

    def __init__(
        self,
        variant: Variant,
        *,
        block_weight: float = 0.015,
        entry_weight: float = 1.0,
        direct_shots_only: bool = False,
    ) -> None:
        if variant.points != 6 or variant.players != 2:
            raise ValueError(f"{variant.name} is not a two-player 6-point variant")
        self.variant = variant
        self.table = race_table(variant)
        self.paths = paths_for(variant)
        self.block_weight = block_weight
        self.entry_weight = entry_weight
        self.cache: dict = {}
        self.reaches = roll_reaches(variant.doubles_moves, direct_only=direct_shots_only)

    # ------------------------------------------------------------------ public
    def equity(self, pos: Position, mover: int) -> float:
        return 2.0 * self.win(pos, mover) - 1.0

    def win(self, pos: Position, mover: int) -> float:
        """P(``mover`` wins), ``pos`` right after ``mover``'s play (the opponent rolls next)."""
        key = (pos.board, pos.bar, mover)
        cached = self.cache.get(key)
        if cached is not None:
            return cached
        if len(self.cache) > 200_000:  # bounded memory
            self.cache.clear()
        value = self._win(pos, mover)
        self.cache[key] = value
        return value

    # ------------------------------------------------------------------ model
    def _win(self, pos: Position, me: int) -> float:
        n = self.variant.checkers
        if pos.off[me] == n:
            return 1.0
        opp = 1 - me
        if pos.off[opp] == n:
            return 0.0
        s_me = race_state(pos, me)
        s_opp = race_state(pos, opp)
        table = self.table
        if not self.contact(pos):
            return table.win_first(s_me, s_opp)
        # steps along the opponent's path: my checkers and blots, their sources, made points
        opp_path = self.paths[opp]
        board = pos.board
        my_blot_steps = []
        opp_sources = [0] if pos.bar[opp] else []
        my_made = [False] * 8
        for k in range(1, 7):
            val = board[opp_path[k - 1]]
            if not val:
                continue
            if (val & 3) == opp:
                opp_sources.append(k)
            elif val < 8:
                my_blot_steps.append(k)
            else:
                my_made[k] = True
        base = table.win_first(s_me, s_opp)
        # Entry: the race table assumes free entry; bar checkers facing made points lose rolls.
        delay_me = self._entry_delay(pos, me, opp) * pos.bar[me]
        delay_opp = self._entry_delay(pos, opp, me) * pos.bar[opp]
        if delay_me or delay_opp:
            base = self._shifted(s_me, s_opp, delay_me, delay_opp, base)
        if not my_blot_steps or not opp_sources:
            return self._block_bonus(pos, me, opp, base)
        # Blots under fire: the opponent hits the blot whose loss hurts most.
        hit_value = {}
        for t in my_blot_steps:
            counts = list(s_me)
            dist = t  # the opponent's step t is my step 7 - t: distance t
            counts[dist - 1] -= 1
            counts[6] += 1
            after = table.win_first(tuple(counts), s_opp)
            if delay_me or delay_opp:
                after = self._shifted(tuple(counts), s_opp, delay_me, delay_opp, after)
            hit_value[t] = after
        total = 0.0
        for w, steps in self.reaches:
            worst = base
            for src in opp_sources:
                for dist, via in steps:
                    t = src + dist
                    if t > 6 or t not in hit_value:
                        continue
                    if any(my_made[src + v] for v in via):
                        continue
                    worst = min(worst, hit_value[t])
            total += w * worst
        return self._block_bonus(pos, me, opp, total)

    def contact(self, pos: Position) -> bool:
        """Can a checker of one side still land on a checker of the other?"""
        board = pos.board
        path0 = self.paths[0]
        # steps (1..6) along player 0's path of each side's checkers
        zero_steps = [k for k in range(1, 7) if board[path0[k - 1]] and (board[path0[k - 1]] & 3) == 0]
        one_steps = [k for k in range(1, 7) if board[path0[k - 1]] and (board[path0[k - 1]] & 3) == 1]
        has0 = bool(zero_steps) or pos.bar[0] > 0
        has1 = bool(one_steps) or pos.bar[1] > 0
        if not (has0 and has1):
            return False
        if pos.bar[0] or pos.bar[1]:
            return True
        # player 0 moves up the steps, player 1 down: contact while some 0 is below some 1
        return min(zero_steps) < max(one_steps)

    def _entry_delay(self, pos: Position, player: int, other: int) -> float:
        """Expected extra rolls per bar checker of ``player`` from ``other``'s made entry points."""
        path = self.paths[player]
        blocked = 0
        for k in range(6):
            val = pos.board[path[k]]
            if val >= 8 and (val & 3) == other:
                blocked += 1
        if not blocked:
            return 0.0
        if blocked == 6:
            return 3.0
        fail = (blocked / 6) ** 2
        return self.entry_weight * fail / (1.0 - fail)

    def _shifted(self, s_me, s_opp, delay_me: float, delay_opp: float, base: float) -> float:
        """The race with each side's finish delayed by a (fractional) number of rolls."""
        shift = delay_opp - delay_me  # positive: the opponent is slowed down
        if not shift:
            return base
        # One roll of shift is worth about the race's sensitivity: the difference between
        # finishing a roll earlier and now; use the table's mean rolls through a logistic slope.
        mean_me = self.table.mean[s_me]
        mean_opp = self.table.mean[s_opp]
        spread = 0.9 + 0.12 * (mean_me + mean_opp)
        from math import exp, log

        b = min(max(base, 1e-6), 1 - 1e-6)
        logit = log(b / (1 - b)) + 1.7 * shift / spread
        return 1.0 / (1.0 + exp(-logit))

    def _block_bonus(self, pos: Position, me: int, opp: int, p: float) -> float:
        if not self.block_weight:
            return p
        opp_path = self.paths[opp]
        board = pos.board
        held = 0
        behind = pos.bar[opp]
        for k in range(1, 7):
            val = board[opp_path[k - 1]]
            if not val:
                continue
            if (val & 3) == opp:
                behind += val >> 2
            elif val >= 8:
                held += behind
        my_path = self.paths[me]
        held_me = 0
        behind = pos.bar[me]
        for k in range(1, 7):
            val = board[my_path[k - 1]]
            if not val:
                continue
            if (val & 3) == me:
                behind += val >> 2
            elif val >= 8:
                held_me += behind
        return min(1.0, max(0.0, p + self.block_weight * (held - held_me)))
