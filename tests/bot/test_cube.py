"""Backgammon as serious players expect, at the core: the cube (doubles taken and dropped, redoubles only by
the owner, none in the Crawford game), money games, resignation offers accepted and declined, Mulligans, and
the computer's answers."""

from __future__ import annotations

import pytest

from bot.core import Action, Core, LastBoard, Prompt, Reply, ServiceError
from bot.models import COMPUTER_ID, AfterMatch, PlayerRef
from engine import Game
from engine.mat_read import read_match
from tests.bot.conftest import (
    ALICE,
    BOB,
    CHANNEL,
    GUILD,
    MODERATOR,
    act,
    actions,
    boards,
    game_of,
    match_id_in,
    play,
)

# Alice opens 6-5; then Bob always rolls 2-1 and Alice 6-6: playing the pip-saving play, Alice wins a gammon.
GAMMON_DICE = [6, 5, *[2, 1, 6, 6] * 60]


def pip_saver(game: Game) -> str:
    """The play that leaves the mover the fewest pips (then the most checkers off)."""
    mover = game.turn
    best = min(game.legal_plays(), key=lambda p: (p.result.pip_count(mover), -p.result.off[mover]))
    return game.position.format_play(best)


async def play_on(core: Core, *, double_at: dict[str, int] | None = None, answer: Action = Action.TAKE):
    """Play the match in CHANNEL to its end: pip-saving plays; a player named in ``double_at`` doubles at
    their n-th chance; every double gets ``answer``; every other chance to double is a roll. Returns the
    last result."""
    chances: dict[str, int] = {}
    result = None
    for _ in range(400):
        if match_id_in(core) is None:
            return result
        game = game_of(core)
        who = (ALICE, BOB)[game.actor]
        if game.awaiting == "roll":
            chances[who.name] = chances.get(who.name, 0) + 1
            doubling = (double_at or {}).get(who.name) == chances[who.name]
            result = await act(core, who, Action.DOUBLE if doubling else Action.ROLL)
        elif game.awaiting == "double-answer":
            result = await act(core, who, answer)
        else:
            result = await play(core, who, pip_saver(game))
    raise AssertionError("the match did not end")


async def _money_game(make_core, dice=GAMMON_DICE, *, jacoby: bool = True, **kwargs) -> Core:
    core = make_core(dice, **kwargs)
    if not jacoby:
        await core.settings.change(GUILD, MODERATOR, {"jacoby": "off"})
    sent = await core.challenges.challenge(GUILD, CHANNEL, ALICE, BOB, "backgammon")
    result = await core.challenges.answer(sent.notices[0].challenge_id, BOB, accept=True)
    assert "a money game" in boards(result)[0].text
    return core


async def test_the_player_who_may_double_chooses_roll_or_double(make_core) -> None:
    core = await _money_game(make_core)
    result = await play(core, ALICE, pip_saver(game_of(core)))  # the opening 6-5

    (board,) = boards(result)
    assert game_of(core).awaiting == "roll"
    assert actions(board) == ["roll", "double", "resign"]
    assert board.mention == BOB.user_id
    assert board.text.endswith("Bob, your turn: **roll**, or **double** to 2.")
    with pytest.raises(ServiceError, match="It's not your turn"):
        await act(core, ALICE, Action.DOUBLE)


async def test_a_double_taken_then_a_gammon_wins_four_points(make_core, storage) -> None:
    core = await _money_game(make_core)

    last = await play_on(core, double_at={"Alice": 1}, answer=Action.TAKE)

    (final,) = boards(last)
    assert "Alice wins a gammon, 4 points." in final.text
    assert isinstance(final, LastBoard)
    assert final.match_over
    money = await storage.money_results(GUILD, "backgammon")
    assert [(m.name, m.games, m.points) for m in money] == [("Alice", 1, 4), ("Bob", 1, -4)]
    assert [m.points for _, m in await storage.player_money(GUILD, BOB.user_id)] == [-4]
    assert await storage.leaderboard(GUILD, "backgammon") == []  # money play leaves the ratings alone


