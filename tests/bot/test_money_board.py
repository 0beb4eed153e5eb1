"""The money leaderboard counts games between people only: games against the computer, and games with
hints, are kept apart."""

from __future__ import annotations

from bot.core import Action
from bot.models import Standing
from tests.bot.conftest import ALICE, CHANNEL, GUILD, act, live, match_id_in
from tests.bot.test_cube import GAMMON_DICE, _money_game, play_on


async def test_a_money_game_against_the_computer_stays_off_the_money_leaderboard(make_core, storage) -> None:
    core = make_core(GAMMON_DICE)
    await core.challenges.vs_bot(GUILD, CHANNEL, ALICE, "backgammon", "hard")  # a money game
    await act(core, ALICE, Action.RESIGN, "1")
    await core.matches.computer_turn(match_id_in(core))  # the test computer accepts
    assert match_id_in(core) is None

    assert await storage.money_results(GUILD, "backgammon") == []
    assert await storage.player_money(GUILD, ALICE.user_id) == []
    assert await storage.standing_size(GUILD, "backgammon", Standing.MONEY) == 0


async def test_a_money_game_between_people_counts_beside_one_against_the_computer(make_core, storage) -> None:
    core = await _money_game(make_core)
    await play_on(core, double_at={"Alice": 1}, answer=Action.TAKE)  # Alice wins 4 points from Bob
    await core.challenges.vs_bot(GUILD, CHANNEL, ALICE, "backgammon", "hard")
    await act(core, ALICE, Action.RESIGN, "1")
    await core.matches.computer_turn(match_id_in(core))  # and loses 1 to the computer

    money = await storage.money_results(GUILD, "backgammon")

    assert [(m.name, m.games, m.points) for m in money] == [("Alice", 1, 4), ("Bob", 1, -4)]
    assert await storage.standing_size(GUILD, "backgammon", Standing.MONEY) == 2


async def test_a_money_game_with_a_hint_stays_off_the_money_leaderboard(make_core, storage) -> None:
    core = await _money_game(make_core)
    game_id = live(core).record.current_game_id
    await core.matches.hint(CHANNEL, ALICE)  # Alice asks how to play her opening 6-5
    await play_on(core, double_at={"Alice": 1}, answer=Action.TAKE)  # and wins 4 points from Bob

    assert await storage.hinted_players(game_id) == [ALICE.user_id]
    assert await storage.money_results(GUILD, "backgammon") == []
    assert await storage.standing_size(GUILD, "backgammon", Standing.MONEY) == 0


async def test_asking_twice_in_a_game_records_the_hint_once(make_core, storage) -> None:
    core = await _money_game(make_core)
    game_id = live(core).record.current_game_id

    await core.matches.hint(CHANNEL, ALICE)
    await core.matches.hint(CHANNEL, ALICE)

    assert await storage.hinted_players(game_id) == [ALICE.user_id]
