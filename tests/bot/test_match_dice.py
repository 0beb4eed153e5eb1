"""Every match's dice come from its committed seed (docs/RULES.md, "Dice anyone can verify"): the stored
seed on both stores, the dice a match throws checked against the published rule read with hashlib, the
same dice after restarts, the seed nowhere before the end and everywhere it should be after it, and
``/minigam dice`` on a finished match and a match in play."""

from __future__ import annotations

import hashlib
import logging
import pickle
import re
from pathlib import Path

import pytest

from bot.core import Action, Core, ServiceError
from bot.models import PlayerRef
from bot.store import Conflict, DamagedRecord
from bot.store.copy import TABLES
from bot.texts import dice as words
from bot.workers.thinking import Thinker
from engine import Awaiting
from engine.dice import Seed
from engine.dice.record import thrown_dice
from engine.dice.verify import verify_text
from tests.bot.conftest import (
    ALICE,
    BOB,
    CHANNEL,
    GUILD,
    MODERATOR,
    boards,
    match_id_in,
    start_challenge_match,
)
from tests.bot.databases import Database

ROOT = Path(__file__).resolve().parents[2]
SEED = bytes(range(32))
COMMITMENT = hashlib.sha256(SEED).hexdigest()


def by_the_rule(seed: bytes, count: int) -> list[int]:
    """The published rule, read independently of the engine's code."""
    out: list[int] = []
    counter = 0
    while len(out) < count:
        out += [1 + b % 6 for b in hashlib.sha256(seed + counter.to_bytes(8, "big")).digest() if b < 252]
        counter += 1
    return out[:count]


def seeded_core(make_core, seed: bytes = SEED, **kwargs) -> Core:
    """A core that throws each match's own dice (no dice given), its seeds ``seed``."""
    core = make_core(None, **kwargs)
    core.ctx.seeds = lambda: Seed(seed)
    return core


async def act_once(core: Core, match_id: int) -> None:
    """Whoever is to act acts: the computer thinks; a person rolls, takes, or makes the first legal play."""
    live = core.ctx.live.get(match_id)
    assert live is not None
    seat = live.record.seats[live.game.actor]
    if seat.is_computer:
        await core.matches.computer_turn(match_id)
        return
    person = PlayerRef(seat.user_id, seat.name)
    match live.game.awaiting:
        case Awaiting.ROLL:
            action, argument = Action.ROLL, ""
        case Awaiting.DOUBLE_ANSWER:
            action, argument = Action.TAKE, ""
        case _:
            action, argument = Action.PLAY, live.game.position.format_play(live.game.legal_plays()[0])
    await core.matches.act(match_id, live.version, person, action, argument)


async def stored_dice(core: Core, match_id: int) -> tuple[list[int], int]:
    """Every die the stored record of ``match_id`` shows, in order, and its number of games."""
    games = await core.store.games(match_id)
    dice = [d for g in games for d in thrown_dice(await core.store.game_events(g.game_id))]
    return dice, len(games)


# ---------------------------------------------------------------------- the store


async def test_a_matchs_seed_is_kept_apart_and_read_back(make_core, storage) -> None:
    core = seeded_core(make_core)
    await start_challenge_match(core)
    match_id = match_id_in(core)
    assert await storage.match_seed(match_id) == SEED.hex()
    assert await storage.match_seed(match_id + 1000) is None
    record = await storage.match(match_id)
    assert SEED.hex() not in repr(record)


async def test_a_seed_is_stored_once_per_match(make_core, storage) -> None:
    core = seeded_core(make_core)
    await start_challenge_match(core)
    match_id = match_id_in(core)
    with pytest.raises(Conflict):
        async with storage.transaction() as tx:
            await tx.add_match_seed(match_id, "ab" * 32)
    with pytest.raises(ValueError, match="64 lower-case hex digits"):
        async with storage.transaction() as tx:
            await tx.add_match_seed(match_id, "not hex")
    assert await storage.match_seed(match_id) == SEED.hex()


async def test_a_damaged_seed_is_named_and_the_match_is_not_loaded(make_core, storage, database: Database):
    core = seeded_core(make_core)
    await start_challenge_match(core)
    match_id = match_id_in(core)
    await database.execute("UPDATE match_dice SET seed = ? WHERE match_id = ?", "zz" * 32, match_id)
    with pytest.raises(DamagedRecord, match=f"the dice seed of match {match_id}"):
        await storage.match_seed(match_id)
    restarted = seeded_core(make_core)
    assert await restarted.load() == 0  # left as stored; its channel says it could not be read back
    assert CHANNEL in restarted.ctx.live.damaged


