"""A damaged database, or one that cannot be written just now: the bot keeps serving everything else.

A match whose plays cannot be replayed is skipped at start-up; a write that fails is refused with "try
again" and changes nothing; a damaged lobby does not stop the clock's sweep for every other match; a
garbage row of the records leaves out that row only; a database that cannot be used stops the bot with one
line and exit status 2. Rows are damaged behind the store's back (:class:`~tests.bot.databases.Database`),
on both databases."""

from __future__ import annotations

import io
import logging
import os
import subprocess
import sys
from pathlib import Path

import pytest

from bot import texts
from bot.app.publisher import Publisher
from bot.app.responder import Responder
from bot.app.views import ChallengeButton
from bot.config import Config
from bot.console.session import console_main
from bot.core import Action, Core, Message, Result, Runner, ServiceError
from bot.store import StoreError, Unavailable, open_store
from bot.store.sql.writes import SqlTransaction
from engine import ScriptedDice, SeededDice
from tests.bot.clicks import Answer, FakeClick, FakeUser, bot_on, click
from tests.bot.conftest import (
    ALICE,
    BOB,
    CAROL,
    CHANNEL,
    DAN,
    GUILD,
    boards,
    first_play_factory,
    game_of,
    live,
    match_id_in,
    open_lobby,
    play,
    resign,
    start_challenge_match,
    version_of,
)
from tests.bot.databases import Database
from tests.bot.test_console import hot_seat_moves

DICE = [2, 1, 2, 1, 1, 1, 6, 6, 3, 2]
OTHER = CHANNEL + 1


async def _two_matches(make_core) -> tuple[Core, int]:
    """A match in CHANNEL where Alice made a play, and another in OTHER; the first one's id. The dice
    have Alice's next roll too."""
    core = make_core([*DICE[:4], *DICE[:2], *DICE[4:6]])
    await start_challenge_match(core)
    await play(core, ALICE, "bar/2 bar/1")
    await start_challenge_match(core, channel=OTHER)
    match_id = match_id_in(core)
    assert match_id is not None
    return core, match_id


# ---------------------------------------------------------------------- 1. plays that do not replay

PLAYS_DAMAGE = {
    "a play numbered before the opening": "UPDATE plays SET seq = -1 WHERE game_id = ? AND kind = 'play'",
    "the current game's plays deleted": "DELETE FROM plays WHERE game_id = ?",
}


@pytest.mark.parametrize("damage", PLAYS_DAMAGE.values(), ids=PLAYS_DAMAGE.keys())
async def test_a_match_whose_plays_do_not_replay_is_skipped_at_start(
    make_core, database: Database, caplog: pytest.LogCaptureFixture, damage: str
) -> None:
    first, match_id = await _two_matches(make_core)
    await database.execute(damage, live(first).record.current_game_id)

    second = make_core([])
    loaded = await second.load()

    assert loaded == 1
    assert match_id_in(second, OTHER) is not None
    assert match_id_in(second) is None
    assert f"match {match_id} cannot be loaded" in caplog.text
    with pytest.raises(ServiceError, match="could not be read back after a restart"):
        await second.challenges.vs_bot(GUILD, CHANNEL, ALICE)


# ---------------------------------------------------------------------- 2. a write that fails


def _unavailable_once(monkeypatch: pytest.MonkeyPatch, write: str = "update_match") -> list[str]:
    """The next call of the transaction's ``write`` fails as a locked or full database does, or a lost
    connection; the calls it refused."""
    refused: list[str] = []
    real = getattr(SqlTransaction, write)

    async def failing_once(self, *args, **kwargs):
        if not refused:
            refused.append(write)
            raise Unavailable("the database: database is locked")
        return await real(self, *args, **kwargs)

    monkeypatch.setattr(SqlTransaction, write, failing_once)
    return refused


async def test_a_write_that_fails_changes_nothing_and_the_next_try_works(make_core, monkeypatch) -> None:
    core = make_core(DICE[:6])
    await start_challenge_match(core)
    match_id = match_id_in(core)
    version, before = version_of(core, match_id), game_of(core).to_json()
    refused = _unavailable_once(monkeypatch)

    with pytest.raises(Unavailable):
        await play(core, ALICE, "bar/2 bar/1")

    assert refused == ["update_match"]
    assert version_of(core, match_id) == version
    assert game_of(core).to_json() == before
    assert len(await core.store.game_events(live(core).record.current_game_id)) == live(core).saved_events
    result = await play(core, ALICE, "bar/2 bar/1")
    assert "Bob, your turn" in boards(result)[0].text
    assert version_of(core, match_id) == version + 1


