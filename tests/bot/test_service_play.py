"""Playing at the match-core level: moves, refusals, passes, the version check, concurrency,
the move-by-move menu, resigning, cancelling, autocomplete, the computer and hints."""

from __future__ import annotations

import asyncio

import pytest

from bot.core import Action, Control, Core, Message, Prompt, Reply, RetireBoard, ServiceError
from bot.core.boards import play_controls
from bot.models import COMPUTER_ID, AfterMatch
from bot.store import Unavailable
from bot.store.sql.writes import SqlTransaction
from bot.texts import dice as dice_words
from bot.workers.thinking import Thinker
from engine import Dice, Game, Play, Position, SeededDice
from tests.bot.conftest import (
    ALICE,
    BOB,
    CAROL,
    CHANNEL,
    GUILD,
    MODERATOR,
    actions,
    boards,
    game_by_id,
    match_id_in,
    menu,
    play,
    post_board,
    resign,
    start_challenge_match,
    version_of,
)

# Opening: Alice 2, Bob 1 -> Alice plays 2-1. Then Bob 2-1, Alice 1-1, Bob 6-6 (blocked), Alice 3-2.
DICE = [2, 1, 2, 1, 1, 1, 6, 6, 3, 2, 4, 1]


async def _started(make_core, dice=DICE, **kwargs) -> tuple[Core, int]:
    core = make_core(dice, **kwargs)
    await start_challenge_match(core)
    match_id = match_id_in(core, CHANNEL)
    assert match_id is not None
    return core, match_id


async def test_a_legal_move_is_accepted_and_the_next_player_is_mentioned(make_core) -> None:
    core, match_id = await _started(make_core)
    version = version_of(core, match_id)

    result = await play(core, ALICE, "bar/2 bar/1")

    (board,) = boards(result)
    assert board.text == "Alice played `bar/2 bar/1` with 2-1.\nBob, your turn: you rolled **2-1**."
    assert board.mention == BOB.user_id
    assert set(menu(board)) == {"bar/5 bar/6", "bar/5/4"}
    assert actions(board) == ["play", "resign"]
    assert board.picture.perspective == 1
    assert board.version == version + 1
    assert version_of(core, match_id) == version + 1
    game = game_by_id(core, match_id)
    assert game.position.point(1) == (0, 1)
    assert game.position.point(2) == (0, 1)
    assert game.turn == 1


async def test_the_same_play_written_another_way_is_accepted(make_core) -> None:
    core, match_id = await _started(make_core)

    await play(core, ALICE, "bar/1/3")  # the same position as bar/2/3

    assert game_by_id(core, match_id).position.point(3) == (0, 1)


async def test_an_accepted_move_is_stored_before_the_result_returns(make_core, database) -> None:
    core, match_id = await _started(make_core)

    await play(core, ALICE, "bar/2 bar/1")

    [(version,)] = await database.fetch("SELECT version FROM matches WHERE match_id = ?", match_id)
    kinds = [r[0] for r in await database.fetch("SELECT kind FROM plays ORDER BY seq")]
    assert version == version_of(core, match_id)
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
    make_core, text: str, message: str
) -> None:
    core, match_id = await _started(make_core)
    version = version_of(core, match_id)
    game = game_by_id(core, match_id)

    with pytest.raises(ServiceError) as info:
        await play(core, ALICE, text)

    assert message.lower() in str(info.value).lower()
    assert "Legal plays: `bar/2 bar/1`, `bar/2/3`." in str(info.value) or text == "hello"
    assert version_of(core, match_id) == version
    assert game_by_id(core, match_id) is game


async def test_moving_out_of_turn_is_refused(make_core) -> None:
    core, _ = await _started(make_core)

    with pytest.raises(ServiceError, match="It's not your turn: waiting for Alice"):
        await play(core, BOB, "bar/5 bar/6")


async def test_a_third_member_only_watches(make_core) -> None:
    core, match_id = await _started(make_core)
    before = version_of(core, match_id)

    with pytest.raises(ServiceError, match="You're watching this match: only Alice and Bob play in it"):
        await play(core, CAROL, "bar/2 bar/1")
    assert version_of(core, match_id) == before