async def test_after_a_take_only_the_owner_may_redouble(make_core) -> None:
    core = await _money_game(make_core)
    await play(core, ALICE, pip_saver(game_of(core)))
    await act(core, BOB, Action.ROLL)
    await play(core, BOB, pip_saver(game_of(core)))

    doubled = await act(core, ALICE, Action.DOUBLE)
    (board,) = boards(doubled)
    assert actions(board) == ["take", "drop", "resign"]
    assert board.mention == BOB.user_id
    taken = await act(core, BOB, Action.TAKE)

    assert "Bob takes: the cube is on 2, theirs." in boards(taken)[0].text
    game = game_of(core)
    assert (game.cube, game.cube_owner, game.awaiting) == (2, 1, "play")  # Alice rolled: she can't redouble
    await play(core, ALICE, pip_saver(game))
    assert actions(boards(await act(core, BOB, Action.ROLL))[0])[0] != "double"
    for too_late in (Action.DOUBLE, Action.ROLL):
        with pytest.raises(ServiceError, match="the game waits for the roll to be played"):
            await act(core, BOB, too_late)


async def test_a_dropped_double_ends_the_game_at_the_cubes_value(make_core, storage) -> None:
    core = await _money_game(make_core)

    last = await play_on(core, double_at={"Alice": 1}, answer=Action.DROP)

    (final,) = boards(last)
    assert "Bob drops." in final.text
    assert "Alice wins, 1 point (double declined)." in final.text
    assert [c.action for c in final.controls] == [Prompt.ANALYSE, AfterMatch.REMATCH]
    assert [m.points for _, m in await storage.player_money(GUILD, ALICE.user_id)] == [1]


async def test_no_doubling_in_the_crawford_game(make_core) -> None:
    core = make_core([6, 5] * 3 + GAMMON_DICE)
    sent = await core.challenges.challenge(GUILD, CHANNEL, ALICE, BOB, "backgammon", 3)
    await core.challenges.answer(sent.notices[0].challenge_id, BOB, accept=True)
    for _ in range(2):  # Bob gives up a single game twice: Alice leads 2-0, one point from the match
        await act(core, BOB, Action.RESIGN, "1")
        await act(core, ALICE, Action.ACCEPT)

    game = game_of(core)
    assert game.match.crawford
    assert game.match.score == (2, 0)
    await play(core, ALICE, pip_saver(game))
    assert game_of(core).awaiting == "play"  # Bob's roll came at once: nobody may double
    with pytest.raises(ServiceError, match="can't be done now"):
        await act(core, BOB, Action.DOUBLE)


# ---------------------------------------------------------------------- resignations


async def test_a_backgammon_resignation_offers_only_what_the_game_can_still_cost(make_core) -> None:
    core = await _money_game(make_core, jacoby=False)

    question = core.matches.resign_question(match_id_in(core), BOB.user_id)

    assert isinstance(question, Reply)
    assert [(c.action, c.argument) for c in question.controls] == [
        (Action.RESIGN, "1"),
        (Action.RESIGN, "2"),
        (Action.RESIGN, "3"),
        ("keep", ""),
    ]
    assert (
        "Offer Alice a single game (1 point), a gammon (2 points), a backgammon (3 points)" in question.text
    )


async def test_under_the_jacoby_rule_a_resignation_offers_a_single_game_only(make_core) -> None:
    core = await _money_game(make_core)  # Jacoby on, the cube centred: a gammon would count single

    question = core.matches.resign_question(match_id_in(core), BOB.user_id)

    assert [(c.action, c.argument) for c in question.controls] == [(Action.RESIGN, "1"), ("keep", "")]
    assert "a single game (1 point) (gammons count single while the cube is centred" in question.text


