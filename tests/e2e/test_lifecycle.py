"""The bot's life as an operator sees it: SIGTERM stops it cleanly, kill -9 leaves no worker behind, and a
board lost in a crash between storing a play and posting it is posted at the next start."""

from __future__ import annotations

import asyncio
import os
import signal
import time
from pathlib import Path

import pytest

from bot.app.publisher import Publisher
from tests.e2e.world import BotProcess, World, board_version

pytestmark = [
    pytest.mark.e2e,
    pytest.mark.skipif(not Path("/proc").is_dir(), reason="reads the process tree from /proc"),
]


def children(pid: int) -> list[int]:
    """The live (not zombie) processes whose parent is ``pid``."""
    out = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid and fields[0] != "Z":
            out.append(int(stat.parent.name))
    return out


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


async def _started(world: World) -> tuple[BotProcess, list[int]]:
    env = world.process_env() | {"RENDER_WORKERS": "1", "AI_WORKERS": "1"}
    process = BotProcess(env, world.tmp_path)
    await process.start()
    await world.fake.wait_for_identify(1, within=30)
    workers = await world.fake.wait_for(
        lambda: (
            [p for p in children(process.pid) if "spawn_main" in Path(f"/proc/{p}/cmdline").read_text()]
            if len(children(process.pid)) >= 3
            else None
        ),
        within=30,
        what="the worker processes",
    )
    return process, workers


async def test_sigterm_stops_the_bot_cleanly_with_its_workers(world: World) -> None:
    await world.stop()  # the in-process bot; the process below takes its place
    process, workers = await _started(world)

    started = time.monotonic()
    code = await process.stop(sig=signal.SIGTERM, within=10)
    took = time.monotonic() - started

    assert code == 0, "\n".join(process.output[-30:])
    assert "<killed" not in "\n".join(process.output)
    assert process.problems() == [], "\n".join(process.output)
    assert [p for p in workers if alive(p)] == []
    print(f"stopped {took:.2f} s after SIGTERM")  # the figure for the closing note (pytest -s)


async def test_kill_9_leaves_no_worker_behind(world: World) -> None:
    await world.stop()
    process, workers = await _started(world)

    os.kill(process.pid, signal.SIGKILL)
    await process.proc.wait()  # type: ignore[union-attr]
    await world.fake.wait_for(
        lambda: not any(alive(p) for p in workers), within=30, what="the workers to end with their parent"
    )


async def test_a_board_lost_between_storing_a_play_and_posting_it_is_posted_at_start(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    fake = world.fake
    match = await world.start_match(fake.alice, fake.bob)
    mover = world.actor(match)
    original = Publisher._post_board

    async def crash(self, notice) -> None:  # the process dies right after the play was stored
        raise RuntimeError("the bot stopped here")

    monkeypatch.setattr(Publisher, "_post_board", crash)
    await world.slash(mover, "move", play=world.pick(match))
    await fake.wait_for(lambda: world.stored(fake.general).version > match.version, what="the play")
    await world.stop()
    stored = world.stored(fake.general)
    assert world.board_for(stored) is None  # no board for the current version
    world.log.records.clear()

    monkeypatch.setattr(Publisher, "_post_board", original)
    await world.start()
    settled = await world.settled(fake.general)

    assert settled.version == stored.version
    board = world.board_for(settled)
    assert board is not None
    assert world.actor(settled).mention in board.content
    assert board_version(board) == (settled.match_id, settled.version)
    await world.play_by_menu(fake.general)  # its controls work
    assert world.warnings() == []


async def test_a_cancel_racing_a_move_never_revives_the_match(world: World) -> None:
    fake = world.fake
    match = await world.start_match(fake.alice, fake.bob)
    mover = world.actor(match)

    thread = world.table(fake.general)
    await asyncio.gather(
        world.slash(mover, "move", play=world.pick(match)),
        fake.slash(fake.dana, "minigam cancel", channel=thread),
    )
    await fake.wait_for(lambda: world.stored(fake.general).status == "cancelled", what="the cancel")
    await world.stop()
    await world.start()  # a restart brings nothing back

    assert world.stored(fake.general).status == "cancelled"
    second = await world.start_match(fake.alice, fake.carol)  # and the channel takes a new match
    assert second.match_id != match.match_id
    assert world.warnings() == []


async def test_a_damaged_database_at_start_is_one_clear_line_and_exit_status_2(world: World) -> None:
    await world.stop()
    world.db.close()  # the tests' reader lets go of the file too
    assert world.db.path is not None
    world.db.path.write_bytes(b"not a database at all " * 500)
    process = BotProcess(world.process_env(), world.tmp_path)
    await process.start()

    code = await process.proc.wait()  # type: ignore[union-attr]
    await asyncio.wait_for(process._reader, 5)  # type: ignore[arg-type]

    assert code == 2
    assert [line for line in process.output if "Traceback" in line] == []
    assert process.output[-1].startswith("minigam: the database ")
    assert "is damaged or is not a database" in process.output[-1]
