"""``/minigam hint`` pages through every play on request (**More plays**), and in match play shows the
match winning chance beside each equity."""

from __future__ import annotations

import re

import pytest

from bot.core import Action, Core, Prompt, Reply, ServiceError
from bot.texts.hints import FIRST_PAGE
from tests.bot.conftest import ALICE, BOB, CHANNEL, GUILD, act, game_of, live, match_id_in
from tests.bot.test_cube import GAMMON_DICE, pip_saver


async def _reply(result) -> Reply:
    (reply,) = result.notices
    assert isinstance(reply, Reply)
    return reply


def _plays(text: str) -> list[str]:
    """The plays a page lists, in notation."""
    return re.findall(r"^\d+\. `(.*?)` — ", text, re.M)


def _more(reply: Reply) -> str | None:
    """The page **More plays** asks for, or ``None`` without it."""
    found = [c.argument for c in reply.controls if c.action is Prompt.HINTS]
    return found[0] if found else None


async def _money_game(make_core) -> Core:
    """Alice and Bob's money game (unrated: hints allowed), Alice to play her opening 6-5."""
    core = make_core(GAMMON_DICE)
    sent = await core.challenges.challenge(GUILD, CHANNEL, ALICE, BOB, "backgammon")
    await core.challenges.answer(sent.notices[0].challenge_id, BOB, accept=True)
    return core


async def test_more_plays_pages_through_every_legal_play_once(make_core) -> None:
    core = await _money_game(make_core)
    match_id, version = match_id_in(core), live(core).version
    legal = {game_of(core).position.format_play(p) for p in game_of(core).legal_plays()}

    first = await _reply(await core.matches.hint(CHANNEL, ALICE))
    seen, reply = _plays(first.text), first
    while (page := _more(reply)) is not None:
        reply = await _reply(await core.matches.hint_page(match_id, version, ALICE, int(page)))
        assert reply.text.startswith(f"Plays {len(seen) + 1}-")
        assert len(reply.text) <= 2000  # one Discord message
        seen += _plays(reply.text)

    assert len(_plays(first.text)) == FIRST_PAGE < len(legal)
    assert sorted(seen) == sorted(legal)  # each play once, none left out
    assert (first.match_id, first.version) == (match_id, version)


async def test_more_plays_of_a_turn_gone_by_is_out_of_date(make_core) -> None:
    core = await _money_game(make_core)
    match_id, version = match_id_in(core), live(core).version
    first = await _reply(await core.matches.hint(CHANNEL, ALICE))
    await act(core, ALICE, Action.PLAY, pip_saver(game_of(core)))

    with pytest.raises(ServiceError, match="out of date"):
        await core.matches.hint_page(match_id, version, ALICE, int(_more(first) or 1))


async def test_match_play_hints_give_the_match_winning_chance_beside_the_equity(make_core) -> None:
    core = make_core(GAMMON_DICE)
    await core.challenges.vs_bot(GUILD, CHANNEL, ALICE, "backgammon", "hard", 5)
    assert game_of(core).turn == 0  # Alice opens 6-5

    text = (await _reply(await core.matches.hint(CHANNEL, ALICE))).text
    rows = re.findall(r"equity ([+-]\d\.\d{3}), match winning chance (\d+\.\d)%", text)

    assert len(rows) == FIRST_PAGE
    equities, chances = [float(e) for e, _ in rows], [float(c) for _, c in rows]
    assert equities == sorted(equities, reverse=True)
    assert chances == sorted(chances, reverse=True)  # the better play, the better chance in the match
    assert all(40 < c < 60 for c in chances)  # an opening play at 0-0 to 5


async def test_money_play_hints_have_no_match_winning_chance(make_core) -> None:
    core = await _money_game(make_core)

    text = (await _reply(await core.matches.hint(CHANNEL, ALICE))).text

    assert "equity" in text
    assert "match winning chance" not in text


async def test_match_play_cube_advice_gives_the_match_winning_chances(make_core) -> None:
    core = make_core(GAMMON_DICE)
    await core.challenges.vs_bot(GUILD, CHANNEL, ALICE, "backgammon", "hard", 5)
    await act(core, ALICE, Action.PLAY, pip_saver(game_of(core)))
    for _ in range(5):  # the computer's turn: it rolls 2-1 and plays
        if game_of(core).turn == 0:
            break
        await core.matches.computer_turn(match_id_in(core))
    assert (game_of(core).turn, game_of(core).awaiting) == (0, "roll")

    text = (await _reply(await core.matches.hint(CHANNEL, ALICE))).text
    found = dict(re.findall(r"^• (.+?): [+-]\d\.\d{3} \(match winning chance (\d+\.\d)%\)$", text, re.M))

    assert set(found) == {"No double", "Double, take", "Double, pass"}
    assert float(found["Double, pass"]) > float(found["No double"])  # winning a point now beats 50%