async def test_a_declined_resignation_plays_on_and_an_accepted_one_ends_the_game(make_core, storage) -> None:
    core = await _money_game(make_core)

    offered = await act(core, BOB, Action.RESIGN, "1")
    (board,) = boards(offered)
    assert board.text.startswith("Bob offers to resign a single game (1 point).")
    assert actions(board) == ["accept", "decline", "resign"]
    assert board.mention == ALICE.user_id
    with pytest.raises(ServiceError, match="It's not your turn"):
        await act(core, BOB, Action.ACCEPT)

    declined = await act(core, ALICE, Action.DECLINE)
    assert "Alice declines." in boards(declined)[0].text
    assert game_of(core).awaiting == "play"  # Alice plays her opening roll as if nothing happened

    await act(core, BOB, Action.RESIGN, "2")
    accepted = await act(core, ALICE, Action.ACCEPT)
    # the Jacoby rule (on by default): with the cube centred a gammon counts as a single game
    assert "Alice wins a gammon, 1 point (resignation; Jacoby rule: no double, a single game)." in (
        boards(accepted)[0].text
    )
    assert [m.points for _, m in await storage.player_money(GUILD, BOB.user_id)] == [-1]


@pytest.mark.parametrize(("jacoby", "said"), [(True, "1 point"), (False, "2 points")])
async def test_a_gammon_with_the_cube_centred_counts_single_under_the_jacoby_rule(
    make_core, jacoby: bool, said: str
) -> None:
    core = await _money_game(make_core, jacoby=jacoby)

    last = await play_on(core)  # nobody doubles

    (final,) = boards(last)
    assert f"Alice wins a gammon, {said}" in final.text
    assert ("Jacoby rule" in final.text) is jacoby


@pytest.mark.parametrize("level", ["4", "0", "x", "-1"])
async def test_a_resignation_the_game_does_not_know_is_refused(make_core, level: str) -> None:
    core = await _money_game(make_core)
    _match_id, version = await core.matches.to_act_on(CHANNEL)

    with pytest.raises(ServiceError, match="You can't resign now"):
        await act(core, BOB, Action.RESIGN, level)
    assert (await core.matches.to_act_on(CHANNEL))[1] == version


async def test_a_mulligan_resignation_costs_three_while_a_mulligan_is_possible(make_core) -> None:
    core = make_core([6, 5])
    sent = await core.challenges.challenge(GUILD, CHANNEL, ALICE, BOB, "backgammon-mulligan")
    await core.challenges.answer(sent.notices[0].challenge_id, BOB, accept=True)
    question = core.matches.resign_question(match_id_in(core), BOB.user_id)
    assert question.text.startswith("Resign this game? Alice wins a mulligan, 3 points")

    result = await act(core, BOB, Action.RESIGN)

    (final,) = boards(result)
    assert "Alice wins a mulligan, 3 points (resignation)." in final.text
    assert "**Alice wins the match.**" in final.text
    assert final.picture.score == (3, 0)  # the final board shows the final score


# ---------------------------------------------------------------------- the computer


class Answers:
    """A computer that plays the pip-saving play and answers the cube as told."""

    def __init__(self, double: bool, take: bool) -> None:
        self.double, self.take = double, take

    def __call__(self, variant: str, level: str):
        from engine import find_variant
        from engine.ai import Player

        outer = self

        class Scripted(Player):
            def choose_play(self, game):
                return game.position.parse_play(game.dice, pip_saver(game))

            def wants_to_double(self, game):
                return outer.double

            def accepts_double(self, game):
                return outer.take

        return Scripted(find_variant(variant))


@pytest.mark.parametrize(("take", "said"), [(True, "takes"), (False, "drops")])
async def test_the_computer_answers_a_double(make_core, take: bool, said: str) -> None:
    core = make_core(GAMMON_DICE, computer=Answers(double=False, take=take))
    await core.challenges.vs_bot(GUILD, CHANNEL, ALICE, "backgammon", "hard")  # Alice opens 6-5
    await play(core, ALICE, pip_saver(game_of(core)))
    match_id = match_id_in(core)
    while game_of(core).actor == 1:
        await core.matches.computer_turn(match_id)

    doubled = await act(core, ALICE, Action.DOUBLE)
    assert doubled.computer_matches == (match_id,)
    answered = await core.matches.computer_turn(match_id)

    assert f"Computer (hard) {said}" in boards(answered)[0].text


