"""Every board is drawn for the person it is for: against the computer the person, always; between people
the player to act (and once the game is over, the winner). On every kind of board of every two-player game
the point numbers are that player's, and the caption's last play names the points its arrows join."""

from __future__ import annotations

import re

import pytest

from bot.core.boards import picture
from bot.core.catalogue import TWO_PLAYER_VARIANTS
from bot.core.live import LiveMatch
from bot.models import COMPUTER_ID, MatchRecord, MatchStatus, Seat
from engine import BAR, OFF, Awaiting, Game, Match, SeededDice, find_variant
from engine.notation import move_chains
from images.layout import point_number
from images.scene import Scene, build_scene

PEOPLE = (Seat(11, "Alice"), Seat(22, "Bob"))
COMPUTER = Seat(COMPUTER_ID, "Computer (hard)", "hard")


def _played(variant: str, seed: int, turns: int) -> Game:
    """A game ``turns`` plays in, the player to move about to roll, after a play that moved checkers."""
    dice = SeededDice(seed)
    game = Game.start(variant, dice)
    for _ in range(100):
        if game.awaiting is Awaiting.ROLL:
            if turns <= 0 and game.last_play is not None and game.last_play.moves:
                return game
            game = game.roll(dice)
        else:
            game = game.play(game.legal_plays()[-1])
            turns -= 1
    raise AssertionError("no play that moved checkers")


def boards(variant: str) -> dict[str, Game]:
    """A game of ``variant`` at each kind of board it has."""
    v = find_variant(variant)
    before = _played(variant, 5, 3)
    kinds = {"roll": before, "play": before.roll(SeededDice(9))}
    if v.cube:
        kinds["double offered"] = before.double()
    if v.scoring == "backgammon":
        kinds["resignation offered"] = before.resign(before.turn, 1)
        kinds["last board"] = kinds["resignation offered"].accept_resignation()
    else:
        kinds["last board"] = before.resign(1 - before.turn)
    return kinds


CASES = [(variant, kind) for variant in TWO_PLAYER_VARIANTS for kind in boards(variant)]
TABLES = {"Alice and the computer": 0, "the computer and Alice": 1, "Alice and Bob": None}


def live_match(game: Game, person: int | None) -> LiveMatch:
    """A match of ``game``: the person in seat ``person`` against the computer, or two people (``None``)."""
    seats = PEOPLE if person is None else tuple(PEOPLE[0] if s == person else COMPUTER for s in (0, 1))
    record = MatchRecord(
        match_id=1,
        guild_id=1,
        channel_id=100,
        variant=game.variant.name,
        target=1,
        rated=False,
        status=MatchStatus.ACTIVE,
        seats=seats,
        version=1,
        current_game_id=1,
        turn_started_at=0.0,
    )
    return LiveMatch(record, Match.new(game.variant, 1), game, len(game.events))


def _label(scene: Scene, point: int) -> str:
    if point in (BAR, OFF):
        return "bar" if point == BAR else "off"
    return str(point_number(scene.kind, scene.perspective, point))


def caption_ends(scene: Scene) -> set[tuple[str, str]]:
    """The first and last point of each move the caption writes (``24/18*/13(2)``: 24 and 13)."""
    moves = scene.last_text.split(": ", 1)[1].split()
    ends = set()
    for move in moves:
        points = re.sub(r"\(\d\)$", "", move).replace("*", "").split("/")
        ends.add((points[0], points[-1]))
    return ends


def arrow_ends(scene: Scene) -> set[tuple[str, str]]:
    """Where each arrow of the last play starts and ends, as the numbers drawn on those points."""
    assert scene.last_play is not None
    return {(_label(scene, c[0].src), _label(scene, c[-1].dst)) for c in move_chains(scene.last_play.moves)}


@pytest.mark.parametrize("table", TABLES)
@pytest.mark.parametrize(("variant", "kind"), CASES)
def test_the_board_is_numbered_for_its_person_and_the_caption_names_the_points_its_arrows_join(
    variant: str, kind: str, table: str
) -> None:
    game = boards(variant)[kind]
    person = TABLES[table]
    expected = person
    if person is None:  # between people: the player to act, once it is over the winner
        expected = game.actor if game.actor is not None else game.outcome.winner

    drawn = picture(live_match(game, person), game)
    scene = build_scene(drawn.game, names=drawn.names, perspective=drawn.perspective)

    assert drawn.perspective == expected
    if game.variant.points == 24:
        assert scene.perspective == expected  # at the bottom, numbered from their side
    assert scene.last_text, "every board here shows the last play"
    assert caption_ends(scene) == arrow_ends(scene)
