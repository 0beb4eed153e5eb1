"""What the console prints and saves: the core's notices as lines, a text board after every turn, and the
files the bot would attach on Discord, kept in the output folder with their paths printed: every board's
picture, numbered (``match-3-007.png``), an export (``minigam-match-3.mat``) and an analysis's pictures
(``analysis-12-chances.png``, ``analysis-12-worst-1-1.png``).

On Discord, what happened before the computer's turn waits for the computer's board (one message a
turn); here it is printed as soon as the computer starts thinking, so the lines come in the order things
happened, and the board that follows leaves them out.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
from collections.abc import AsyncIterator
from pathlib import Path
from typing import TextIO

from bot import texts
from bot.console.wording import console_words
from bot.core import Action, AnalysisReport, Board, Core, Notice, Picture, Reply, Result, RetireBoard
from bot.core.boards import actor_seat
from bot.core.notices import PuzzleCard, TournamentNews
from bot.texts.grammar import is_you
from bot.texts.multigam import hand_over_ack
from bot.workers import drawing
from bot.workers.analysis_drawing import draw_analysis
from images import draw_bracket

HANDED_OVER = hand_over_ack()


class Output:
    """Prints to ``out`` and keeps the pictures and files in ``folder``."""

    def __init__(self, core: Core, out: TextIO, folder: Path) -> None:
        self.core = core
        self.out = out
        self.folder = Path(folder)
        self._pictures: dict[int, tuple[int, Picture | None]] = {}  # match -> last number, last picture
        self._early: dict[int, tuple[str, ...]] = {}  # match -> its lines printed before its next board

    def say(self, text: str = "") -> None:
        try:
            self.out.write(console_words(text) + "\n")
            self.out.flush()
        except BrokenPipeError:  # `python -m bot | head`: nobody reads any more; the session ends quietly
            _drop_output(self.out)
            raise SystemExit(0) from None

    # ------------------------------------------------------------------ the computer's turn
    @contextlib.asynccontextmanager
    async def thinking(self, match_id: int) -> AsyncIterator[None]:
        """What happened so far, then a line while the computer thinks (its board comes after)."""
        live = self.core.ctx.live.get(match_id)
        seat = actor_seat(live) if live is not None else None
        if live is not None and seat is not None and seat.is_computer:
            shown = self._early.get(match_id, ())
            pending = tuple(live.pending)
            new = pending[len(shown) :] if pending[: len(shown)] == shown else pending
            for line in new:
                self.say(line)
            self._early[match_id] = pending
            if is_you(seat.name):  # your seat, taken over (multigam)
                self.say(f"The computer ({seat.level}) plays your seat and is thinking…")
            else:
                self.say(texts.waiting_line(seat.name, live.game, computer=True))
        yield

    # ------------------------------------------------------------------ notices
    async def show(self, result: Result) -> None:
        for notice in result.notices:
            await self._show_notice(notice)

    async def _show_notice(self, notice: Notice) -> None:
        match notice:
            case RetireBoard():
                return
            case Reply() if notice.text == HANDED_OVER:  # to whoever left; the table's line names them
                return
            case Board() | Reply() if notice.picture is not None:
                p = notice.picture
                self.say(self._unseen(notice))
                board = await asyncio.to_thread(
                    drawing.board_text, p.game, p.names, p.score, p.footer, perspective=p.perspective
                )
                self.say(board)
                path = await self._write_png(notice.match_id, p)
                self.say(f"(board picture: {path})")
                for control in notice.controls:
                    if control.action is Action.PLAY:
                        self.say("Legal plays: " + " | ".join(control.options))
                    elif control.action is Action.FIRST:
                        firsts = ", ".join(control.options)
                        self.say(f"Type your whole play with move (first moves: {firsts}).")
            case Reply() if notice.files:
                self.say(notice.text)
                for name, data in notice.files:
                    self.say(f"(saved: {await self._save(name, data)})")
            case AnalysisReport():
                self.say(notice.text)
                await self._save_analysis(notice)
            case PuzzleCard():
                p = notice.picture
                self.say(notice.text)
                board = await asyncio.to_thread(
                    drawing.board_text, p.game, p.names, p.score, p.footer, perspective=p.perspective
                )
                self.say(board)
                answers = notice.plays or tuple(answer for answer, _label in notice.cube)
                if answers:
                    self.say("Answers (puzzle answer ...): " + " | ".join(answers))
            case TournamentNews() if notice.bracket is not None:  # a knockout's bracket, as Discord shows it
                self.say(notice.text)
                png = await asyncio.to_thread(draw_bracket, notice.bracket)
                slug = re.sub(r"[^a-z0-9]+", "-", notice.bracket.title.lower()).strip("-") or "tournament"
                self.say(f"(bracket picture: {await self._save(f'bracket-{slug}.png', png)})")
            case _ if getattr(notice, "text", ""):
                self.say(notice.text)

    def _unseen(self, board: Board | Reply) -> str:
        """A board's text without the lines printed already while the computer thought."""
        shown = self._early.pop(board.match_id, ()) if isinstance(board, Board) else ()
        lines = board.text.split("\n")
        if shown and tuple(lines[: len(shown)]) == shown:
            lines = lines[len(shown) :]
        return "\n".join(lines)

    async def _save_analysis(self, report: AnalysisReport) -> None:
        """The analysis's pictures, as Discord attaches them: the chart, then each worst decision's board."""
        r = report
        drawn = await asyncio.to_thread(draw_analysis, r.variant, r.events, r.match, r.analysis, r.names)
        for picture in drawn:
            path = await self._save(f"analysis-{r.game_id}-{picture.filename}", picture.png)
            self.say(f"(analysis picture: {path})")

    async def _save(self, name: str, data: bytes) -> Path:
        path = self.folder / name
        self.folder.mkdir(parents=True, exist_ok=True)
        await asyncio.to_thread(path.write_bytes, data)
        return path

    # ------------------------------------------------------------------ board pictures
    async def _write_png(self, match_id: int | None, picture: Picture) -> Path:
        """Save the picture as the match's next numbered one (``match-3-007.png``): every board is kept.
        The board shown again (``board``, or the next session's greeting) is not saved twice."""
        key = match_id or 0
        if key not in self._pictures:
            self._pictures[key] = (self._last_number(key), None)
        number, last = self._pictures[key]
        if picture == last:
            return self._picture_path(key, number)
        p = picture
        png = await asyncio.to_thread(drawing.board_png, p.game, p.names, p.perspective, p.score, p.footer)
        newest = self._picture_path(key, number)
        if last is not None or number == 0 or not await asyncio.to_thread(_holds, newest, png):
            number += 1
            self.folder.mkdir(parents=True, exist_ok=True)
            await asyncio.to_thread(self._picture_path(key, number).write_bytes, png)
        self._pictures[key] = (number, picture)
        return self._picture_path(key, number)

    def _picture_path(self, match_id: int, number: int) -> Path:
        return self.folder / f"match-{match_id}-{number:03d}.png"

    def _last_number(self, match_id: int) -> int:
        """The highest number saved for ``match_id`` so far, in this session or an earlier one."""
        pattern = re.compile(rf"match-{match_id}-(\d+)\.png")
        found = (pattern.fullmatch(p.name) for p in self.folder.glob(f"match-{match_id}-*.png"))
        return max((int(m.group(1)) for m in found if m), default=0)


def _drop_output(out: TextIO) -> None:
    """Send what is still to be written to ``out`` (a closed pipe) nowhere, so that nothing more fails:
    neither the lines of the session's end nor Python's last flush at exit."""
    with contextlib.suppress(OSError, ValueError):
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, out.fileno())
        os.close(devnull)


def _holds(path: Path, data: bytes) -> bool:
    try:
        return path.read_bytes() == data
    except OSError:
        return False


__all__ = ["Output"]
