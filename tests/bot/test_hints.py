"""``/minigam hint`` for every decision a player meets: the best plays for a roll, each with what it loses
against the best; in backgammon the cube (roll or double, take or pass), from gnubg at 2 ply."""

from __future__ import annotations

import re

import pytest

from bot.core import Action, Core, Reply, ServiceError
from tests.bot.conftest import ALICE, BOB, CHANNEL, GUILD, act, game_of, play
from tests.bot.test_cube import GAMMON_DICE, pip_saver


async def _hint(core: Core, who) -> str:
    (reply,) = (await core.matches.hint(CHANNEL, who)).notices
    assert isinstance(reply, Reply)
    return reply.text


async def _money_game(make_core) -> Core:
    """Alice and Bob's money game (unrated: hints allowed): Alice opens 6-5, then rolls 6-6 every time and
    Bob 2-1, so Alice's lead grows turn by turn."""
    core = make_core(GAMMON_DICE)
    sent = await core.challenges.challenge(GUILD, CHANNEL, ALICE, BOB, "backgammon")
    await core.challenges.answer(sent.notices[0].challenge_id, BOB, accept=True)
    return core


async def _to_alices_chance(core: Core, chance: int) -> None:
    """Everyone rolls and plays the pip-saving play until Alice may double for the ``chance``-th time."""
    seen = 0
    for _ in range(100):
        game = game_of(core)
        who = (ALICE, BOB)[game.actor]
        if game.awaiting == "roll":
            if who is ALICE:
                seen += 1
                if seen == chance:
                    return
            await act(core, who, Action.ROLL)
        else:
            await play(core, who, pip_saver(game))
    raise AssertionError("Alice never got that chance")


def _values(text: str) -> dict[str, float]:
    """The equities of the advice's bullet lines, by their words."""
    return {m[1]: float(m[2]) for m in re.finditer(r"^• (.+?)(?: \(.*\))?: ([+-]\d\.\d{3})$", text, re.M)}


async def test_a_roll_hint_lists_the_best_plays_and_what_the_others_lose(make_core) -> None:
    core = make_core([2, 1])
    await core.challenges.vs_bot(GUILD, CHANNEL, ALICE)

    lines = (await _hint(core, ALICE)).splitlines()

    assert lines[0] == "Best plays for your 2-1:"
    assert lines[1].endswith(", the best play")
    best = float(re.search(r"— (\d+\.\d)% to win", lines[1])[1])
    second = re.search(r"— (\d+\.\d)% to win, (\d+\.\d)% less than the best$", lines[2])
    assert second is not None
    assert float(second[1]) == pytest.approx(best - float(second[2]), abs=0.15)


async def test_backgammon_plays_lose_equity_against_the_best(make_core) -> None:
    core = await _money_game(make_core)  # Alice to play her opening 6-5

    lines = (await _hint(core, ALICE)).splitlines()

    assert lines[0] == "Best plays for your 6-5:"
    assert lines[1].startswith("1. `24/13` — ")  # the opening 6-5 runs a back checker
    equities = [float(m[1]) for line in lines[1:] if (m := re.search(r"equity ([+-]\d\.\d{3})", line))]
    losses = [
        float(m[1]) for line in lines[2:] if (m := re.search(r", (\d\.\d{3}) less than the best$", line))
    ]
    assert len(losses) == len(lines) - 2 == 2
    assert losses == pytest.approx([equities[0] - e for e in equities[1:]], abs=0.0015)


async def test_before_rolling_the_hint_is_the_cube_no_double_early(make_core) -> None:
    core = await _money_game(make_core)
    await _to_alices_chance(core, 1)  # after 6-5 and Bob's 2-1: a small lead, far from a double

    text = await _hint(core, ALICE)

    assert text.startswith("Cube advice: **no double**\n")
    values = _values(text)
    assert set(values) == {"No double", "Double, take", "Double, pass"}
    assert values["Double, pass"] == 1.0
    assert values["No double"] > values["Double, take"]
    cost = float(re.search(r"The other choice would cost (\d\.\d{3})\.", text)[1])
    assert cost == pytest.approx(values["No double"] - values["Double, take"], abs=0.0015)
    assert re.search(r"Your chances: \d+% to win, \d+% win a gammon, \d+% lose a gammon\.", text)
    with pytest.raises(ServiceError, match="It's not your turn"):
        await core.matches.hint(CHANNEL, BOB)


async def test_a_big_lead_is_a_double_and_the_double_a_take(make_core) -> None:
    core = await _money_game(make_core)
    await _to_alices_chance(core, 2)  # two 6-6 against 2-1: time to double, still a take

    advice = await _hint(core, ALICE)
    await act(core, ALICE, Action.DOUBLE)
    answer = await _hint(core, BOB)

    assert advice.startswith("Cube advice: **double / take**\n")
    assert answer.startswith("Cube advice: **take**\n")
    values = _values(answer)
    assert set(values) == {"Take", "Pass"}
    assert values["Pass"] == -1.0
    assert values["Take"] > values["Pass"]
    assert "• Take (the cube on 2, yours): " in answer
    assert "• Pass (lose 1 point): -1.000" in answer


async def test_a_bigger_lead_is_a_double_and_the_double_a_pass(make_core) -> None:
    core = await _money_game(make_core)
    await _to_alices_chance(core, 3)  # three 6-6 against 2-1: Bob should not take

    advice = await _hint(core, ALICE)
    await act(core, ALICE, Action.DOUBLE)
    answer = await _hint(core, BOB)

    assert advice.startswith("Cube advice: **double / pass**\n")
    assert answer.startswith("Cube advice: **pass**\n")
    assert _values(answer)["Take"] < -1.0


async def test_hints_stay_refused_in_rated_matches(make_core) -> None:
    core = make_core(GAMMON_DICE)
    sent = await core.challenges.challenge(GUILD, CHANNEL, ALICE, BOB, "backgammon", 3)
    await core.challenges.answer(sent.notices[0].challenge_id, BOB, accept=True)

    with pytest.raises(ServiceError, match="Hints are only for unrated games"):
        await core.matches.hint(CHANNEL, ALICE)
