"""Playing at the match-service level: moves, refusals, passes, the version check, concurrency,
the move-by-move menu, resigning, cancelling, autocomplete, the computer and hints."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

import pytest

from bot.models import COMPUTER_ID
from bot.service import MatchService, ServiceError, play_choices, resign_level
from bot.storage import Transaction
from bot.thinking import Thinker
from engine import Dice, Game, Play, Position, SeededDice
from tests.bot.conftest import ALICE, BOB, CAROL, CHANNEL, GUILD, boards, start_challenge_match

# Opening: Alice 2, Bob 1 -> Alice plays 2-1. Then Bob 2-1, Alice 1-1, Bob 6-6 (blocked), Alice 3-2.
DICE = [2, 1, 2, 1, 1, 1, 6, 6, 3, 2, 4, 1]


async def _started(make_service, dice=DICE, **kwargs) -> tuple[MatchService, int]:
    service = make_service(dice, **kwargs)
    await start_challenge_match(service)
    match_id = service.match_in_channel(CHANNEL)
    assert match_id is not None
    return service, match_id


async def test_a_legal_move_is_accepted_and_the_next_player_is_mentioned(make_service) -> None:
    service, match_id = await _started(make_service)
    version = service.version(match_id)

    result = await service.move(CHANNEL, ALICE, "bar/2 bar/1")

    (board,) = boards(result)
    assert board.text == "Alice played `bar/2 bar/1` with 2-1.\nBob, your turn: you rolled **2-1**."
    assert board.mention == BOB.user_id
    assert set(board.choices) == {"bar/5 bar/6", "bar/5/4"}
    assert board.perspective == 1
    assert board.version == version + 1
    assert service.version(match_id) == version + 1
    game = service.game(match_id)
    assert game.position.point(1) == (0, 1)
    assert game.position.point(2) == (0, 1)
    assert game.turn == 1


async def test_the_same_play_written_another_way_is_accepted(make_service) -> None:
    service, match_id = await _started(make_service)

    await service.move(CHANNEL, ALICE, "bar/1/3")  # the same position as bar/2/3

    assert service.game(match_id).position.point(3) == (0, 1)


async def test_an_accepted_move_is_on_disk_before_the_result_returns(make_service, db_path: Path) -> None:
    service, match_id = await _started(make_service)

    await service.move(CHANNEL, ALICE, "bar/2 bar/1")

    with sqlite3.connect(db_path) as db:
        version, state = db.execute(
            "SELECT version, state FROM matches WHERE match_id = ?", (match_id,)
        ).fetchone()
        kinds = [r[0] for r in db.execute("SELECT kind FROM plays ORDER BY seq")]
    assert version == service.version(match_id)
    assert '"turn": 1' in state
    assert kinds == ["opening", "play", "roll"]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("bar/4", "not possible with 2-1"),
        ("hello", "'hello' is not a move"),
        ("bar/2", "is not the whole turn: you must also play the 1"),
        ("bar/7 bar/1", "there is no point 7"),
        ("pass", "you can move with 2-1, so you cannot pass"),
    ],
)
async def test_a_bad_play_gets_a_specific_error_and_changes_nothing(
    make_service, text: str, message: str
) -> None:
    service, match_id = await _started(make_service)
    version = service.version(match_id)
    game = service.game(match_id)

    with pytest.raises(ServiceError) as info:
        await service.move(CHANNEL, ALICE, text)

    assert message.lower() in str(info.value).lower()
    assert "Legal plays: `bar/2 bar/1`, `bar/2/3`." in str(info.value) or text == "hello"
    assert service.version(match_id) == version
    assert service.game(match_id) is game


async def test_moving_out_of_turn_is_refused(make_service) -> None:
    service, _ = await _started(make_service)

    with pytest.raises(ServiceError, match="It's not your turn: waiting for Alice"):
        await service.move(CHANNEL, BOB, "bar/5 bar/6")


async def test_a_third_member_is_not_playing(make_service) -> None:
    service, _ = await _started(make_service)

    with pytest.raises(ServiceError, match="You're not playing in this match"):
        await service.move(CHANNEL, CAROL, "bar/2 bar/1")


async def test_moving_where_there_is_no_match(make_service) -> None:
    service = make_service(DICE)

    with pytest.raises(ServiceError, match="There's no match in this channel"):
        await service.move(CHANNEL, ALICE, "bar/2 bar/1")


async def test_a_turn_without_a_legal_play_is_announced_and_passes(make_service) -> None:
    service, match_id = await _started(make_service)
    await service.move(CHANNEL, ALICE, "bar/2 bar/1")
    await service.move(CHANNEL, BOB, "bar/5/4")

    # Alice 1-1 makes her 1-point with three checkers; Bob's 6s enter there, and his checker on 4
    # cannot bear off with a 6 while he has checkers on the bar.
    result = await service.move(CHANNEL, ALICE, "bar/1(2)")

    (board,) = boards(result)
    assert board.text.splitlines() == [
        "Alice played `bar/1(2)` with 1-1.",
        "Bob rolled 6-6 and can't move; the turn passes.",
        "Alice, your turn: you rolled **3-2**.",
    ]
    assert board.mention == ALICE.user_id
    events = service.game(match_id).events
    assert [(e.kind, e.player, e.dice) for e in events[-3:]] == [
        ("roll", 1, (6, 6)),
        ("play", 1, (6, 6)),
        ("roll", 0, (3, 2)),
    ]


async def test_a_stale_version_does_nothing_and_says_so(make_service) -> None:
    service, match_id = await _started(make_service)
    old = service.version(match_id)
    await service.move(CHANNEL, ALICE, "bar/2 bar/1", match_id=match_id, version=old)
    game = service.game(match_id)

    with pytest.raises(ServiceError, match="That board is out of date"):
        await service.move(CHANNEL, BOB, "bar/5 bar/6", match_id=match_id, version=old)

    assert service.game(match_id) is game
    assert service.version(match_id) == old + 1


async def test_two_simultaneous_moves_apply_exactly_once(make_service) -> None:
    service, match_id = await _started(make_service)
    version = service.version(match_id)

    outcomes = await asyncio.gather(
        service.move(None, ALICE, "bar/2 bar/1", match_id=match_id, version=version),
        service.move(None, ALICE, "bar/2/3", match_id=match_id, version=version),
        return_exceptions=True,
    )

    errors = [o for o in outcomes if isinstance(o, ServiceError)]
    assert len(errors) == 1
    assert "out of date" in str(errors[0])
    assert service.version(match_id) == version + 1
    plays = [e for e in service.game(match_id).events if e.kind == "play"]
    assert len(plays) == 1


async def test_two_simultaneous_slash_moves_apply_exactly_once(make_service) -> None:
    service, match_id = await _started(make_service)
    version = service.version(match_id)

    outcomes = await asyncio.gather(
        service.move(CHANNEL, ALICE, "bar/2 bar/1"),
        service.move(CHANNEL, ALICE, "bar/2 bar/1"),
        return_exceptions=True,
    )

    errors = [o for o in outcomes if isinstance(o, Exception)]
    assert len(errors) == 1
    assert "It's not your turn: waiting for Bob" in str(errors[0])
    assert service.version(match_id) == version + 1


async def test_a_failed_write_changes_nothing_in_memory(make_service, monkeypatch) -> None:
    service, match_id = await _started(make_service, dice=[*DICE, 5, 5])
    version = service.version(match_id)
    game = service.game(match_id)

    async def broken(self, record) -> None:
        raise sqlite3.OperationalError("disk I/O error")

    monkeypatch.setattr(Transaction, "update_match", broken)
    with pytest.raises(sqlite3.OperationalError):
        await service.move(CHANNEL, ALICE, "bar/2 bar/1")

    assert service.version(match_id) == version
    assert service.game(match_id) is game
    monkeypatch.undo()
    await service.move(CHANNEL, ALICE, "bar/2 bar/1")
    assert service.version(match_id) == version + 1


# ------------------------------------------------------------------ autocomplete


async def test_autocomplete_offers_matching_legal_plays_to_the_player_to_move(make_service) -> None:
    service, _ = await _started(make_service)

    assert set(service.suggestions(CHANNEL, ALICE.user_id, "")) == {"bar/2 bar/1", "bar/2/3"}
    assert service.suggestions(CHANNEL, ALICE.user_id, "bar/2/") == ["bar/2/3"]
    assert service.suggestions(CHANNEL, ALICE.user_id, "BAR/1") == ["bar/2 bar/1"]
    assert service.suggestions(CHANNEL, ALICE.user_id, "6/off") == []


async def test_autocomplete_offers_nothing_to_others_or_without_a_match(make_service) -> None:
    service, _ = await _started(make_service)

    assert service.suggestions(CHANNEL, BOB.user_id, "") == []
    assert service.suggestions(CHANNEL, CAROL.user_id, "bar") == []
    assert service.suggestions(CHANNEL + 5, ALICE.user_id, "bar") == []


# ------------------------------------------------------------------ board and hint


async def test_board_shows_the_menu_only_to_the_player_to_move(make_service) -> None:
    service, match_id = await _started(make_service)

    (mine,) = (await service.board(CHANNEL, ALICE)).notices
    (theirs,) = (await service.board(CHANNEL, CAROL)).notices

    assert mine.kind == theirs.kind == "reply"
    assert mine.game is service.game(match_id)
    assert set(mine.choices) == {"bar/2 bar/1", "bar/2/3"}
    assert theirs.choices == ()
    assert theirs.game is service.game(match_id)


async def test_hints_are_refused_in_rated_matches(make_service) -> None:
    service, _ = await _started(make_service)

    with pytest.raises(ServiceError, match="Hints are only for unrated games"):
        await service.hint(CHANNEL, ALICE)


# ------------------------------------------------------------------ move by move


BG_DICE = [6, 5, 2, 2, 3, 1]  # Alice opens 6-5 and plays 24/13; Bob rolls 2-2: 75 legal plays


async def _backgammon_doubles(make_service) -> tuple[MatchService, int, object]:
    service = make_service(BG_DICE)
    await start_challenge_match(service, "backgammon")
    match_id = service.match_in_channel(CHANNEL)
    result = await service.move(CHANNEL, ALICE, "24/13")
    return service, match_id, boards(result)[0]


async def test_with_more_than_25_plays_the_menu_offers_first_moves(make_service) -> None:
    service, match_id, board = await _backgammon_doubles(make_service)

    assert len(service.game(match_id).legal_plays()) > 25
    assert board.stepwise
    # Bob's checkers (his numbering) on 24, 13, 8 and 6; Alice holds none of 22, 11, 6 or 4.
    assert set(board.choices) == {"24/22", "13/11", "8/6", "6/4"}


async def test_picking_move_by_move_plays_when_the_turn_is_complete(make_service) -> None:
    service, match_id, board = await _backgammon_doubles(make_service)
    version = board.version

    first = await service.pick_move(match_id, version, BOB, "6/4")
    picker = first.notices[0]
    assert picker.kind == "picker"
    assert picker.text.startswith("Your play so far: `6/4`.")
    assert picker.can_undo
    assert not picker.can_finish
    assert "6/4" in picker.choices
    await service.pick_move(match_id, version, BOB, "6/4")
    await service.pick_move(match_id, version, BOB, "8/6")
    done = await service.pick_move(match_id, version, BOB, "8/6")

    (new_board,) = boards(done)
    assert new_board.text.startswith("Bob played `")
    assert new_board.mention == ALICE.user_id
    game = service.game(match_id)
    # Bob moves down the absolute points, so his own numbers are the absolute ones: 6/4(2) 8/6(2)
    # leaves his 6-point at 5, makes his 4-point and leaves one checker on his 8-point.
    assert game.position.point(6) == (1, 5)
    assert game.position.point(4) == (1, 2)
    assert game.position.point(8) == (1, 1)


async def test_the_boards_first_move_menu_starts_a_new_play(make_service) -> None:
    service, match_id, board = await _backgammon_doubles(make_service)
    version = board.version
    await service.pick_move(match_id, version, BOB, "24/22")

    again = (await service.pick_move(match_id, version, BOB, "6/4", fresh=True)).notices[0]

    assert again.text.startswith("Your play so far: `6/4`.")


async def test_undo_and_an_early_done(make_service) -> None:
    service, match_id, board = await _backgammon_doubles(make_service)
    version = board.version

    await service.pick_move(match_id, version, BOB, "24/22")
    undone = (await service.undo_move(match_id, version, BOB)).notices[0]

    assert undone.text == "Choose your first move."
    assert not undone.can_undo
    assert set(undone.choices) == {"24/22", "13/11", "8/6", "6/4"}
    with pytest.raises(ServiceError, match="Your play isn't complete"):
        await service.finish_moves(match_id, version, BOB)
    with pytest.raises(ServiceError, match="isn't one of the moves"):
        await service.pick_move(match_id, version, BOB, "24/20")
    with pytest.raises(ServiceError, match="not your turn"):
        await service.pick_move(match_id, version, ALICE, "24/22")


def test_play_choices_lists_whole_plays_up_to_25() -> None:
    game = Game(Position.initial("minigam", 0), dice=Dice(2, 1))

    assert play_choices(game) == (("bar/2 bar/1", "bar/2/3"), False)


# ------------------------------------------------------------------ resigning and cancelling


async def test_resigning_a_one_point_match_ends_it_and_rates_it(make_service, storage) -> None:
    service, _ = await _started(make_service)

    result = await service.resign(CHANNEL, BOB)  # not Bob's turn: resigning is always allowed

    (board,) = boards(result)
    assert board.text.splitlines() == [
        "Bob resigns.",
        "Alice wins, 1 point (resignation).",
        "Ratings: Alice 1500.0 → 1510.0, Bob 1500.0 → 1490.0.",
    ]
    assert board.choices == ()
    assert service.match_in_channel(CHANNEL) is None
    assert (await storage.rating(GUILD, "minigam", ALICE.user_id)).rating == pytest.approx(1510.0)
    assert (await storage.rating(GUILD, "minigam", BOB.user_id)).rating == pytest.approx(1490.0)


async def test_resigning_a_game_of_a_longer_match_starts_the_next_game(make_service) -> None:
    service = make_service([2, 1, 4, 5, 6, 2])
    await start_challenge_match(service, points=3)

    result = await service.resign(CHANNEL, ALICE)

    ended, started = boards(result)
    assert "Bob wins, 1 point (resignation)." in ended.text
    assert "Score: Alice 0, Bob 1 (match to 3)." in ended.text
    assert started.text.splitlines() == [
        "Game 2.",
        "Opening roll: Alice 4, Bob 5. Bob starts.",
        "Bob, your turn: you rolled **5-4**.",
    ]
    assert service.game(service.match_in_channel(CHANNEL)).match.score == (0, 1)


async def test_only_players_can_resign(make_service) -> None:
    service, _ = await _started(make_service)

    with pytest.raises(ServiceError, match="You're not playing in this match"):
        await service.resign(CHANNEL, CAROL)


async def test_resign_terms_say_what_it_costs(make_service) -> None:
    service, _ = await _started(make_service)

    assert service.resign_terms(CHANNEL, BOB.user_id) == "Resign this game? Alice wins 1 point."


def test_backgammon_resignation_is_worth_what_the_game_could_still_cost() -> None:
    start = Game(Position.initial("backgammon", 0))
    assert resign_level(start, 0) == 3  # back checkers in the opponent's home board

    home_only = Game(Position.from_points("backgammon", points={19: (0, 15), 1: (1, 15)}))
    assert resign_level(home_only, 0) == 2  # nothing borne off, nothing left behind

    one_off = Game(
        Position.from_points("backgammon", points={19: (0, 14), 1: (1, 15)}, bar=[0, 0], off=[1, 0])
    )
    assert resign_level(one_off, 0) == 1

    assert resign_level(Game(Position.initial("minigam", 0)), 0) == 1


async def test_cancel_ends_the_match_for_nobody(make_service, storage) -> None:
    service, match_id = await _started(make_service)
    await service.set_board_message(match_id, 555)

    result = await service.cancel(CHANNEL, CAROL)

    assert [n.kind for n in result.notices] == ["message", "retire", "reply"]
    assert result.notices[0].text == "Carol cancelled the match Alice vs Bob; it counts for nobody."
    assert result.notices[1].message_id == 555
    assert service.match_in_channel(CHANNEL) is None
    assert await storage.leaderboard(GUILD, "minigam") == []
    record = await storage.match(match_id)
    assert record.status == "cancelled"


# ------------------------------------------------------------------ against the computer


async def test_vs_bot_seats_the_human_first_and_lets_the_computer_move(make_service) -> None:
    service = make_service([1, 2, 3, 1])  # Alice 1, computer 2: the computer opens with 2-1

    start = await service.vs_bot(GUILD, CHANNEL, ALICE, "minigam", "easy")

    match_id = service.match_in_channel(CHANNEL)
    seats = service.seats(match_id)
    assert (seats[0].user_id, seats[1].user_id, seats[1].level) == (ALICE.user_id, COMPUTER_ID, "easy")
    (board,) = boards(start)
    assert board.text.endswith("Computer (easy) rolled 2-1 and is thinking…")
    assert board.mention is None
    assert start.computer_matches == (match_id,)
    assert "Unrated." in board.text

    moved = await service.computer_turn(match_id)

    (board,) = boards(moved)
    assert board.text.splitlines() == [
        "Computer (easy) played `bar/5 bar/6` with 2-1.",  # the test computer takes the first legal play
        "Alice, your turn: you rolled **3-1**.",
    ]
    assert board.mention == ALICE.user_id
    assert moved.computer_matches == ()


class LastPlayThinker(Thinker):
    """Thinks nothing: answers with the last legal play, and remembers what it was asked."""

    def __init__(self) -> None:
        super().__init__(workers=0)
        self.asked: list[tuple[str, str, str]] = []

    async def choose_play(self, game: Game, level: str) -> Play:
        self.asked.append((game.variant.name, level, str(game.dice)))
        return game.legal_plays()[-1]


async def test_the_computers_turn_is_thought_by_the_services_thinker(make_service) -> None:
    thinker = LastPlayThinker()
    service = make_service([1, 2, 3, 1], computer=None, thinker=thinker)  # the computer opens with 2-1
    await service.vs_bot(GUILD, CHANNEL, ALICE, "minigam", "hard")

    moved = await service.computer_turn(service.match_in_channel(CHANNEL))

    assert thinker.asked == [("minigam", "hard", "2-1")]
    assert boards(moved)[0].text.splitlines()[0] == "Computer (hard) played `bar/5/4` with 2-1."


def test_a_thinker_and_a_computer_factory_together_are_refused(make_service) -> None:
    with pytest.raises(TypeError, match="give computer= and hinter= to the Thinker"):
        make_service([], thinker=Thinker(workers=0))


async def test_the_computer_does_nothing_when_it_is_not_its_turn(make_service) -> None:
    service = make_service([2, 1])
    await service.vs_bot(GUILD, CHANNEL, ALICE)
    match_id = service.match_in_channel(CHANNEL)
    version = service.version(match_id)

    result = await service.computer_turn(match_id)

    assert result.notices == []
    assert service.version(match_id) == version


async def test_an_unknown_level_is_refused(make_service) -> None:
    service = make_service([2, 1])

    with pytest.raises(ServiceError, match="The computer plays at easy, medium, hard"):
        await service.vs_bot(GUILD, CHANNEL, ALICE, "minigam", "grandmaster")


async def test_hint_against_the_computer(make_service) -> None:
    service = make_service([2, 1])
    await service.vs_bot(GUILD, CHANNEL, ALICE)

    (reply,) = (await service.hint(CHANNEL, ALICE)).notices

    assert reply.kind == "reply"
    lines = reply.text.splitlines()
    assert lines[0] == "Best plays for your 2-1:"
    assert {line.split("`")[1] for line in lines[1:]} == {"bar/2 bar/1", "bar/2/3"}


async def test_a_whole_game_against_the_computer_is_unrated_but_counted(make_service, storage) -> None:
    service = make_service(SeededDice(7))
    result = await service.vs_bot(GUILD, CHANNEL, ALICE)
    match_id = service.match_in_channel(CHANNEL)
    for _ in range(500):
        if service.match_in_channel(CHANNEL) is None:
            break
        if result.computer_matches:
            result = await service.computer_turn(match_id)
        else:
            game = service.game(match_id)
            result = await service.move(CHANNEL, ALICE, game.position.format_play(game.legal_plays()[-1]))
    assert service.match_in_channel(CHANNEL) is None

    assert await storage.leaderboard(GUILD, "minigam") == []
    record = await storage.player_record(GUILD, ALICE.user_id)
    assert record.computer_wins + record.computer_losses == 1
    assert (record.wins, record.losses) == (0, 0)
    stats = (await service.stats(GUILD, ALICE)).notices[0].text
    assert "against the computer: " in stats
    assert "No rating yet" in stats
