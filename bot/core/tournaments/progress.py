"""How a tournament moves on, from its stored record alone (pure: no store, no clock): the seeds, the
pairings due now (a round, or a knockout match whose two players are known), the table and the champion.

A pairing with a removed player is decided at once for the other (a walkover); a bye is decided at once
for its player. Knockout: the bracket of :func:`~bot.core.tournaments.pairing.bracket_order`, round
``r + 1``'s match ``k`` between the winners of round ``r``'s matches ``2k`` and ``2k + 1``. Swiss: the
next round is paired (:func:`~bot.core.tournaments.pairing.swiss_pairing`) when the last match of a round
is decided; removed players are paired no more. Round robin: the circle method's rounds, one at a time.
"""

from __future__ import annotations

from bot.core.tournaments.pairing import (
    MatchResult,
    Pairing,
    Standing,
    SwissPlayer,
    bracket_order,
    round_robin,
    standings,
    swiss_pairing,
    swiss_rounds,
)
from bot.store.protocol_tournaments import (
    Decided,
    Entrant,
    TournamentFormat,
    TournamentPairing,
    TournamentRecord,
)

LEAST_PLAYERS = {
    TournamentFormat.KNOCKOUT: 4,
    TournamentFormat.SWISS: 4,
    TournamentFormat.ROUND_ROBIN: 3,
}
"""The fewest players a tournament starts with. Knockout: with 2 or 3 it is one match, or one match and a
final against a rested player; Swiss: with fewer than 4 its rounds are rematches; round robin: with 2 it
is a single match (a challenge does that)."""

MOST_PLAYERS = {
    TournamentFormat.KNOCKOUT: 64,  # the bracket picture stays readable on a phone up to 64
    TournamentFormat.SWISS: 128,
    TournamentFormat.ROUND_ROBIN: 16,  # 15 rounds already
}


def seeding(entrants: tuple[Entrant, ...]) -> list[tuple[int, int]]:
    """``(user_id, seed)``: by rating in the variant, the earlier to join first among equal ratings."""
    ordered = sorted(entrants, key=lambda e: (-e.rating, e.joined))
    return [(e.user_id, n) for n, e in enumerate(ordered, start=1)]


def total_rounds(t: TournamentRecord, players: int) -> int:
    """The rounds a tournament of ``players`` plays (Swiss: as asked, else the default)."""
    match t.format:
        case TournamentFormat.KNOCKOUT:
            return (len(bracket_order(players)) - 1).bit_length()
        case TournamentFormat.SWISS:
            return t.rounds or swiss_rounds(players)
        case TournamentFormat.ROUND_ROBIN:
            return len(round_robin(list(range(players))))
    raise ValueError(t.format)


def _seeds(t: TournamentRecord) -> dict[int, int]:
    return {e.user_id: e.seed or 0 for e in t.entrants}


def _by_seed(t: TournamentRecord) -> list[int]:
    return [e.user_id for e in sorted(t.entrants, key=lambda e: e.seed or 0)]


def _removed(t: TournamentRecord) -> set[int]:
    return {e.user_id for e in t.entrants if e.removed}


def _new(t: TournamentRecord, round_: int, slot: int, a: int, b: int | None) -> TournamentPairing:
    """A new pairing, ``a`` the better seed; decided at once when it is a bye or a walkover."""
    seeds = _seeds(t)
    if b is not None and seeds.get(b, 0) < seeds.get(a, 0):
        a, b = b, a
    if b is None:
        return TournamentPairing(round_, slot, a, None, winner=a, how=Decided.BYE)
    out = _removed(t)
    if a in out or b in out:
        winner = b if a in out and b not in out else a
        return TournamentPairing(round_, slot, a, b, winner=winner, how=Decided.WALKOVER)
    return TournamentPairing(round_, slot, a, b)


def due_pairings(t: TournamentRecord) -> list[TournamentPairing]:
    """The pairings to make now (``t`` running, its entrants seeded)."""
    match t.format:
        case TournamentFormat.KNOCKOUT:
            return _knockout_due(t)
        case TournamentFormat.SWISS:
            return _swiss_due(t)
        case TournamentFormat.ROUND_ROBIN:
            return _round_robin_due(t)
    raise ValueError(t.format)