async def test_moving_where_there_is_no_match(make_core) -> None:
    core = make_core(DICE)

    with pytest.raises(ServiceError, match="There's no match in this channel"):
        await play(core, ALICE, "bar/2 bar/1")


async def test_a_turn_without_a_legal_play_is_announced_and_passes(make_core) -> None:
    core, match_id = await _started(make_core)
    await play(core, ALICE, "bar/2 bar/1")
    await play(core, BOB, "bar/5/4")

    # Alice 1-1 makes her 1-point with three checkers; Bob's 6s enter there, and his checker on 4
    # cannot bear off with a 6 while he has checkers on the bar.
    result = await play(core, ALICE, "bar/1(2)")

    (board,) = boards(result)
    assert board.text.splitlines() == [
        "Alice played `bar/1(2)` with 1-1.",
        "Bob rolled 6-6 and can't move; the turn passes.",
        "Alice, your turn: you rolled **3-2**.",
    ]
    assert board.mention is None  # the turn came back to Alice from her own play: no ping
    events = game_by_id(core, match_id).events
    assert [(e.kind, e.player, e.dice) for e in events[-3:]] == [
        ("roll", 1, (6, 6)),
        ("play", 1, (6, 6)),
        ("roll", 0, (3, 2)),
    ]


async def test_a_stale_version_does_nothing_and_says_so(make_core) -> None:
    core, match_id = await _started(make_core)
    old = version_of(core, match_id)
    await core.matches.act(match_id, old, ALICE, Action.PLAY, "bar/2 bar/1")
    game = game_by_id(core, match_id)

    with pytest.raises(ServiceError, match="That board is out of date"):
        await core.matches.act(match_id, old, BOB, Action.PLAY, "bar/5 bar/6")

    assert game_by_id(core, match_id) is game
    assert version_of(core, match_id) == old + 1


async def test_two_simultaneous_moves_apply_exactly_once(make_core) -> None:
    core, match_id = await _started(make_core)
    version = version_of(core, match_id)

    outcomes = await asyncio.gather(
        core.matches.act(match_id, version, ALICE, Action.PLAY, "bar/2 bar/1"),
        core.matches.act(match_id, version, ALICE, Action.PLAY, "bar/2/3"),
        return_exceptions=True,
    )

    errors = [o for o in outcomes if isinstance(o, ServiceError)]
    assert len(errors) == 1
    assert "out of date" in str(errors[0])
    assert version_of(core, match_id) == version + 1
    plays = [e for e in game_by_id(core, match_id).events if e.kind == "play"]
    assert len(plays) == 1


async def test_two_simultaneous_slash_moves_apply_exactly_once(make_core) -> None:
    core, match_id = await _started(make_core)
    version = version_of(core, match_id)

    outcomes = await asyncio.gather(
        play(core, ALICE, "bar/2 bar/1"),
        play(core, ALICE, "bar/2 bar/1"),
        return_exceptions=True,
    )

    # Each command acts on the turn it arrived for: the second finds that turn gone.
    errors = [o for o in outcomes if isinstance(o, Exception)]
    assert len(errors) == 1
    assert "out of date" in str(errors[0])
    assert version_of(core, match_id) == version + 1


async def test_a_failed_write_changes_nothing_in_memory(make_core, monkeypatch) -> None:
    core, match_id = await _started(make_core, dice=[*DICE, 5, 5])
    version = version_of(core, match_id)
    game = game_by_id(core, match_id)

    async def broken(self, *args, **kwargs) -> None:
        raise Unavailable("the database: disk I/O error")

    monkeypatch.setattr(SqlTransaction, "update_match", broken)
    with pytest.raises(Unavailable):
        await play(core, ALICE, "bar/2 bar/1")

    assert version_of(core, match_id) == version
    assert game_by_id(core, match_id) is game
    monkeypatch.undo()
    await play(core, ALICE, "bar/2 bar/1")
    assert version_of(core, match_id) == version + 1


