"""The board pictures' PNG writer against Pillow's: ``python -m bench.png``.

For real boards (``python -m images bench``'s states: seeded games, names in many scripts, gnubg's footer
on 24-point boards), each drawn once, then encoded in turns by:

- ``ours``: :func:`images.png.encode_regions`, what the bot does: only the boxes drawn in mapped to the
  palette, over the background's rows mapped once, and our own four chunks deflated by zlib-ng;
- ``pillow``: the same boxes mapped into a copy of the mapped background, then Pillow's own encoder,
  ``Image.save(format="PNG", compress_level=...)`` at the board type's level;
- ``pillow-whole``: the whole picture mapped (``Image.quantize(palette=..., dither=NONE)``) and saved
  by Pillow at the same level: the least code.

Printed per board type: median and p90 ms of encoding (wall and this process's CPU), median and largest
KB, and whether every picture decodes to the same pixels as ours.
"""

from __future__ import annotations

import argparse
import io
import statistics
import time
from collections.abc import Callable, Sequence

from PIL import Image

from images.__main__ import _bench_options, bench_states
from images.background import background
from images.layout import BG, SIX2, SIX4
from images.png import encode_regions, regions
from images.render import (
    COMPRESS_LEVELS,
    _background_key,
    _check_theme,
    _scene,
    draw_canvas,
    palette_for,
    paletted_background,
)

TITLES = {SIX2: "6-point, 2 players", SIX4: "6-point, 4 players", BG: "24-point"}

Encoder = Callable[[Image.Image, list, str, tuple[int, int, int]], bytes]


def ours(im: Image.Image, dirty: list, kind: str, key: tuple[int, int]) -> bytes:
    theme = _check_theme(None)
    base = paletted_background(theme, kind, *key)
    return encode_regions(im, dirty, base, palette_for(theme, kind), COMPRESS_LEVELS[kind])


_backgrounds: dict[tuple[str, tuple[int, int, int]], Image.Image] = {}


def _mapped_background(kind: str, key: tuple[int, int]) -> Image.Image:
    """The background mapped to the palette, as a Pillow image (kept, as the bot keeps its rows)."""
    found = _backgrounds.get((kind, key))
    if found is None:
        theme = _check_theme(None)
        picture = background(theme, kind, *key)
        found = picture.quantize(palette=palette_for(theme, kind), dither=Image.Dither.NONE)
        _backgrounds[(kind, key)] = found
    return found


def pillow(im: Image.Image, dirty: list, kind: str, key: tuple[int, int]) -> bytes:
    colours = palette_for(_check_theme(None), kind).im
    out = _mapped_background(kind, key).copy()
    for x0, y0, x1, y1 in regions(dirty, im.size):
        out.im.paste(im.im.crop((x0, y0, x1, y1)).convert("P", 0, colours), (x0, y0, x1, y1))
    buffer = io.BytesIO()
    out.save(buffer, format="PNG", compress_level=COMPRESS_LEVELS[kind])
    return buffer.getvalue()


def pillow_whole(im: Image.Image, dirty: list, kind: str, key: tuple[int, int]) -> bytes:
    palette = palette_for(_check_theme(None), kind)
    buffer = io.BytesIO()
    im.quantize(palette=palette, dither=Image.Dither.NONE).save(
        buffer, format="PNG", compress_level=COMPRESS_LEVELS[kind]
    )
    return buffer.getvalue()


ENCODERS: dict[str, Encoder] = {"ours": ours, "pillow": pillow, "pillow-whole": pillow_whole}


def _pixels(data: bytes) -> bytes:
    with Image.open(io.BytesIO(data)) as im:
        return im.convert("RGB").tobytes()


def measure(states: int, repeat: int) -> None:
    theme = _check_theme(None)
    head = f"{'board':<20} {'encoder':<13} {'ms p50':>7} {'p90':>6} {'CPU ms':>7} {'KB p50':>7} {'max':>6}"
    print(f"{head}  pixels")
    for kind, games in bench_states(states).items():
        wall: dict[str, list[float]] = {name: [] for name in ENCODERS}
        cpu: dict[str, list[float]] = {name: [] for name in ENCODERS}
        sizes: dict[str, list[int]] = {name: [] for name in ENCODERS}
        same: dict[str, bool] = dict.fromkeys(ENCODERS, True)
        for i, game in enumerate(games):
            opts = _bench_options(game, i)
            scene = _scene(game, opts.get("names"), None, None, None, opts.get("footer"))
            canvas = draw_canvas(scene, theme)
            key = _background_key(scene)
            names = list(ENCODERS) if i % 2 == 0 else list(reversed(ENCODERS))
            outputs = {}
            for _ in range(repeat):
                for name in names:
                    t0, c0 = time.perf_counter(), time.process_time()
                    outputs[name] = ENCODERS[name](canvas.im, canvas.dirty, kind, key)
                    wall[name].append(time.perf_counter() - t0)
                    cpu[name].append(time.process_time() - c0)
            reference = _pixels(outputs["ours"])
            for name, data in outputs.items():
                sizes[name].append(len(data))
                same[name] = same[name] and _pixels(data) == reference
        for name in ENCODERS:
            ms = sorted(1000 * v for v in wall[name])
            print(
                f"{TITLES[kind]:<20} {name:<13} {statistics.median(ms):7.2f} {ms[int(0.9 * len(ms))]:6.2f}"
                f" {1000 * statistics.median(cpu[name]):7.2f} {statistics.median(sizes[name]) / 1024:7.1f}"
                f" {max(sizes[name]) / 1024:6.1f}  {'same' if same[name] else 'DIFFERENT'}"
            )
    print(
        f"({states} states per board type, each encoded {repeat} times by each encoder in turn; zlib level"
        f" per board type {dict(sorted(COMPRESS_LEVELS.items()))}: ours through zlib-ng, Pillow's through"
        " its zlib)"
    )


def main(argv: Sequence[str] | None = None) -> int:
    prog, about = "python -m bench.png", __doc__.splitlines()[0]
    parser = argparse.ArgumentParser(prog=prog, description=about)
    parser.add_argument("--states", type=int, default=40, help="states per board type (default 40)")
    parser.add_argument("--repeat", type=int, default=5, help="encodings of each state per encoder")
    args = parser.parse_args(argv)
    measure(args.states, args.repeat)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