def _knockout_due(t: TournamentRecord) -> list[TournamentPairing]:
    made = {(p.round, p.slot): p for p in t.pairings}
    new: list[TournamentPairing] = []
    if not made:
        ids = _by_seed(t)
        order = bracket_order(len(ids))
        for k in range(len(order) // 2):
            top, bottom = order[2 * k], order[2 * k + 1]
            players = [ids[s - 1] for s in (top, bottom) if s is not None]
            p = _new(t, 1, k, players[0], players[1] if len(players) > 1 else None)
            made[(1, k)] = p
            new.append(p)
    size = 1 << t.rounds
    for r in range(2, t.rounds + 1):
        for k in range(size >> r):
            if (r, k) in made:
                continue
            first, second = made.get((r - 1, 2 * k)), made.get((r - 1, 2 * k + 1))
            if first is None or second is None or first.winner is None or second.winner is None:
                continue
            p = _new(t, r, k, first.winner, second.winner)
            made[(r, k)] = p
            new.append(p)
    return new


def _round_done(t: TournamentRecord) -> bool:
    """Whether the round in play (if any) is over, so the next may be paired."""
    return all(p.decided for p in t.round_pairings(t.round))


def _swiss_due(t: TournamentRecord) -> list[TournamentPairing]:
    if t.round >= t.rounds or not _round_done(t):
        return []
    out = _removed(t)
    wins = {e.user_id: 0.0 for e in t.entrants}
    for p in t.pairings:
        if p.winner is not None:
            wins[p.winner] += 1
    seeds = _seeds(t)
    players = [SwissPlayer(u, wins[u], seeds[u]) for u in _by_seed(t) if u not in out]
    if len(players) < 2:
        return []
    played = [frozenset((p.a, p.b)) for p in t.pairings if p.b is not None]
    had_bye = [p.a for p in t.pairings if p.b is None]
    return _next_round(t, swiss_pairing(players, played, had_bye))


def _round_robin_due(t: TournamentRecord) -> list[TournamentPairing]:
    if t.round >= t.rounds or not _round_done(t):
        return []
    return _next_round(t, round_robin(_by_seed(t))[t.round])


def _next_round(t: TournamentRecord, pairing: Pairing) -> list[TournamentPairing]:
    """The next round's pairings of ``t``: ``pairing``'s pairs, then its bye."""
    number = t.round + 1
    new = [_new(t, number, k, a, b) for k, (a, b) in enumerate(pairing.pairs)]
    if pairing.bye is not None:
        new.append(_new(t, number, len(new), pairing.bye, None))
    return new


def results(t: TournamentRecord) -> list[MatchResult]:
    return [MatchResult(p.a, p.b, p.winner, p.points) for p in t.pairings if p.winner is not None]


def table(t: TournamentRecord) -> list[Standing]:
    """Swiss and round robin: the standings (match wins, Buchholz, points difference, seed)."""
    return standings(_by_seed(t), results(t), _seeds(t))


def champion(t: TournamentRecord) -> int | None:
    """The winner, once every round is played; ``None`` before."""
    if t.format is TournamentFormat.KNOCKOUT:
        final = next((p for p in t.pairings if p.round == t.rounds), None)
        return final.winner if final is not None else None
    if not t.pairings or not _round_done(t):
        return None
    out = _removed(t)
    if t.round < t.rounds and len(t.entrants) - len(out) >= 2:
        return None
    ranked = table(t)
    return next((s.player_id for s in ranked if s.player_id not in out), ranked[0].player_id)


def current_pairing(t: TournamentRecord, user_id: int) -> TournamentPairing | None:
    """The undecided pairing of ``user_id`` (one at a time: a round waits for the one before)."""
    return next((p for p in t.pairings if not p.decided and p.has(user_id)), None)


__all__ = [
    "LEAST_PLAYERS",
    "MOST_PLAYERS",
    "champion",
    "current_pairing",
    "due_pairings",
    "results",
    "seeding",
    "table",
    "total_rounds",
]