async def test_the_computer_doubles_through_the_same_actions(make_core) -> None:
    core = make_core([5, 6, *GAMMON_DICE[2:]], computer=Answers(double=True, take=True))
    await core.challenges.vs_bot(GUILD, CHANNEL, ALICE, "backgammon", "hard")  # the computer opens 6-5
    match_id = match_id_in(core)
    await core.matches.computer_turn(match_id)

    doubled = await act(core, ALICE, Action.ROLL) if game_of(core).awaiting == "roll" else None
    assert doubled is not None
    await play(core, ALICE, pip_saver(game_of(core)))
    result = await core.matches.computer_turn(match_id)

    (board,) = boards(result)
    assert board.text.splitlines()[:2] == [  # Alice's play and the computer's answer, on one board
        "Alice played `24/23 24/22` with 2-1.",
        "Computer (hard) doubles to 2.",
    ]
    assert actions(board) == ["take", "drop", "resign"]
    assert board.mention is None  # the computer answers Alice's own play: she is there, no ping
    assert core.matches.get(match_id).record.seats[1].user_id == COMPUTER_ID


async def test_a_resignation_offered_to_the_computer_is_answered_by_it(make_core) -> None:
    core = make_core(GAMMON_DICE)
    await core.challenges.vs_bot(GUILD, CHANNEL, ALICE, "backgammon", "hard")
    offered = await act(core, ALICE, Action.RESIGN, "1")
    assert offered.computer_matches == (match_id_in(core),)

    answered = await core.matches.computer_turn(match_id_in(core))

    assert "Computer (hard) accepts." in boards(answered)[0].text  # the test computer accepts everything
    assert match_id_in(core) is None


async def test_money_play_is_shown_in_stats_and_the_leaderboard(make_core) -> None:
    core = await _money_game(make_core)
    await play_on(core, double_at={"Alice": 1}, answer=Action.TAKE)

    (stats,) = (await core.records.stats(GUILD, PlayerRef(BOB.user_id, "Bob"))).notices
    (board,) = (await core.records.leaderboard(GUILD, "backgammon")).notices

    assert "• Backgammon money play: 1 game, -4 points" in stats.text
    assert "**Backgammon** money play" in board.text
    assert " 1  Alice                    1       +4" in board.text


# ---------------------------------------------------------------------- .mat records


async def test_an_exported_match_imports_back_to_the_same_score(make_core) -> None:
    core = await _money_game(make_core)
    await play_on(core, double_at={"Alice": 1}, answer=Action.TAKE)

    (reply,) = (await core.exports.mat(CHANNEL)).notices

    ((filename, data),) = reply.files
    assert filename.endswith(".mat")
    record = read_match(data.decode())
    assert record.names == ("Alice", "Bob")
    assert record.target == 0
    assert record.score == (4, 0)
    assert " Doubles => 2" in data.decode()
    assert " Takes" in data.decode()


async def test_a_match_in_progress_exports_its_games_so_far(make_core) -> None:
    core = make_core([6, 5] * 3 + GAMMON_DICE)
    sent = await core.challenges.challenge(GUILD, CHANNEL, ALICE, BOB, "backgammon", 5)
    await core.challenges.answer(sent.notices[0].challenge_id, BOB, accept=True)
    await act(core, BOB, Action.RESIGN, "2")
    await act(core, ALICE, Action.ACCEPT)
    await play(core, ALICE, pip_saver(game_of(core)))

    (reply,) = (await core.exports.mat(CHANNEL)).notices

    text = reply.files[0][1].decode()
    assert " 5 point match" in text
    record = read_match(text)
    assert len(record.games) == 2
    assert record.score == (2, 0)
    assert "in progress" in reply.text


async def test_only_backgammon_exports_as_mat(make_core) -> None:
    core = make_core([2, 1])
    await core.challenges.vs_bot(GUILD, CHANNEL, ALICE)

    with pytest.raises(ServiceError, match="Minigam can't be written as one"):
        await core.exports.mat(CHANNEL)
    with pytest.raises(ServiceError, match="no match in this channel to export"):
        await core.exports.mat(CHANNEL + 7)
