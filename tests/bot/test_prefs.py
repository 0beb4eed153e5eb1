"""A person's own preferences (``/minigam prefs``): shown privately, changed with options, kept per person
in the store (across servers and restarts); a bad value is refused whole and changes nothing."""

from __future__ import annotations

import pytest

from bot.core import Reply, ServiceError
from bot.core.prefs import AutoRoll, PlayerPrefs, Prefs, prefs_of
from tests.bot.conftest import ALICE, BOB


async def test_the_defaults_ask_before_rolling_and_never_move_for_anyone(make_core) -> None:
    core = make_core()

    (shown,) = (await PlayerPrefs(core.ctx).show(ALICE)).notices

    assert isinstance(shown, Reply)
    assert shown.controls == ()
    assert "`roll`: **ask**" in shown.text
    assert "`forced`: **off**" in shown.text
    assert "`bear_off`: **off**" in shown.text
    assert await prefs_of(core.ctx, ALICE.user_id) == Prefs(AutoRoll.ASK, forced=False, bear_off=False)


async def test_changes_are_kept_per_person_and_read_back_after_a_restart(make_core) -> None:
    core = make_core()
    result = await PlayerPrefs(core.ctx).change(ALICE, {"roll": "always", "forced": "on", "bear-off": "on"})

    (saved,) = result.notices
    assert saved.text.startswith("Saved.")
    restarted = make_core()  # a new process on the same database
    assert await prefs_of(restarted.ctx, ALICE.user_id) == Prefs(AutoRoll.ALWAYS, forced=True, bear_off=True)
    assert await prefs_of(restarted.ctx, BOB.user_id) == Prefs()


async def test_back_to_a_default_stores_nothing_for_it(make_core, storage) -> None:
    core = make_core()
    prefs = PlayerPrefs(core.ctx)
    await prefs.change(ALICE, {"forced": "on", "roll": "no-double"})

    await prefs.change(ALICE, {"forced": "off", "roll": "ask"})

    assert await storage.player_prefs(ALICE.user_id) == {}


@pytest.mark.parametrize(
    ("changes", "refusal"),
    [
        ({"forced": "yes"}, "`forced` can be `on` or `off`, not `yes`."),
        ({"roll": "sometimes"}, "`roll` can be `ask`, `no-double` or `always`, not `sometimes`."),
        ({"roll": "always", "colour": "red"}, "There's no preference called `colour`."),
    ],
)
async def test_a_bad_preference_is_refused_and_changes_nothing(make_core, changes, refusal) -> None:
    core = make_core()
    prefs = PlayerPrefs(core.ctx)

    with pytest.raises(ServiceError) as refused:
        await prefs.change(ALICE, changes)

    assert str(refused.value).startswith(refusal)
    assert await prefs_of(core.ctx, ALICE.user_id) == Prefs()


async def test_a_stored_value_this_code_cannot_read_counts_as_the_default(make_core, storage) -> None:
    core = make_core()
    async with storage.transaction() as tx:
        await tx.set_player_pref(ALICE.user_id, "roll", "whenever")
        await tx.set_player_pref(ALICE.user_id, "forced", "on")

    assert await prefs_of(core.ctx, ALICE.user_id) == Prefs(forced=True)