# ---------------------------------------------------------------------- the dice a match throws


async def test_a_match_throws_its_seeds_dice_and_its_first_board_commits_to_them(make_core) -> None:
    core = seeded_core(make_core)
    result = await start_challenge_match(core, "minigam", points=3)
    match_id = match_id_in(core)
    (first,) = boards(result)
    assert words.committed(COMMITMENT) in first.text.splitlines()
    assert COMMITMENT in first.text
    for _ in range(40):
        await act_once(core, match_id)
    dice, _ = await stored_dice(core, match_id)
    assert len(dice) > 40
    assert dice == by_the_rule(SEED, len(dice))


async def test_a_restart_mid_match_keeps_the_same_dice(make_core, storage) -> None:
    """A new core on the same store every few actions, through a match of several games: the dice go on
    where the record stops, so the whole match is the seed's stream."""
    core = seeded_core(make_core)
    await start_challenge_match(core, "minigam", points=3)
    match_id = match_id_in(core)
    restarts = 0
    while core.ctx.live.get(match_id) is not None:
        for _ in range(5):
            if core.ctx.live.get(match_id) is None:
                break
            await act_once(core, match_id)
        core = make_core(None)  # a restart: another seed factory, which a loaded match never asks
        core.ctx.seeds = lambda: pytest.fail("a loaded match draws no new seed")
        await core.load()
        restarts += 1
    dice, games = await stored_dice(core, match_id)
    assert games >= 2
    assert restarts > 5
    assert dice == by_the_rule(SEED, len(dice))


async def test_a_given_dice_source_throws_instead_and_a_seed_is_still_committed(make_core, storage) -> None:
    """Tests that script the dice keep them: the core's given source throws every die, and the match
    still draws, stores and commits to a seed (whose stream its dice then do not follow)."""
    core = make_core([2, 1, 6, 6])
    core.ctx.seeds = lambda: Seed(SEED)
    result = await start_challenge_match(core)
    match_id = match_id_in(core)
    await act_once(core, match_id)  # the opening roll played: the next roll is thrown at once
    dice, _ = await stored_dice(core, match_id)
    assert dice == [2, 1, 6, 6]
    assert await storage.match_seed(match_id) == SEED.hex()
    assert words.committed(COMMITMENT) in boards(result)[0].text


async def test_each_match_draws_a_seed_of_its_own(make_core, storage) -> None:
    core = make_core(None)
    await start_challenge_match(core, channel=CHANNEL)
    await start_challenge_match(core, channel=CHANNEL + 1)
    first, second = match_id_in(core, CHANNEL), match_id_in(core, CHANNEL + 1)
    assert await storage.match_seed(first) != await storage.match_seed(second)


# ---------------------------------------------------------------------- secret until the end


class Recording(Thinker):
    """The engine's thinking, in a thread, keeping what it was given as it would cross to a worker."""

    def __init__(self, computer) -> None:
        super().__init__(workers=0, computer=computer)
        self.sent: list[bytes] = []

    async def decide(self, game, level, limit=None):
        self.sent.append(pickle.dumps((game, level, limit)))
        return await super().decide(game, level, limit)

    async def hint(self, game, count=3):
        self.sent.append(pickle.dumps((game, count)))
        return await super().hint(game, count)

    async def cube_hint(self, game):
        self.sent.append(pickle.dumps(game))
        return await super().cube_hint(game)


async def everything_stored(database: Database) -> str:
    """Every row of every table but the seeds', as text."""
    rows = []
    for table in TABLES:
        if table != "match_dice":
            rows += [repr(r) for r in await database.fetch(f"SELECT * FROM {table}")]
    return "\n".join(rows)