# ------------------------------------------------------------------ autocomplete


async def test_autocomplete_offers_matching_legal_plays_to_the_player_to_move(make_core) -> None:
    core, _ = await _started(make_core)

    assert set(core.matches.suggestions(CHANNEL, ALICE.user_id, "")) == {"bar/2 bar/1", "bar/2/3"}
    assert core.matches.suggestions(CHANNEL, ALICE.user_id, "bar/2/") == ["bar/2/3"]
    assert core.matches.suggestions(CHANNEL, ALICE.user_id, "BAR/1") == ["bar/2 bar/1"]
    assert core.matches.suggestions(CHANNEL, ALICE.user_id, "6/off") == []


async def test_autocomplete_offers_nothing_to_others_or_without_a_match(make_core) -> None:
    core, _ = await _started(make_core)

    assert core.matches.suggestions(CHANNEL, BOB.user_id, "") == []
    assert core.matches.suggestions(CHANNEL, CAROL.user_id, "bar") == []
    assert core.matches.suggestions(CHANNEL + 5, CAROL.user_id, "bar") == []


async def test_autocomplete_elsewhere_offers_the_players_only_match(make_core) -> None:
    core, _ = await _started(make_core)

    assert set(core.matches.suggestions(CHANNEL + 5, ALICE.user_id, "")) == {"bar/2 bar/1", "bar/2/3"}


# ------------------------------------------------------------------ board and hint


async def test_board_shows_the_menu_only_to_the_player_to_move(make_core) -> None:
    core, match_id = await _started(make_core)

    (mine,) = (core.matches.board(CHANNEL, ALICE)).notices
    (theirs,) = (core.matches.board(CHANNEL, CAROL)).notices

    assert isinstance(mine, Reply)
    assert isinstance(theirs, Reply)
    assert mine.picture.game is game_by_id(core, match_id)
    assert set(menu(mine)) == {"bar/2 bar/1", "bar/2/3"}
    assert theirs.controls == ()
    assert theirs.picture.game is game_by_id(core, match_id)


async def test_hints_are_refused_in_rated_matches(make_core) -> None:
    core, _ = await _started(make_core)

    with pytest.raises(ServiceError, match="Hints are only for unrated games"):
        await core.matches.hint(CHANNEL, ALICE)


# ------------------------------------------------------------------ move by move


BG_DICE = [6, 5, 2, 2, 3, 1]  # Alice opens 6-5 and plays 24/13; Bob rolls 2-2: 75 legal plays


async def _backgammon_doubles(make_core) -> tuple[Core, int, object]:
    core = make_core(BG_DICE)
    await start_challenge_match(core, "backgammon")
    match_id = match_id_in(core, CHANNEL)
    result = await play(core, ALICE, "24/13")
    return core, match_id, boards(result)[0]


async def test_with_more_than_25_plays_the_menu_offers_first_moves(make_core) -> None:
    core, match_id, board = await _backgammon_doubles(make_core)

    assert len(game_by_id(core, match_id).legal_plays()) > 25
    assert actions(board) == ["first", "resign"]
    # Bob's checkers (his numbering) on 24, 13, 8 and 6; Alice holds none of 22, 11, 6 or 4.
    assert set(menu(board)) == {"24/22", "13/11", "8/6", "6/4"}


def test_the_menu_lists_whole_plays_up_to_25() -> None:
    game = Game(Position.initial("minigam", 0), dice=Dice(2, 1))

    (control,) = play_controls(game)
    assert (control.action, control.options) == (Action.PLAY, ("bar/2 bar/1", "bar/2/3"))


# ------------------------------------------------------------------ resigning and cancelling


