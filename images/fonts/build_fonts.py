"""Builds the fonts shipped in this folder from their published sources (a maintainer's tool, not
imported by the package). Needs the ``fonts`` extra, fontTools and brotli (for Twemoji's WOFF2):
``pip install -e ".[fonts]"`` in the project's environment; run from the repository's root. README.txt
says where the sources come from.

    python images/fonts/build_fonts.py --noto-cjk NotoSansCJK-Regular.ttc --twemoji twemoji.woff2 \\
        --noto-scripts DIR_WITH_NOTO_SANS_SCRIPT_VARIABLE_FONTS

* ``MinigamCJK-Regular.otf``: Noto Sans CJK JP Regular cut down to the characters of names: kana,
  CJK punctuation, full-width forms, every Hangul syllable, and the ideographs of GB 2312, Big5
  level 1, JIS X 0208 and KS X 1001 (about 10,800). Renamed, as the OFL asks of a modified font.
* ``MinigamEmoji.ttf``: Mozilla's Twemoji COLR font, with each colour glyph's base glyph made a
  composite of its layers. The base glyphs are empty in the original, so FreeType (and Pillow) give
  them an empty box and draw nothing; with the layers as their outline they measure and draw.
* ``NotoSans<Script>-VF.ttf``: Noto Sans for the scripts DejaVu lacks, unchanged (variable, wght).
"""

from __future__ import annotations

import argparse
import contextlib
import shutil
from pathlib import Path

from fontTools import subset
from fontTools.ttLib import TTFont
from fontTools.ttLib.tables._g_l_y_f import Glyph, GlyphComponent

from images.typeset import SCRIPTS

HERE = Path(__file__).resolve().parent


def _two_byte(codec: str, lead: range, trail: list[int]) -> set[str]:
    out: set[str] = set()
    for a in lead:
        for b in trail:
            with contextlib.suppress(UnicodeDecodeError):
                out.update(bytes([a, b]).decode(codec))
    return out


def cjk_characters() -> set[int]:
    both = list(range(0x40, 0x7F)) + list(range(0xA1, 0xFF))
    texts = (
        _two_byte("gb2312", range(0xA1, 0xF8), list(range(0xA1, 0xFF))),
        _two_byte("big5", range(0xA4, 0xC7), both),  # level 1: the frequently used hanzi
        _two_byte("euc_jp", range(0xA1, 0xF5), list(range(0xA1, 0xFF))),  # JIS X 0208
        _two_byte("euc_kr", range(0xA1, 0xFE), list(range(0xA1, 0xFF))),  # KS X 1001
    )
    han = {ord(c) for text in texts for c in text if 0x3400 <= ord(c) <= 0x9FFF or 0xF900 <= ord(c) <= 0xFAFF}
    kana_and_marks = set(range(0x3000, 0x3100)) | set(range(0x31F0, 0x3200)) | set(range(0xFF00, 0xFFF0))
    hangul = set(range(0xAC00, 0xD7A4)) | set(range(0x3130, 0x3190)) | set(range(0x1100, 0x1200))
    return han | kana_and_marks | hangul


def _rename(font: TTFont, family: str, note: str) -> None:
    name = font["name"]
    postscript = family.replace(" ", "") + "-Regular"
    for record in list(name.names):
        if record.nameID in (1, 4, 16):
            record.string = family if record.nameID != 4 else f"{family} Regular"
        elif record.nameID == 6:
            record.string = postscript
        elif record.nameID == 3:
            record.string = f"{postscript};{note}"
    if "CFF " in font:
        cff = font["CFF "].cff
        cff.fontNames = [postscript]


def build_cjk(source: Path) -> Path:
    font = TTFont(source, fontNumber=0)  # the collection's first face: Noto Sans CJK JP
    assert font["name"].getDebugName(1) == "Noto Sans CJK JP", font["name"].getDebugName(1)
    options = subset.Options()
    options.layout_features = []
    options.hinting = False
    options.notdef_outline = True
    options.glyph_names = False
    options.name_IDs = [0, 1, 2, 3, 4, 5, 6, 13, 14]
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=cjk_characters())
    subsetter.subset(font)
    _rename(font, "Minigam CJK", "subset of Noto Sans CJK JP 2.004")
    out = HERE / "MinigamCJK-Regular.otf"
    font.save(out)
    return out


def build_emoji(source: Path) -> Path:
    font = TTFont(source)
    font.flavor = None
    glyf = font["glyf"]
    for base, layers in font["COLR"].ColorLayers.items():
        if glyf[base].numberOfContours != 0:
            continue
        composite = Glyph()
        composite.numberOfContours = -1
        composite.components = []
        for layer in layers:
            component = GlyphComponent()
            component.glyphName = layer.name
            component.x = component.y = 0
            component.flags = 0
            composite.components.append(component)
        glyf[base] = composite
        composite.recalcBounds(glyf)
    _rename(font, "Minigam Emoji", "Twemoji Mozilla 0.7.0 with composite base glyphs")
    out = HERE / "MinigamEmoji.ttf"
    font.save(out)
    return out


def copy_scripts(folder: Path) -> list[Path]:
    out = []
    for script in SCRIPTS:
        target = HERE / f"NotoSans{script}-VF.ttf"
        shutil.copyfile(folder / f"NotoSans{script}[wght].ttf", target)
        out.append(target)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--noto-cjk", type=Path, required=True, help="NotoSansCJK-Regular.ttc")
    parser.add_argument("--twemoji", type=Path, required=True, help="Twemoji Mozilla (ttf or woff2)")
    parser.add_argument(
        "--noto-scripts", type=Path, required=True, help="folder of NotoSans<Script>[wght].ttf"
    )
    args = parser.parse_args()
    for path in (build_cjk(args.noto_cjk), build_emoji(args.twemoji), *copy_scripts(args.noto_scripts)):
        print(f"{path.name}: {path.stat().st_size / 1e6:.2f} MB")


if __name__ == "__main__":
    main()
