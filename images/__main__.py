"""Command line: ``python -m images render|text|bench|examples``.

python -m images render --position minigam:0:AAAA8P8 --out board.png
python -m images render --position game.json --out board.png --names Alice,Bob
python -m images text --position backgammon:0:4HPwATDgc/ABMA
python -m images bench
python -m images bench --cold
python -m images examples docs/images
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from collections.abc import Sequence
from pathlib import Path

from engine import EngineError, Game, Position, SeededDice, UnknownVariantError, find_variant, selfplay
from engine.selfplay import Action, ChoosePlays
from images.layout import BG, SIX2, SIX4, board_kind
from images.render import render
from images.text import render_text


class CliError(Exception):
    """Bad input on the command line: printed as one line."""


def load_state(text: str) -> Game | Position:
    """A full Position ID (``variant:turn:ID``) or a JSON file holding a Position or a Game."""
    path = Path(text)
    if text.endswith(".json") or path.is_file():
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            raise CliError(f"no such file: {text}") from None
        except OSError as exc:
            raise CliError(f"cannot read {text}: {exc.strerror or exc}") from None
        except (UnicodeDecodeError, json.JSONDecodeError) as exc:
            raise CliError(f"{text} is not JSON: {exc}") from None
        if not isinstance(data, dict):
            raise CliError(f"{text} must hold a JSON object (a position or a game)")
        try:
            if "position" in data and "format" in data:
                return Game.from_json(data)
            return Position.from_json(data)
        except (EngineError, UnknownVariantError) as exc:
            raise CliError(f"{text}: {exc}") from None
        except (KeyError, TypeError, ValueError) as exc:
            raise CliError(f"{text} is not a position or game in the engine's JSON shape ({exc})") from None
    try:
        return Position.from_id(text)
    except (EngineError, UnknownVariantError) as exc:
        raise CliError(str(exc)) from None


def _names(text: str | None) -> list[str] | None:
    if text is None:
        return None
    return [n.strip() for n in text.split(",")]


def _score(text: str | None) -> tuple[int, ...] | None:
    if text is None:
        return None
    try:
        return tuple(int(n) for n in text.split(","))
    except ValueError:
        raise CliError(f"--score must be whole numbers, comma separated (e.g. 3,7), not {text!r}") from None


def _check_perspective(state: Game | Position, perspective: int | None) -> None:
    if perspective is None:
        return
    players = (state.position if isinstance(state, Game) else state).variant.players
    if not 0 <= perspective < players:
        raise CliError(f"--perspective must be a player from 0 to {players - 1}, not {perspective}")


def cmd_render(args: argparse.Namespace) -> int:
    state = load_state(args.position)
    _check_perspective(state, args.perspective)
    try:
        data = render(
            state,
            names=_names(args.names),
            perspective=args.perspective,
            score=_score(args.score),
            footer=args.footer,
        )
    except ValueError as exc:
        raise CliError(str(exc)) from None
    if args.out == "-":
        sys.stdout.buffer.write(data)
        return 0
    out = Path(args.out)
    try:
        out.write_bytes(data)
    except OSError as exc:
        raise CliError(f"cannot write {args.out}: {exc.strerror or exc}") from None
    print(f"wrote {out} ({len(data)} bytes)")
    return 0


def cmd_text(args: argparse.Namespace) -> int:
    state = load_state(args.position)
    print(render_text(state, names=_names(args.names)))
    return 0


# The README's pictures show names in other scripts (every name is drawn) and, on the backgammon
# board, the gnubg Position ID the bot puts in the footer.
EXAMPLE_NAMES = {
    "multigam.png": ("Ann", "김민준", "Cleo 🦊", "नमस्ते"),
    "backgammon.png": ("Alice", "山田太郎"),
}


def cmd_examples(args: argparse.Namespace) -> int:
    from images.samples import example_games

    folder = Path(args.folder)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise CliError(f"cannot create {folder}: {exc.strerror or exc}") from None
    for filename, game, sample_names in example_games():
        names = EXAMPLE_NAMES.get(filename, sample_names)
        footer = f"Position ID: {game.position.position_id()}" if game.variant.is_backgammon else None
        data = render(game, names=names, footer=footer)
        (folder / filename).write_bytes(data)
        print(f"wrote {folder / filename} ({len(data)} bytes): {render_text(game, names).splitlines()[0]}")
    return 0


def bench_states(per_kind: int = 12, seed: int = 1) -> dict[str, list[Game]]:
    """Game states along seeded random games, ``per_kind`` of each board type, each with dice rolled."""
    out: dict[str, list[Game]] = {SIX2: [], SIX4: [], BG: []}
    for variant in ("minigam", "multigam", "backgammon"):
        kind = board_kind(variant)
        game_seed = seed
        while len(out[kind]) < per_kind:
            rng = random.Random(game_seed)
            seat = ChoosePlays(lambda game, rng=rng: rng.choice(game.legal_plays()))
            players = find_variant(variant).players
            for step in selfplay.steps(variant, [seat] * players, SeededDice(game_seed), cube=False):
                if step.action is Action.PLAY:
                    out[kind].append(step.before)
                    if len(out[kind]) >= per_kind:
                        break
            game_seed += 1
    return out


BENCH_NAMES = (
    ("Alice", "山田太郎"),
    ("محمد علي", "Zoë 🎲👍🏽"),
    ("Bartholomew the Magnificent of Somewhere Far", "김민준"),
    ("नमस्ते", "Bob 🇯🇵"),
)
BENCH_TARGET_MS = 5.0
COLD_STATES = 200  # per board type with --cold: each drawn once
BENCH_TARGET_KB = 60.0


def _bench_options(game: Game, i: int) -> dict:
    """Names in many scripts (and with emoji) in turn, and on backgammon boards the gnubg footer."""
    names = BENCH_NAMES[i % len(BENCH_NAMES)]
    players = game.variant.players
    options: dict = {"names": (names * players)[:players]}
    if game.variant.is_backgammon:
        options["footer"] = (f"Position ID: {game.position.position_id()}", "Match ID: cAkAAAAAAAAA")
    return options


def cmd_bench(args: argparse.Namespace) -> int:
    titles = {SIX2: "6-point, 2 players", SIX4: "6-point, 4 players", BG: "24-point"}
    if args.cold:
        args.repeat = 1
    if args.states is None:
        args.states = COLD_STATES if args.cold else 12
    states = bench_states(args.states)
    header = f"{'board':<20} {'first ms':>9} {'median ms':>10} {'p90 ms':>7} {'CPU ms':>7}"
    print(f"{header} {'PNG KB':>7} {'max KB':>7}  targets: median <= {BENCH_TARGET_MS:g} ms, max <= 60 KB")
    for kind, games in states.items():
        options = [{} if args.plain else _bench_options(g, i) for i, g in enumerate(games)]
        t0 = time.perf_counter()
        render(games[0], **options[0])
        first = (time.perf_counter() - t0) * 1000
        times: list[float] = []
        cpu: list[float] = []
        sizes: list[int] = []
        for _ in range(args.repeat):
            for game, opts in zip(games, options, strict=True):
                t0, c0 = time.perf_counter(), time.process_time()
                data = render(game, **opts)
                times.append((time.perf_counter() - t0) * 1000)
                cpu.append((time.process_time() - c0) * 1000)
                sizes.append(len(data))
        times.sort()
        median, p90 = statistics.median(times), times[int(len(times) * 0.9)]
        kb, most = statistics.median(sizes) / 1024, max(sizes) / 1024
        verdict = "ok" if median <= BENCH_TARGET_MS and most <= BENCH_TARGET_KB else "MISSED"
        print(
            f"{titles[kind]:<20} {first:9.1f} {median:10.2f} {p90:7.2f} {statistics.median(cpu):7.2f}"
            f" {kb:7.1f} {most:7.1f}  {verdict}"
        )
    drawn = "default names" if args.plain else "names in many scripts, gnubg footer on 24-point boards"
    each = "every state new, as in play" if args.cold else "repeats hit the caches"
    print(
        f"({args.states} states per board type x {args.repeat} renders each ({each}), {drawn};"
        " first = cold caches; ms are wall clock, CPU ms this process's CPU time, which a busy machine"
        " inflates less)"
    )
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m images", description="Minigam board pictures.")
    sub = parser.add_subparsers(dest="command", required=True)

    p = sub.add_parser("render", help="draw a position or game as a PNG")
    p.add_argument("--position", required=True, help="a full Position ID (variant:turn:ID) or a JSON file")
    p.add_argument("--out", default="board.png", help="the PNG file to write ('-' for standard output)")
    p.add_argument("--names", help="player names in seat order, comma separated")
    p.add_argument("--perspective", type=int, help="the seat to draw the board for (default: player to move)")
    p.add_argument(
        "--score", help="the match score to show, comma separated in seat order (e.g. a final 3,7)"
    )
    p.add_argument("--footer", action="append", help="a line of small print under the board (repeatable)")
    p.set_defaults(run=cmd_render)

    p = sub.add_parser("text", help="print the text board of a position or game")
    p.add_argument("--position", required=True, help="a full Position ID (variant:turn:ID) or a JSON file")
    p.add_argument("--names", help="player names in seat order, comma separated")
    p.set_defaults(run=cmd_text)

    p = sub.add_parser("bench", help="time renders and measure PNG sizes per board type")
    p.add_argument(
        "--states", type=int, help=f"game states per board type (default 12, with --cold {COLD_STATES})"
    )
    p.add_argument("--repeat", type=int, default=10, help="renders of each state (default 10)")
    p.add_argument(
        "--cold",
        action="store_true",
        help="every state new and drawn once, as in play (the caches of whole lines and arrows miss)",
    )
    p.add_argument("--plain", action="store_true", help="default names and no footer (the old workload)")
    p.set_defaults(run=cmd_bench)

    p = sub.add_parser("examples", help="write an example picture of each board type")
    p.add_argument("folder", help="where to write minigam.png, multigam.png and backgammon.png")
    p.set_defaults(run=cmd_examples)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return args.run(args)
    except CliError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