async def test_the_seed_is_nowhere_until_the_match_ends(make_core, database: Database, caplog) -> None:
    """Not in the store (but its own table), the logs, anything published, what the computer and the
    hints are given; then on the last board."""
    from tests.bot.conftest import first_play_factory

    thinker = Recording(first_play_factory)
    core = seeded_core(make_core, computer=None, thinker=thinker)
    secret = (SEED.hex(), SEED.hex().upper(), SEED)
    caplog.set_level(logging.DEBUG)
    said: list[str] = []
    result = await core.challenges.vs_bot(GUILD, CHANNEL, ALICE, "minigam", "easy", 3)
    match_id = match_id_in(core)
    said.append(repr(result))
    while (live := core.ctx.live.get(match_id)) is not None:
        seat = live.record.seats[live.game.actor]
        if not seat.is_computer and live.game.awaiting is Awaiting.PLAY:
            said.append(repr(await core.matches.hint(CHANNEL, ALICE)))  # unrated: hints are given
        said.append(repr(core.matches.board(CHANNEL, ALICE)))
        before = repr(live)
        await act_once(core, match_id)
        if core.ctx.live.get(match_id) is None:
            break  # over: its last board shows the seed
        said.append(before)
        stored = await everything_stored(database)
        seen = [caplog.text, *said, stored]
        assert not any(s in text for s in secret[:2] for text in seen)
        assert not any(secret[2] in blob or SEED.hex().encode() in blob for blob in thinker.sent)
    assert thinker.sent  # the computer and the hints were asked
    ended = await core.matches.last_board(CHANNEL, ALICE)
    assert words.revealed(SEED.hex(), match_id) in ended.notices[0].text


def test_only_the_dice_source_reads_the_seed_and_only_the_end_reveals_it() -> None:
    """The seed's table is read in one place (the store's dice part), its reader called from one module
    (bot.core.match_dice), and ``reveal()`` called only where the match is over (or to store it)."""
    sources = {p.relative_to(ROOT).as_posix(): p.read_text() for p in (ROOT / "bot").rglob("*.py")}
    reads_table = {p for p, text in sources.items() if re.search(r"FROM match_dice", text)}
    assert reads_table == {"bot/store/sql/dice.py"}
    asks_store = {p for p, text in sources.items() if "match_seed(" in text and "def match_seed" not in text}
    assert asks_store == {"bot/core/match_dice.py"}
    reveals = {p for p, text in sources.items() if ".reveal()" in text}
    assert reveals == {
        "bot/core/match_dice.py",  # storing it, in the match's first transaction
        "bot/core/commit.py",  # the last board, and a cancelled match's message: stored as over
        "bot/core/boards.py",  # the final board of a match that is over
        "bot/core/export.py",  # the .mat of a match that is over
        "bot/core/dice_listing.py",  # /minigam dice, refused for a match in play
    }


# ---------------------------------------------------------------------- after the end


async def test_dice_of_a_finished_match_list_every_die_and_verify(make_core, storage) -> None:
    core = seeded_core(make_core)
    await start_challenge_match(core, "minigam", points=3)
    match_id = match_id_in(core)
    refused = pytest.raises(ServiceError, match="stay secret until it ends")
    with refused:
        await core.dice_listings.listing(CHANNEL, ALICE.user_id, guild_id=GUILD)
    while core.ctx.live.get(match_id) is not None:
        await act_once(core, match_id)
    result = await core.dice_listings.listing(CHANNEL, BOB.user_id, guild_id=GUILD)
    (reply,) = result.notices
    ((name, data),) = reply.files
    assert name == f"minigam-match-{match_id}-dice.txt"
    text = data.decode()
    dice, games = await stored_dice(core, match_id)
    assert SEED.hex() in reply.text
    assert COMMITMENT in reply.text
    assert f"{len(dice)} dice in {games} games" in reply.text
    assert verify_text(SEED.hex(), COMMITMENT, text).dice == len(dice)
    by_number = await core.dice_listings.listing(CHANNEL + 5, ALICE.user_id, match_id, guild_id=GUILD)
    assert by_number.notices[0].files == reply.files


async def test_dice_of_a_match_elsewhere_or_without_a_seed_are_refused(make_core, database) -> None:
    core = seeded_core(make_core)
    await start_challenge_match(core)
    match_id = match_id_in(core)
    await core.cancel(CHANNEL, MODERATOR)
    with pytest.raises(ServiceError, match=f"no match {match_id} in this server"):
        await core.dice_listings.listing(CHANNEL, ALICE.user_id, match_id, guild_id=GUILD + 1)
    with pytest.raises(ServiceError, match="no match 999 in this server"):
        await core.dice_listings.listing(CHANNEL, ALICE.user_id, 999, guild_id=GUILD)
    await database.execute("DELETE FROM match_dice WHERE match_id = ?", match_id)
    with pytest.raises(ServiceError, match="no seed to show"):
        await core.dice_listings.listing(CHANNEL, ALICE.user_id, match_id, guild_id=GUILD)
    with pytest.raises(ServiceError, match="Give its number"):
        await core.dice_listings.listing(CHANNEL + 7, ALICE.user_id, guild_id=GUILD)