async def test_a_click_that_cannot_be_saved_is_answered_try_again_and_the_next_one_works(
    storage, clock, tmp_path: Path, monkeypatch, caplog: pytest.LogCaptureFixture
) -> None:
    bot = bot_on(storage, clock, tmp_path, dice=ScriptedDice(DICE[:2] * 2))  # an opening each
    sent = await bot.core.challenges.challenge(GUILD, CHANNEL, ALICE, BOB)
    accept = f"mgc:{sent.notices[0].challenge_id}:accept"
    _unavailable_once(monkeypatch, "insert_match")

    refused = FakeClick(bot, FakeUser(BOB.user_id, BOB.name), CHANNEL)
    await click(bot, ChallengeButton, accept, refused)
    again = FakeClick(bot, FakeUser(BOB.user_id, BOB.name), CHANNEL)
    await click(bot, ChallengeButton, accept, again)

    assert refused.response.answers == [Answer(texts.NOT_SAVED, ephemeral=True)]
    (logged,) = [r for r in caplog.records if r.name == "bot.app.lifecycle"]
    assert (logged.levelno, logged.exc_info) == (logging.WARNING, None)  # one line, no traceback
    assert "database is locked" in logged.getMessage()
    assert again.answers == []  # answered by what was delivered
    assert len(bot.delivered) == 1
    assert match_id_in(bot.core) is not None


async def test_a_message_whose_record_cannot_be_saved_still_gets_the_action_answered(
    caplog: pytest.LogCaptureFixture,
) -> None:
    publisher = Publisher(None, None, None)  # type: ignore[arg-type]
    posted: list[str] = []

    async def publish_one(notice, responder) -> None:  # the first one's record fails once it is posted
        posted.append(notice.text)
        if len(posted) == 1:
            raise Unavailable("the database: disk I/O error")

    publisher._publish = publish_one  # type: ignore[method-assign]
    who = FakeClick(None, FakeUser(ALICE.user_id, ALICE.name), CHANNEL)  # type: ignore[arg-type]
    result = Result([Message(CHANNEL, "first"), Message(CHANNEL, "second")])

    await publisher.publish(result, Responder(who), ack="Played.")  # type: ignore[arg-type]

    assert posted == ["first", "second"]
    assert who.answers == ["Played."]  # not "nothing changed": the action is stored
    (logged,) = [r for r in caplog.records if r.name == "bot.app.publisher"]
    assert (logged.levelno, logged.exc_info) == (logging.WARNING, None)


async def test_the_computers_turn_that_cannot_be_saved_is_one_warning_and_tried_again(
    make_core, monkeypatch, caplog: pytest.LogCaptureFixture
) -> None:
    core = make_core([1, 2, 3, 1, 3, 1], computer=first_play_factory)  # a roll for each try
    await core.challenges.vs_bot(GUILD, CHANNEL, ALICE)  # the computer won the opening: its turn
    match_id = match_id_in(core)
    version = version_of(core, match_id)
    runner = Runner(core, _publish_nothing, move_delay=0)
    _unavailable_once(monkeypatch)

    runner.schedule_computer(match_id)
    await runner.idle()
    assert version_of(core, match_id) == version
    runner.schedule_computer(match_id)  # as the next sweep does
    await runner.idle()

    assert version_of(core, match_id) == version + 1
    (logged,) = [r for r in caplog.records if r.name == "bot.core.runner"]
    assert (logged.levelno, logged.exc_info) == (logging.WARNING, None)


async def _publish_nothing(result: Result) -> None:
    return None


class _TypedLines(io.StringIO):
    """Lines piped to the console; reading ``arm`` makes the database refuse the next write."""

    def __init__(self, lines: list[str], arm: str, monkeypatch: pytest.MonkeyPatch) -> None:
        super().__init__("".join(f"{line}\n" for line in lines))
        self.arm, self.monkeypatch = arm, monkeypatch

    def readline(self, size: int = -1) -> str:
        line = super().readline(size)
        if line.strip() == self.arm:
            _unavailable_once(self.monkeypatch)
            self.arm = ""
        return line


