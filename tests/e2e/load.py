"""Many matches at once through the Discord stand-in: ``python -m tests.e2e.load --matches 200``.

Each match has its own channel and two members. It starts with ``/minigam challenge`` and an Accept
click; by default every match is set up first, then all of them play at the same time. The player to
move sends ``/minigam move`` with a legal play and waits for the new board before the next turn, until
the match is over (or ``--turns``). With no ``--think`` time this is a closed loop that keeps the bot
saturated, so the board latency is the number of matches over the bot's turns per second.

The bot runs in this process (``create_bot``; plays are picked with the match service's state, or from
autocomplete with ``--autocomplete``), or with ``--process`` as ``python -m bot`` in a child process on
its own core (plays picked from the database). In this process the stand-in shares the event loop with
the bot, so its own work is counted in the bot's latencies.

Printed: latency from each interaction to the bot's first response (all, and per kind), to the new
board after a move, to the challenge message and to the first board after Accept (p50 / p90 / p99 /
max), turns per second, the most matches in play at once, and every error (protocol violations,
refusals, timeouts, WARNING or worse in the bot's logs). Exit status 1 on any error or a missed target
(p99 first response, ``--target-p99``).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import statistics
import sys
import tempfile
import time
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

from engine import Game
from tests.e2e.db import Database
from tests.e2e.fake_discord import Channel, FakeDiscord, Interaction, Message, StandInError, User
from tests.e2e.world import BotProcess, World, choose_play, is_board


@dataclass
class Stats:
    first_response: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))  # by kind
    slowest: list[tuple[float, float, str]] = field(default_factory=list)  # (latency, sent, kind)
    board: list[float] = field(default_factory=list)  # a move to the new board
    challenge: list[float] = field(default_factory=list)  # /minigam challenge to the challenge message
    first_board: list[float] = field(default_factory=list)  # Accept to the match's first board
    turns: int = 0
    matches_done: int = 0
    peak_active: int = 0  # most matches in play at the same moment
    setup_seconds: float = 0.0  # with the start line: until every match was set up
    t_start: float = 0.0
    errors: list[str] = field(default_factory=list)

    def note(self, kind: str, interaction: Interaction) -> None:
        if interaction.latency is not None:
            self.first_response[kind].append(interaction.latency)
            self.slowest.append((interaction.latency, interaction.sent, kind))
            if len(self.slowest) > 200:
                self.slowest = sorted(self.slowest, reverse=True)[:20]

    def all_first_responses(self) -> list[float]:
        return [v for values in self.first_response.values() for v in values]


class StartLine:
    """Every match set up (challenged, accepted, first board posted) before any play; then all play."""

    def __init__(self, count: int) -> None:
        self.waiting = count
        self.event = asyncio.Event()
        self.opened_at = 0.0

    def arrive(self) -> None:
        self.waiting -= 1
        if self.waiting <= 0 and not self.event.is_set():
            self.opened_at = time.perf_counter()
            self.event.set()

    async def wait(self) -> None:
        await self.event.wait()


class ServiceState:
    """The match in a channel, from the in-process bot's match service."""

    def __init__(self, world: World) -> None:
        self.service = world.service

    def current(self, channel_id: int) -> tuple[Game, int, list[int]] | None:
        match_id = self.service.match_in_channel(channel_id)
        if match_id is None:
            return None
        game = self.service.game(match_id)
        version = self.service.version(match_id)
        if game is None or version is None:
            return None
        return game, version, [s.user_id for s in self.service.seats(match_id)]

    def active(self) -> int:
        return len(self.service.active_match_ids())


class DatabaseState:
    """The match in a channel, from the database of a bot in another process."""

    def __init__(self, db: Database) -> None:
        self.db = db

    def current(self, channel_id: int) -> tuple[Game, int, list[int]] | None:
        match = self.db.active_match(channel_id)
        if match is None:
            return None
        return match.game, match.version, [match.user_at(i) for i in range(len(match.seats))]

    def active(self) -> int:
        return int(self.db.query("SELECT COUNT(*) FROM matches WHERE status = 'active'")[0][0])


