"""Many matches at once through the Discord stand-in: ``python -m tests.e2e.load --matches 200``.

The real bot runs in this process against :class:`FakeDiscord` (one channel and two members per match).
Every match starts with ``/minigam challenge`` and an Accept click; then the player to move sends
``/minigam move`` with a legal play (from autocomplete with ``--autocomplete``, else from the match
service) and waits for the new board before the next turn, until the match is over (or ``--turns``).

Printed: p50 / p90 / p99 / max latency from each interaction to the bot's first response and to the new
board message, turns per second, and every error (protocol violations, refusals, timeouts, WARNING or
worse in the bot's logs). Exit status 1 if there was any error or a target was missed.

The stand-in shares the event loop with the bot, so its own work counts against the latencies: the
figures are an upper bound on the bot's.
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
from dataclasses import dataclass, field
from pathlib import Path

from tests.e2e.fake_discord import Channel, FakeDiscord, Interaction, Message, StandInError, User
from tests.e2e.world import World, choose_play, is_board


@dataclass
class Stats:
    first_response: list[float] = field(default_factory=list)  # seconds, per interaction
    slowest: list[tuple[float, float, str]] = field(default_factory=list)  # (latency, sent, what)
    board: list[float] = field(default_factory=list)  # seconds, per move, to the new board
    challenge: list[float] = field(default_factory=list)  # /minigam challenge to the challenge message
    first_board: list[float] = field(default_factory=list)  # Accept to the match's first board
    turns: int = 0
    matches_done: int = 0
    errors: list[str] = field(default_factory=list)
    t_start: float = 0.0
    peak_active: int = 0  # most matches in play at the same moment

    def error(self, text: str) -> None:
        self.errors.append(text)


def percentile(values: list[float], p: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    k = max(0, min(len(ordered) - 1, round(p / 100 * len(ordered) + 0.5) - 1))
    return ordered[k]


def _has_accept(message: Message) -> bool:
    return not message.ephemeral and any(
        "accept" in str(b.get("label", "")).lower() for b in message.buttons()
    )


async def run_match(
    world: World,
    channel: Channel,
    players: tuple[User, User],
    stats: Stats,
    *,
    max_turns: int,
    autocomplete: bool,
    within: float,
    delay: float = 0.0,
) -> None:
    await asyncio.sleep(delay)
    fake = world.fake
    service = world.service
    first, second = players

    def note(interaction: Interaction) -> None:
        if interaction.latency is not None:
            stats.first_response.append(interaction.latency)
            data = interaction.payload["data"]
            what = data.get("custom_id") or " ".join(
                [data["name"], *(o["name"] for o in data.get("options", ()) if o.get("type") == 1)]
            )
            stats.slowest.append((interaction.latency, interaction.sent, what))

    started = time.perf_counter()
    stage = "challenge"
    try:
        asked = await fake.slash(first, "minigam challenge", channel=channel, opponent=second, within=within)
        note(asked)
        stage = "the challenge message"
        invite = await fake.wait_for_message(_has_accept, channel=channel, after=started, within=within)
        stats.challenge.append(invite.created - asked.sent)
        stage = "accept"
        accepted = await fake.click(second, invite, invite.button("accept"), within=within)
        note(accepted)
        stage = "the first board"
        board = await fake.wait_for_message(is_board, channel=channel, after=started, within=within)
        stats.first_board.append(board.created - accepted.sent)
    except StandInError as exc:
        seen = " | ".join(m.text[:60].replace("\n", " ") for m in fake.channel_messages(channel))
        raise StandInError(f"{exc} (at {stage}; the channel shows: {seen or 'nothing'})") from None

    for _ in range(max_turns):
        match_id = service.match_in_channel(channel.id)
        if match_id is None:
            stats.matches_done += 1
            return
        game = service.game(match_id)
        version = service.version(match_id)
        seats = service.seats(match_id)
        if game is None or game.actor is None:
            await fake.wait_for(
                lambda m=match_id, v=version: service.version(m) != v, channel=channel, within=within
            )
            continue
        user = fake.members[seats[game.actor].user_id]
        if autocomplete:
            completed = await fake.complete(user, "minigam move", "", channel=channel, within=within)
            note(completed)
            choices = completed.choices
            if not choices:
                stats.error(f"#{channel.name}: autocomplete offered {user.name} nothing")
                return
            text = choices[0]["value"]
        else:
            text = game.position.format_play(choose_play(game))
        interaction = await fake.slash(user, "minigam move", channel=channel, play=text, within=within)
        note(interaction)
        board = await fake.wait_for_message(is_board, channel=channel, after=interaction.sent, within=within)
        stats.board.append(board.created - interaction.sent)
        stats.turns += 1
        await fake.wait_for(
            lambda m=match_id, v=version: service.version(m) != v,
            channel=channel,
            within=within,
            what="the play",
        )
        refusals = [m.text for m in fake.replies_to(interaction) if m.ephemeral and "legal" in m.text.lower()]
        if refusals:
            stats.error(f"#{channel.name}: {text!r} refused: {refusals[0]}")
            return
    if service.match_in_channel(channel.id) is None:
        stats.matches_done += 1


async def sample_active(world: World, stats: Stats) -> None:
    while True:
        stats.peak_active = max(stats.peak_active, len(world.service.active_match_ids()))
        await asyncio.sleep(0.1)


async def main_async(args: argparse.Namespace) -> int:
    logging.basicConfig(level=logging.ERROR, format="%(levelname)s %(name)s: %(message)s")
    stats = Stats()
    with tempfile.TemporaryDirectory(prefix="minigam-load-") as tmp:
        async with FakeDiscord(extra_channels=args.matches, extra_members=2 * args.matches) as fake:
            world = World(fake, Path(tmp), seed=args.seed)
            t0 = time.perf_counter()
            await world.start()
            print(
                f"bot ready in {time.perf_counter() - t0:.2f} s; {args.matches} matches start now", flush=True
            )
            tasks = []
            for i, channel in enumerate(fake.extra_channels):
                players = (fake.extra_members[2 * i], fake.extra_members[2 * i + 1])
                tasks.append(
                    run_match(
                        world,
                        channel,
                        players,
                        stats,
                        max_turns=args.turns,
                        autocomplete=args.autocomplete,
                        within=args.timeout,
                        delay=args.ramp * i / args.matches,
                    )
                )
            t_start = stats.t_start = time.perf_counter()
            sampler = asyncio.create_task(sample_active(world, stats))
            results = await asyncio.gather(*tasks, return_exceptions=True)
            elapsed = time.perf_counter() - t_start
            sampler.cancel()
            for channel, result in zip(fake.extra_channels, results, strict=True):
                if isinstance(result, BaseException):
                    kind = "timeout" if isinstance(result, StandInError) else type(result).__name__
                    stats.error(f"#{channel.name}: {kind}: {result}")
            await world.stop()
            stats.errors.extend(f"stand-in: {v}" for v in fake.violations)
            stats.errors.extend(f"unknown route: {m} {p}" for m, p in fake.unknown_routes)
            stats.errors.extend(f"bot log: {line}" for line in world.warnings())
            interactions = len(fake.interactions)
    report(args, stats, elapsed, interactions)
    failed = bool(stats.errors) or percentile(stats.first_response, 99) > args.target_p99
    return 1 if failed else 0


def report(args: argparse.Namespace, stats: Stats, elapsed: float, interactions: int) -> None:
    def line(name: str, values: list[float]) -> str:
        if not values:
            return f"{name:<25} (none)"
        ms = [v * 1000 for v in values]
        return (
            f"{name:<25} n={len(ms):<6} p50={percentile(ms, 50):7.1f} ms  p90={percentile(ms, 90):7.1f} ms  "
            f"p99={percentile(ms, 99):7.1f} ms  max={max(ms):7.1f} ms  mean={statistics.fmean(ms):7.1f} ms"
        )

    print()
    ramp = f" started over {args.ramp:g} s" if args.ramp else " started at once"
    print(
        f"matches: {args.matches}{ramp}, {stats.matches_done} finished, at most {stats.peak_active} in play "
        f"at the same moment; {interactions} interactions"
    )
    print(f"turns: {stats.turns} in {elapsed:.1f} s = {stats.turns / elapsed if elapsed else 0:.1f} turns/s")
    print(line("first response", stats.first_response))
    print(line("new board after a move", stats.board))
    print(line("challenge message", stats.challenge))
    print(line("first board after Accept", stats.first_board))
    p99 = percentile(stats.first_response, 99) * 1000
    verdict = "ok" if p99 <= args.target_p99 * 1000 else "MISSED"
    print(f"target: p99 first response <= {args.target_p99 * 1000:.0f} ms: {verdict} ({p99:.1f} ms)")
    worst = sorted(stats.slowest, reverse=True)[:5]
    if worst:
        shown = ", ".join(
            f"{lat * 1000:.0f} ms ({what} at t={sent - stats.t_start:.1f} s)" for lat, sent, what in worst
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
    parser.add_argument("--seed", type=int, default=1, help="dice seed")
    parser.add_argument(
        "--ramp",
        type=float,
        default=0.0,
        help="start the matches evenly over this many seconds (default: at once)",
    )
    parser.add_argument("--autocomplete", action="store_true", help="pick plays through autocomplete")
    parser.add_argument("--timeout", type=float, default=60.0, help="seconds to wait for any one answer")
    parser.add_argument(
        "--target-p99", type=float, default=0.5, help="p99 first-response target in seconds (default 0.5)"
    )
    args = parser.parse_args(argv)
    if args.matches < 1:
        parser.error("--matches must be 1 or more")
    with contextlib.suppress(KeyboardInterrupt):
        return asyncio.run(main_async(args))
    return 130


if __name__ == "__main__":
    sys.exit(main())