def test_the_console_says_a_write_was_not_saved_and_carries_on(tmp_path: Path, monkeypatch) -> None:
    settings = Config(database_url=f"sqlite:///{tmp_path / 'db.sqlite3'}", local_output_dir=tmp_path)
    moves, _winner = hot_seat_moves(seed=11)
    move = f"move {moves[0]}"
    typed = _TypedLines(["challenge @Bob", move, move], move, monkeypatch)
    out = io.StringIO()

    status = console_main(settings, dice=SeededDice(11), stdin=typed, stdout=out)

    assert status == 0
    text = out.getvalue()
    assert text.count(f"! {texts.NOT_SAVED}") == 1
    assert f"played {moves[0]} with" in text.split(texts.NOT_SAVED)[1]  # the same line, typed again
    assert text.rstrip().endswith("Bye.")


# ---------------------------------------------------------------------- 3. the clock's sweep


async def _damage_lobby(database: Database, lobby_id: int) -> None:
    """A lobby whose version is not a number (on PostgreSQL: none, its column made to allow that)."""
    if database.kind == "postgres":
        await database.execute("ALTER TABLE lobbies ALTER COLUMN version DROP NOT NULL")
        await database.execute("UPDATE lobbies SET version = NULL WHERE lobby_id = ?", lobby_id)
    else:
        await database.execute("UPDATE lobbies SET version = 'seven' WHERE lobby_id = ?", lobby_id)


async def test_a_damaged_lobby_does_not_stop_the_sweep_for_other_matches(
    make_core, database: Database, clock, caplog: pytest.LogCaptureFixture
) -> None:
    core = make_core(DICE, turn_timeout=100)
    lobby_id = await open_lobby(core, CAROL, DAN, channel=OTHER)
    await start_challenge_match(core)
    await _damage_lobby(database, lobby_id)

    clock.advance(50)
    reminded = await core.timeouts.sweep()
    clock.advance(50)
    forfeited = await core.timeouts.sweep()

    (reminder,) = [n for n in reminded.notices if isinstance(n, Message)]
    assert reminder.mention == ALICE.user_id
    assert "Alice didn't play within" in boards(forfeited)[0].text
    assert match_id_in(core) is None
    damaged = [r for r in caplog.records if f"lobby {lobby_id}" in r.getMessage()]
    assert len(damaged) == 1  # once, not at every pass
    assert damaged[0].levelno >= logging.WARNING


# ---------------------------------------------------------------------- 4. reads of records

TOO_LATE = 2**63 - 1  # a version the next action could not store


async def test_a_game_with_a_garbage_finish_time_leaves_the_history_of_the_others(
    make_core, database: Database
) -> None:
    core = make_core([*DICE[:4], *DICE[:4]])
    for _ in range(2):
        await start_challenge_match(core)
        await play(core, ALICE, "bar/2 bar/1")
        await resign(core, BOB)
    (first, second) = [row[0] for row in await database.fetch("SELECT game_id FROM games ORDER BY game_id")]
    garbage = "'NaN'" if database.kind == "postgres" else "'yesterday'"
    await database.execute(f"UPDATE games SET finished_at = {garbage} WHERE game_id = ?", first)

    (info,) = (await core.records.history(GUILD)).notices

    assert f"#{second} " in info.text
    assert f"#{first} " not in info.text


async def test_a_garbage_rating_leaves_the_rest_of_the_stats(make_core, database: Database) -> None:
    core = make_core([2, 1, 2, 1, 3, 2] * 2)
    for _ in range(2):  # rated: both make a play, then Bob resigns
        await start_challenge_match(core)
        await play(core, ALICE, "bar/2 bar/1")
        await play(core, BOB, "bar/5/4")
        await resign(core, BOB)
    garbage = "'NaN'" if database.kind == "postgres" else "'lots'"
    await database.execute(f"UPDATE ratings SET rating = {garbage} WHERE user_id = ?", ALICE.user_id)
    await database.execute(
        f"UPDATE rating_history SET new_rating = {garbage} WHERE user_id = ?", ALICE.user_id
    )

    (card,) = (await core.records.stats(GUILD, ALICE)).notices

    assert card.text.startswith("**Alice**")
    assert card.stats.record.wins == 2
    assert card.stats.ratings == ()  # the one rating that cannot be read
    assert card.chart is None  # nor its history