async def test_resigning_a_one_point_match_ends_it_and_rates_it(make_core, storage) -> None:
    core, _ = await _started(make_core)
    await play(core, ALICE, "bar/2 bar/1")
    await play(core, BOB, "bar/5/4")

    result = await resign(core, BOB)  # not Bob's turn: resigning is always allowed

    (board,) = boards(result)
    assert board.text.splitlines() == [
        "Bob resigns.",
        "Alice wins, 1 point (resignation).",
        "Ratings: Alice 1500.0 → 1510.0, Bob 1500.0 → 1490.0.",
        dice_words.revealed(await storage.match_seed(board.match_id), board.match_id),  # over: the seed
    ]
    (game,) = await storage.games(board.match_id)
    analyse, rematch = Control(Prompt.ANALYSE, argument=str(game.game_id)), Control(AfterMatch.REMATCH)
    assert board.controls == (analyse, rematch)  # the game's analysis, the match again
    assert match_id_in(core, CHANNEL) is None
    assert (await storage.rating(GUILD, "minigam", ALICE.user_id)).rating == pytest.approx(1510.0)
    assert (await storage.rating(GUILD, "minigam", BOB.user_id)).rating == pytest.approx(1490.0)


async def test_resigning_a_game_of_a_longer_match_starts_the_next_game(make_core) -> None:
    core = make_core([2, 1, 4, 5, 6, 2])
    await start_challenge_match(core, points=3)

    result = await resign(core, ALICE)

    ended, started = boards(result)
    assert "Bob wins, 1 point (resignation)." in ended.text
    assert "Score: Alice 0, Bob 1 (match to 3)." in ended.text
    assert started.text.splitlines() == [
        "Game 2.",
        "Opening roll: Alice 4, Bob 5. Bob starts.",
        "Bob, your turn: you rolled **5-4**.",
    ]
    assert game_by_id(core, match_id_in(core, CHANNEL)).match.score == (0, 1)


async def test_only_players_can_resign(make_core) -> None:
    core, _ = await _started(make_core)

    with pytest.raises(ServiceError, match="You're watching this match"):
        await resign(core, CAROL)


async def test_the_resign_question_says_what_it_costs(make_core) -> None:
    core, _ = await _started(make_core)

    question = core.matches.resign_question(match_id_in(core), BOB.user_id)

    assert question.text == "Resign this game? Alice wins 1 point."
    assert actions(question) == ["offer", "keep"]


async def test_cancel_ends_the_match_for_nobody(make_core, storage) -> None:
    core, match_id = await _started(make_core)
    assert await post_board(core, match_id, 555) == []

    result = await core.cancel(CHANNEL, MODERATOR)

    assert [type(n) for n in result.notices] == [RetireBoard, Message, Reply]
    assert result.notices[0].message_id == 555  # the board becomes a line: nothing to click any more
    cancelled, seed = result.notices[1].text.splitlines()
    assert cancelled == "Mod cancelled the match Alice vs Bob; it counts for nobody."
    assert seed == dice_words.revealed(await storage.match_seed(match_id), match_id)  # over: the seed
    assert match_id_in(core, CHANNEL) is None
    assert await storage.leaderboard(GUILD, "minigam") == []
    record = await storage.match(match_id)
    assert record.status == "cancelled"


# ------------------------------------------------------------------ against the computer


