"""A knockout tournament's bracket as the picture's data (:class:`images.BracketPicture`), from its
stored record: a column per round, each match known or still empty, its winner and score."""

from __future__ import annotations

from bot.store.protocol_tournaments import Decided, TournamentPairing, TournamentRecord
from bot.texts import tournaments as words
from images import BracketMatch, BracketPicture, BracketSlot


def bracket_picture(t: TournamentRecord) -> BracketPicture:
    made = {(p.round, p.slot): p for p in t.pairings}
    size = 1 << t.rounds
    rounds = []
    for r in range(1, t.rounds + 1):
        column = []
        for k in range(size >> r):
            p = made.get((r, k))
            if p is None:
                column.append(BracketMatch(BracketSlot(), BracketSlot()))
                continue
            top_first = r == 1 or _came_from(made, r - 1, 2 * k, p.a)
            column.append(_match(t, p, top_first))
        rounds.append(tuple(column))
    champion = t.name_of(t.champion_id) if t.champion_id is not None else None
    return BracketPicture(t.name, tuple(rounds), champion)


def _came_from(made: dict[tuple[int, int], TournamentPairing], r: int, k: int, user_id: int) -> bool:
    feeder = made.get((r, k))
    return feeder is not None and feeder.winner == user_id


def _slot(t: TournamentRecord, user_id: int | None) -> BracketSlot:
    if user_id is None:
        return BracketSlot(bye=True)
    entrant = t.entrant(user_id)
    return BracketSlot(t.name_of(user_id), entrant.seed if entrant is not None else None)


def _match(t: TournamentRecord, p: TournamentPairing, top_first: bool) -> BracketMatch:
    first, second = (p.a, p.b) if top_first else (p.b, p.a)
    winner = None
    if p.winner is not None:
        winner = 0 if p.winner == first else 1
    score = ""
    if p.how is Decided.MATCH or p.how is Decided.DEADLINE:
        a, b = p.points if top_first else p.points[::-1]
        score = f"{a}-{b}" if p.how is Decided.MATCH else words.HOW[p.how]
    elif p.how is not None and p.how is not Decided.BYE:
        score = words.HOW[p.how]
    return BracketMatch(_slot(t, first), _slot(t, second), winner, score)


__all__ = ["bracket_picture"]