async def test_a_cancelled_match_reveals_its_seed(make_core) -> None:
    core = seeded_core(make_core)
    await start_challenge_match(core)
    match_id = match_id_in(core)
    result = await core.cancel(CHANNEL, MODERATOR)
    said = "\n".join(getattr(n, "text", "") for n in result.notices)
    assert words.revealed(SEED.hex(), match_id) in said


async def test_a_backgammon_mat_commits_in_play_and_reveals_once_over(make_core) -> None:
    core = seeded_core(make_core)
    await start_challenge_match(core, "backgammon", points=1)
    match_id = match_id_in(core)
    for _ in range(6):
        await act_once(core, match_id)
    in_play = (await core.exports.mat(CHANNEL, ALICE.user_id, guild_id=GUILD)).notices[0].files[0][1].decode()
    assert f"; Dice commitment: {COMMITMENT}" in in_play
    assert SEED.hex() not in in_play
    live = core.ctx.live.get(match_id)
    loser = live.record.seats[live.game.turn]
    await core.matches.act(match_id, live.version, PlayerRef(loser.user_id, loser.name), Action.RESIGN, "1")
    live = core.ctx.live.get(match_id)
    winner = live.record.seats[live.game.actor]
    await core.matches.act(match_id, live.version, PlayerRef(winner.user_id, winner.name), Action.ACCEPT)
    assert core.ctx.live.get(match_id) is None
    over = (await core.exports.mat(CHANNEL, ALICE.user_id, guild_id=GUILD)).notices[0].files[0][1].decode()
    assert f"; Dice seed: {SEED.hex()}" in over
    assert verify_text(SEED.hex(), COMMITMENT, over).games == 1


async def test_the_consoles_dice_saves_the_listing_of_a_finished_match(make_core, tmp_path: Path) -> None:
    from tests.bot.test_console_commands import Session, last_play

    core = seeded_core(make_core)
    s = Session(core, tmp_path / "boards")
    await s.type("challenge @Bob")
    refused = await s.type("dice")
    assert "stay secret until it ends" in refused
    await s.play_out(last_play)
    assert re.search(rf"Dice seed revealed: `?{SEED.hex()}", s.text)  # the last board
    said = await s.type("dice")
    assert SEED.hex() in said
    (saved,) = (tmp_path / "boards").glob("*-dice.txt")
    assert verify_text(SEED.hex(), COMMITMENT, saved.read_text()).dice > 10
    assert "Usage: dice [match]" in await s.type("dice twelve")
    hint = re.search(r"dice match:(\d+) lists every die", s.text)  # the last board's words, as printed
    assert hint is not None
    assert SEED.hex() in await s.type(f"dice match:{hint.group(1)}")  # typed as the board says


async def test_a_write_that_fails_throws_no_die_away(make_core, monkeypatch) -> None:
    """A play whose store write fails (the next roll thrown, not stored): the play again throws the same
    next roll, so the record stays the seed's stream."""
    from bot.store import Unavailable
    from bot.store.sql.writes import SqlTransaction

    core = seeded_core(make_core)
    await start_challenge_match(core, "minigam", points=1)
    match_id = match_id_in(core)
    live = core.ctx.live.get(match_id)
    play = live.game.position.format_play(live.game.legal_plays()[0])
    mover = live.record.seats[live.game.turn]

    async def broken(self, *args, **kwargs) -> None:
        raise Unavailable("the database: disk I/O error")

    monkeypatch.setattr(SqlTransaction, "update_match", broken)
    with pytest.raises(Unavailable):
        await core.matches.act(
            match_id, live.version, PlayerRef(mover.user_id, mover.name), Action.PLAY, play
        )
    monkeypatch.undo()
    await core.matches.act(match_id, live.version, PlayerRef(mover.user_id, mover.name), Action.PLAY, play)
    dice, _ = await stored_dice(core, match_id)
    assert len(dice) >= 4  # the opening, then the next player's roll
    assert dice == by_the_rule(SEED, len(dice))
