"""How fair the committed dice are (docs/RULES.md, "Dice anyone can verify"): ``python -m bench.dice``.

Throws ``--dice`` dice (a million by default) from one seed's stream (:func:`engine.dice.dice_stream`; a
fresh seed unless ``--seed HEX``) and prints, as figures to read, not a pass or a fail:

- each face's count and the chi-square of the faces against 1/6 each (5 degrees of freedom);
- the chi-square of the pairs (dice 1-2, 3-4, ...: the rolls) against 1/36 each (35 degrees of freedom);
- for each, the p-value: the chance that fair dice stray at least as far (a p-value under 0.01 happens to
  one fair stream in a hundred);
- the share of bytes skipped (those of 252 or more: 4/256 expected) and the dice thrown per second.
"""

from __future__ import annotations

import argparse
import dataclasses
import hashlib
import math
import time
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from engine.dice import Seed, dice_stream
from engine.dice.stream import FAIR_BYTES, SEED_BYTES, read_hex


def chi_square(observed: Sequence[int]) -> float:
    """Pearson's chi-square of ``observed`` counts against equal chances for every cell."""
    total = sum(observed)
    expected = total / len(observed)
    return sum((count - expected) ** 2 / expected for count in observed)


def p_value(statistic: float, freedom: int) -> float:
    """The chance that a chi-square with ``freedom`` degrees of freedom is at least ``statistic``: the
    regularised upper incomplete gamma function Q(freedom / 2, statistic / 2)."""
    a, x = freedom / 2, statistic / 2
    if x <= 0:
        return 1.0
    if x < a + 1:  # the series for P, then Q = 1 - P
        term = total = 1 / a
        n = a
        while abs(term) > abs(total) * 1e-15:
            n += 1
            term *= x / n
            total += term
        return max(0.0, 1 - total * math.exp(-x + a * math.log(x) - math.lgamma(a)))
    # the continued fraction for Q (Lentz's method)
    tiny = 1e-300
    b = x + 1 - a
    c, d = 1 / tiny, 1 / b
    h = d
    for i in range(1, 1000):
        an = -i * (i - a)
        b += 2
        d = an * d + b
        d = tiny if abs(d) < tiny else d
        c = b + an / c
        c = tiny if abs(c) < tiny else c
        d = 1 / d
        step = d * c
        h *= step
        if abs(step - 1) < 1e-15:
            break
    return math.exp(-x + a * math.log(x) - math.lgamma(a)) * h


@dataclass(frozen=True, slots=True)
class Figures:
    dice: int
    faces: tuple[int, ...]  # the count of each face, 1 to 6
    faces_chi: float
    pairs_chi: float
    skipped: float  # the share of the stream's bytes that gave no die

    @property
    def faces_p(self) -> float:
        return p_value(self.faces_chi, 5)

    @property
    def pairs_p(self) -> float:
        return p_value(self.pairs_chi, 35)


def measure(dice: Iterable[int], count: int) -> Figures:
    """The figures of the first ``count`` of ``dice`` (the bytes skipped: see :func:`bytes_for`)."""
    faces: Counter[int] = Counter()
    pairs: Counter[tuple[int, int]] = Counter()
    first = None
    taken = 0
    for die in dice:
        if taken == count:
            break
        taken += 1
        faces[die] += 1
        if first is None:
            first = die
        else:
            pairs[(first, die)] += 1
            first = None
    if taken < count:
        raise ValueError(f"only {taken} dice were given, not {count}")
    face_counts = tuple(faces[f] for f in range(1, 7))
    pair_counts = [pairs[(a, b)] for a in range(1, 7) for b in range(1, 7)]
    return Figures(count, face_counts, chi_square(face_counts), chi_square(pair_counts), 0.0)


def bytes_for(seed: bytes, count: int) -> int:
    """How many bytes of ``seed``'s stream it takes to throw ``count`` dice."""
    dice = used = counter = 0
    while dice < count:
        for byte in hashlib.sha256(seed + counter.to_bytes(8, "big")).digest():
            used += 1
            if byte < FAIR_BYTES:
                dice += 1
                if dice == count:
                    break
        counter += 1
    return used


def report(figures: Figures, seconds: float) -> list[str]:
    share = [f"{f}: {n} ({n / figures.dice:.5f})" for f, n in enumerate(figures.faces, 1)]
    return [
        f"dice: {figures.dice:,}",
        "faces: " + ", ".join(share) + f"  (1/6 = {1 / 6:.5f})",
        f"faces chi-square: {figures.faces_chi:.3f} with 5 degrees of freedom, p = {figures.faces_p:.4f}",
        f"pairs chi-square: {figures.pairs_chi:.3f} with 35 degrees of freedom, p = {figures.pairs_p:.4f}"
        f"  ({figures.dice // 2:,} rolls)",
        f"bytes skipped: {figures.skipped:.5f}  (4/256 = {4 / 256:.5f})",
        f"speed: {figures.dice / seconds:,.0f} dice per second ({seconds:.2f} s)",
    ]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.dice", description=__doc__.splitlines()[0])
    parser.add_argument("--dice", type=int, default=1_000_000, help="how many dice to throw (even)")
    parser.add_argument("--seed", default=None, help="the seed, 64 hex digits (default: a fresh one)")
    args = parser.parse_args(argv)
    if args.dice < 2 or args.dice % 2:
        parser.error(f"--dice is an even number of at least 2, not {args.dice}")
    seed = read_hex(args.seed, "--seed", SEED_BYTES) if args.seed else bytes.fromhex(Seed.new().reveal())
    started = time.perf_counter()
    figures = measure(dice_stream(seed), args.dice)
    seconds = time.perf_counter() - started
    figures = dataclasses.replace(figures, skipped=1 - args.dice / bytes_for(seed, args.dice))
    print(f"seed: {seed.hex()}")
    for line in report(figures, seconds):
        print(line)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