async def test_a_match_at_the_last_version_is_skipped_at_start(make_core, database: Database) -> None:
    first, match_id = await _two_matches(make_core)
    version = version_of(first, match_id)
    await database.execute("UPDATE matches SET version = ? WHERE match_id = ?", TOO_LATE, match_id)

    second = make_core([])
    assert await second.load() == 1

    with pytest.raises(ServiceError, match="could not be read back after a restart"):
        await second.matches.act(match_id, TOO_LATE, BOB, Action.PLAY, "bar/5/4")
    with pytest.raises(ServiceError, match="could not be read back after a restart"):
        await second.matches.act(match_id, version, BOB, Action.PLAY, "bar/5/4")


async def test_a_match_put_at_the_last_version_under_play_is_refused_cleanly(
    make_core, database: Database
) -> None:
    core, match_id = await _two_matches(make_core)
    await database.execute("UPDATE matches SET version = ? WHERE match_id = ?", TOO_LATE, match_id)

    with pytest.raises(ServiceError, match="moved on"):
        await play(core, BOB, "bar/5/4")
    with pytest.raises(ServiceError, match="could not be read back"):
        await core.challenges.vs_bot(GUILD, CHANNEL, ALICE)
    assert match_id_in(core, OTHER) is not None


async def test_a_finished_match_at_the_last_version_refuses_a_rematch(make_core, database: Database) -> None:
    core = make_core(DICE[:4])
    await start_challenge_match(core)
    match_id = match_id_in(core)
    await play(core, ALICE, "bar/2 bar/1")
    await resign(core, BOB)
    await database.execute("UPDATE matches SET version = ? WHERE match_id = ?", TOO_LATE, match_id)

    with pytest.raises(ServiceError, match="can't be read back"):
        await core.rematches.rematch(match_id, ALICE)


# ---------------------------------------------------------------------- 5. a database that cannot be used

ROOT = Path(__file__).resolve().parents[2]


def _bot(database_url: str, tmp_path: Path) -> subprocess.CompletedProcess[str]:
    """``python -m bot`` as the console (no token), nothing typed."""
    env = {k: v for k, v in os.environ.items() if k not in ("DISCORD_TOKEN", "DATABASE_PATH")}
    env["DATABASE_URL"] = database_url
    return subprocess.run(
        [sys.executable, "-m", "bot", "--env-file", str(tmp_path / "none.env")],
        cwd=ROOT,
        env=env,
        check=False,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=120,
    )


async def test_a_database_whose_folder_is_a_file_stops_the_bot_with_one_line(tmp_path: Path) -> None:
    folder = tmp_path / "data"
    folder.write_text("a file where the folder should be\n")

    done = _bot(f"sqlite:///{folder}/db.sqlite3", tmp_path)

    assert done.returncode == 2
    assert done.stdout == ""
    (line,) = done.stderr.splitlines()
    assert line.startswith("minigam: ")
    assert str(folder) in line


async def test_a_newer_sqlite_database_stops_the_bot_with_one_line(tmp_path: Path) -> None:
    path = tmp_path / "db.sqlite3"
    await (await open_store(path)).close()
    await Database("sqlite", f"sqlite:///{path}").execute(
        "INSERT INTO schema_version (version, applied_at) VALUES (999, 0)"
    )

    done = _bot(f"sqlite:///{path}", tmp_path)

    assert done.returncode == 2
    (line,) = done.stderr.splitlines()
    assert line.startswith("minigam: ")
    assert "999" in line


async def test_a_newer_postgres_database_is_refused(postgres_url: str) -> None:
    await (await open_store(postgres_url)).close()
    await Database("postgres", postgres_url).execute(
        "INSERT INTO schema_version (version, applied_at) VALUES (999, 0)"
    )

    with pytest.raises(StoreError, match="999"):
        await open_store(postgres_url)