def percentile(values: list[float], p: float) -> float:
    """The nearest-rank percentile."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    k = max(0, min(len(ordered) - 1, round(p / 100 * len(ordered) + 0.5) - 1))
    return ordered[k]


def _has_accept(message: Message) -> bool:
    return not message.ephemeral and any(
        "accept" in str(b.get("label", "")).lower() for b in message.buttons()
    )


async def set_up(
    fake: FakeDiscord, channel: Channel, players: tuple[User, User], stats: Stats, within: float
) -> None:
    first, second = players
    started = time.perf_counter()
    stage = "challenge"
    try:
        asked = await fake.slash(first, "minigam challenge", channel=channel, opponent=second, within=within)
        stats.note("challenge", asked)
        stage = "the challenge message"
        invite = await fake.wait_for_message(_has_accept, channel=channel, after=started, within=within)
        stats.challenge.append(invite.created - asked.sent)
        stage = "accept"
        accepted = await fake.click(second, invite, invite.button("accept"), within=within)
        stats.note("accept", accepted)
        stage = "the first board"
        board = await fake.wait_for_message(is_board, channel=channel, after=started, within=within)
        stats.first_board.append(board.created - accepted.sent)
    except StandInError as exc:
        seen = " | ".join(m.text[:60].replace("\n", " ") for m in fake.channel_messages(channel))
        raise StandInError(f"{exc} (at {stage}; the channel shows: {seen or 'nothing'})") from None


async def run_match(
    fake: FakeDiscord,
    state: ServiceState | DatabaseState,
    channel: Channel,
    players: tuple[User, User],
    stats: Stats,
    args: argparse.Namespace,
    *,
    delay: float = 0.0,
    start_line: StartLine | None = None,
) -> None:
    await asyncio.sleep(delay)
    try:
        await set_up(fake, channel, players, stats, args.timeout)
    finally:
        if start_line is not None:
            start_line.arrive()
    if start_line is not None:
        await start_line.wait()

    for _ in range(args.turns):
        current = state.current(channel.id)
        if current is None:
            stats.matches_done += 1
            return
        game, version, seat_users = current
        if game.actor is None:
            raise StandInError(f"#{channel.name}: the stored match is over but still active")
        user = fake.members[seat_users[game.actor]]
        if args.think:
            await asyncio.sleep(args.think)
        if args.autocomplete:
            completed = await fake.complete(user, "minigam move", "", channel=channel, within=args.timeout)
            stats.note("autocomplete", completed)
            if not completed.choices:
                stats.errors.append(f"#{channel.name}: autocomplete offered {user.name} nothing")
                return
            text = completed.choices[0]["value"]
        else:
            text = game.position.format_play(choose_play(game))
        interaction = await fake.slash(user, "minigam move", channel=channel, play=text, within=args.timeout)
        stats.note("move", interaction)
        try:
            board = await fake.wait_for_message(
                is_board, channel=channel, after=interaction.sent, within=args.timeout
            )
        except StandInError:
            said = " | ".join(m.text for m in fake.replies_to(interaction))
            raise StandInError(
                f"#{channel.name}: no new board after {text!r} (the bot said: {said})"
            ) from None
        stats.board.append(board.created - interaction.sent)
        stats.turns += 1
        # The play is stored before its board is posted.
        after = state.current(channel.id)
        if after is not None and after[1] == version:
            stats.errors.append(f"#{channel.name}: a new board, but the stored match did not move on")
            return
    if state.current(channel.id) is None:
        stats.matches_done += 1


async def sample_active(state: ServiceState | DatabaseState, stats: Stats) -> None:
    while True:
        stats.peak_active = max(stats.peak_active, state.active())
        await asyncio.sleep(0.25)


@contextlib.asynccontextmanager
async def bot_in_process(fake: FakeDiscord, tmp: Path, args: argparse.Namespace, stats: Stats):
    world = World(fake, tmp, seed=args.seed)
    await world.start()
    try:
        yield ServiceState(world)
    finally:
        await world.stop()
        stats.errors.extend(f"bot log: {line}" for line in world.warnings())


@contextlib.asynccontextmanager
async def bot_in_a_process(fake: FakeDiscord, tmp: Path, args: argparse.Namespace, stats: Stats):
    world = World(fake, tmp, seed=args.seed)
    process = BotProcess(world.process_env(), tmp)
    await process.start()
    try:
        await fake.wait_for_identify(1, within=60)
        await fake.wait_for(
            lambda: any("connected as" in line for line in process.output),
            within=60,
            what="the bot's on_ready",
        )
        yield DatabaseState(world.db)
    finally:
        code = await process.stop()
        if code != 0:
            stats.errors.append(f"the bot process exited with status {code}")
        stats.errors.extend(f"bot log: {line}" for line in process.problems())


async def main_async(args: argparse.Namespace) -> int:
    logging.basicConfig(level=logging.ERROR, format="%(levelname)s %(name)s: %(message)s")
    stats = Stats()
    elapsed = 0.0
    with tempfile.TemporaryDirectory(prefix="minigam-load-") as tmp:
        async with FakeDiscord(extra_channels=args.matches, extra_members=2 * args.matches) as fake:
            t0 = time.perf_counter()
            start_bot = bot_in_a_process if args.process else bot_in_process
            async with start_bot(fake, Path(tmp), args, stats) as state:
                where = "in a child process" if args.process else "in this process"
                print(
                    f"bot ({where}) ready in {time.perf_counter() - t0:.2f} s; {args.matches} matches start"
                )
                line = None if args.no_start_line else StartLine(args.matches)
                tasks = []
                for i, channel in enumerate(fake.extra_channels):
                    players = (fake.extra_members[2 * i], fake.extra_members[2 * i + 1])
                    delay = args.ramp * i / args.matches
                    tasks.append(
                        run_match(fake, state, channel, players, stats, args, delay=delay, start_line=line)
                    )
                stats.t_start = time.perf_counter()
                sampler = asyncio.create_task(sample_active(state, stats))
                results = await asyncio.gather(*tasks, return_exceptions=True)
                elapsed = time.perf_counter() - stats.t_start
                sampler.cancel()
                if line is not None and line.opened_at:
                    stats.setup_seconds = line.opened_at - stats.t_start
                    elapsed = time.perf_counter() - line.opened_at
                for channel, result in zip(fake.extra_channels, results, strict=True):
                    if isinstance(result, BaseException):
                        kind = "timeout" if isinstance(result, StandInError) else type(result).__name__
                        stats.errors.append(f"#{channel.name}: {kind}: {result}")
            stats.errors.extend(f"stand-in: {v}" for v in fake.violations)
            stats.errors.extend(f"unknown route: {m} {p}" for m, p in fake.unknown_routes)
            interactions = len(fake.interactions)
    report(args, stats, elapsed, interactions)
    failed = bool(stats.errors) or percentile(stats.all_first_responses(), 99) > args.target_p99
    return 1 if failed else 0


def report(args: argparse.Namespace, stats: Stats, elapsed: float, interactions: int) -> None:
    def line(name: str, values: list[float]) -> str:
        if not values:
            return f"{name:<28} (none)"
        ms = [v * 1000 for v in values]
        return (
            f"{name:<28} n={len(ms):<6} p50={percentile(ms, 50):7.1f} ms  p90={percentile(ms, 90):7.1f} ms  "
            f"p99={percentile(ms, 99):7.1f} ms  max={max(ms):7.1f} ms  mean={statistics.fmean(ms):7.1f} ms"
        )

    how = f"started over {args.ramp:g} s" if args.ramp else "started at once"
    if stats.setup_seconds:
        how += f", all set up in {stats.setup_seconds:.1f} s, then played together"
    print()
    print(f"matches: {args.matches} {how}; {stats.matches_done} finished; {interactions} interactions")
    print(f"most matches in play at the same moment: {stats.peak_active}")
    rate = stats.turns / elapsed if elapsed else 0.0
    print(f"turns: {stats.turns} in {elapsed:.1f} s of play = {rate:.1f} turns/s")
    everything = stats.all_first_responses()
    print(line("first response (all)", everything))
    for kind, values in stats.first_response.items():
        print(line(f"  {kind}", values))
    print(line("new board after a move", stats.board))
    print(line("challenge message", stats.challenge))
    print(line("first board after Accept", stats.first_board))
    p99 = percentile(everything, 99) * 1000
    verdict = "ok" if p99 <= args.target_p99 * 1000 else "MISSED"
    print(f"target: p99 first response <= {args.target_p99 * 1000:.0f} ms: {verdict} ({p99:.1f} ms)")
    worst = sorted(stats.slowest, reverse=True)[:5]
    if worst:
        shown = ", ".join(
            f"{lat * 1000:.0f} ms ({what}, t={sent - stats.t_start:.1f} s)" for lat, sent, what in worst
        )
        print(f"slowest first responses: {shown}")
    print(f"errors: {len(stats.errors)}")
    for text in stats.errors[:30]:
        print(f"  {text}")
    if len(stats.errors) > 30:
        print(f"  ... and {len(stats.errors) - 30} more")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.e2e.load", description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=200, help="matches played at once (default 200)")
    parser.add_argument("--turns", type=int, default=1000, help="stop each match after this many turns")
    parser.add_argument("--seed", type=int, default=1, help="dice seed (the bot in this process)")
    parser.add_argument("--process", action="store_true", help="run the bot as `python -m bot` in a child")
    parser.add_argument("--autocomplete", action="store_true", help="ask autocomplete before every move")
    parser.add_argument(
        "--no-start-line",
        action="store_true",
        help="let each match play as soon as it is set up (default: set up all, then play all at once)",
    )
    parser.add_argument("--think", type=float, default=0.0, help="seconds each player waits before moving")
    parser.add_argument(
        "--ramp", type=float, default=0.0, help="start the matches evenly over this many seconds"
    )
    parser.add_argument("--timeout", type=float, default=60.0, help="seconds to wait for any one answer")
    parser.add_argument(
        "--target-p99", type=float, default=0.5, help="p99 first-response target in seconds (default 0.5)"
    )
    args = parser.parse_args(argv)
    if args.matches < 1:
        parser.error("--matches must be 1 or more")
    if args.turns < 0 or args.timeout <= 0 or args.ramp < 0 or args.think < 0:
        parser.error("--turns, --timeout, --ramp and --think cannot be negative")
    with contextlib.suppress(KeyboardInterrupt):
        return asyncio.run(main_async(args))
    return 130


if __name__ == "__main__":
    sys.exit(main())