async def test_vs_bot_seats_the_human_first_and_lets_the_computer_move(make_core) -> None:
    core = make_core([1, 2, 3, 1])  # Alice 1, computer 2: the computer opens with 2-1

    start = await core.challenges.vs_bot(GUILD, CHANNEL, ALICE, "minigam", "easy")

    match_id = match_id_in(core, CHANNEL)
    seats = core.matches.get(match_id).record.seats
    assert (seats[0].user_id, seats[1].user_id, seats[1].level) == (ALICE.user_id, COMPUTER_ID, "easy")
    assert boards(start) == []  # no "thinking" board: the app shows the typing indicator
    assert start.computer_matches == (match_id,)

    moved = await core.matches.computer_turn(match_id)

    (board,) = boards(moved)  # the first board says how the match started, and the computer's play
    assert board.text.splitlines() == [
        "**Minigam**: Alice vs Computer (easy), one game. Unrated.",
        dice_words.committed(core.matches.get(match_id).seed.commitment),
        "Opening roll: Alice 1, Computer (easy) 2. Computer (easy) starts.",
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

    async def decide(self, game: Game, level: str, limit: float | None = None) -> Play:
        self.asked.append((game.variant.name, level, str(game.dice)))
        return game.legal_plays()[-1]


async def test_the_computers_turn_is_thought_by_the_services_thinker(make_core) -> None:
    thinker = LastPlayThinker()
    core = make_core([1, 2, 3, 1], computer=None, thinker=thinker)  # the computer opens with 2-1
    await core.challenges.vs_bot(GUILD, CHANNEL, ALICE, "minigam", "hard")

    moved = await core.matches.computer_turn(match_id_in(core, CHANNEL))

    assert thinker.asked == [("minigam", "hard", "2-1")]
    assert "Computer (hard) played `bar/5/4` with 2-1." in boards(moved)[0].text.splitlines()


def test_a_thinker_and_a_computer_factory_together_are_refused(make_core) -> None:
    with pytest.raises(TypeError, match="give computer= and hinter= to the Thinker"):
        make_core([], thinker=Thinker(workers=0))


async def test_the_computer_does_nothing_when_it_is_not_its_turn(make_core) -> None:
    core = make_core([2, 1])
    await core.challenges.vs_bot(GUILD, CHANNEL, ALICE)
    match_id = match_id_in(core, CHANNEL)
    version = version_of(core, match_id)

    result = await core.matches.computer_turn(match_id)

    assert result.notices == []
    assert version_of(core, match_id) == version


async def test_an_unknown_level_is_refused(make_core) -> None:
    core = make_core([2, 1])

    with pytest.raises(ServiceError, match="The computer plays Minigam at easy, medium, hard"):
        await core.challenges.vs_bot(GUILD, CHANNEL, ALICE, "minigam", "grandmaster")


async def test_hint_against_the_computer(make_core) -> None:
    core = make_core([2, 1])
    await core.challenges.vs_bot(GUILD, CHANNEL, ALICE)

    (reply,) = (await core.matches.hint(CHANNEL, ALICE)).notices

    assert isinstance(reply, Reply)
    lines = reply.text.splitlines()
    assert lines[0] == "Best plays for your 2-1:"
    assert {line.split("`")[1] for line in lines[1:]} == {"bar/2 bar/1", "bar/2/3"}


async def test_a_whole_game_against_the_computer_is_unrated_but_counted(make_core, storage) -> None:
    core = make_core(SeededDice(7))
    result = await core.challenges.vs_bot(GUILD, CHANNEL, ALICE)
    match_id = match_id_in(core, CHANNEL)
    for _ in range(500):
        if match_id_in(core, CHANNEL) is None:
            break
        if result.computer_matches:
            result = await core.matches.computer_turn(match_id)
        else:
            game = game_by_id(core, match_id)
            result = await play(core, ALICE, game.position.format_play(game.legal_plays()[-1]))
    assert match_id_in(core, CHANNEL) is None

    assert await storage.leaderboard(GUILD, "minigam") == []
    record = await storage.player_record(GUILD, ALICE.user_id)
    assert record.computer_wins + record.computer_losses == 1
    assert (record.wins, record.losses) == (0, 0)
    stats = (await core.records.stats(GUILD, ALICE)).notices[0].text
    assert "against the computer: " in stats
    assert "No rating yet" in stats


async def test_full_width_digits_are_read_and_other_digits_refused_clearly(make_core) -> None:
    core, match_id = await _started(make_core)
    version = version_of(core, match_id)

    refusal = r"only the digits 0-9 are accepted \(or full-width ０-９\), not '٣'"
    with pytest.raises(ServiceError, match=refusal):
        await play(core, ALICE, "bar/٣ bar/1")  # an Arabic-Indic three: 13/8 once read 1٣ as 13
    assert version_of(core, match_id) == version

    await play(core, ALICE, "bar/２ bar/１")
    assert game_by_id(core, match_id).position.point(2) == (0, 1)
