"""Boards as notices: the picture, the text and the controls of whoever acts next."""

from __future__ import annotations

from bot import texts
from bot.core import match_clocks
from bot.core.actions import Control
from bot.core.live import LiveMatch
from bot.core.notices import (
    ControlsChanged,
    EditedBoard,
    LastBoard,
    NewBoard,
    Picture,
    Reply,
    Result,
    RetireBoard,
)
from bot.models import Action, AfterMatch, MatchRecord, MatchStatus, Prompt, Seat
from bot.texts import dice as dice_words
from bot.texts import venue as words
from engine import Awaiting, Game

MAX_CHOICES = 25
"""A menu holds at most 25 options; with more legal plays, the board's menu goes move by move."""


def actor_seat(live: LiveMatch, game: Game | None = None) -> Seat | None:
    actor = (game or live.game).actor
    return live.record.seats[actor] if actor is not None else None


def picture(live: LiveMatch, game: Game) -> Picture:
    """The picture of ``game``, drawn for the person it is for (:func:`perspective`); a finished game of a
    match shows the score after it."""
    score = live.match.score if game.outcome is not None and live.match.target > 0 else None
    return Picture(game, live.names, perspective(live, game), score, texts.board_footer(game))


def perspective(live: LiveMatch, game: Game) -> int | None:
    """Whose side a board is drawn and numbered from: against the computer the person's, always; between
    people the player to act, and once the game is over the winner. ``None`` (the player to act) when
    no person is seated."""
    seats = live.record.seats
    humans = [i for i, s in enumerate(seats) if not s.is_computer]
    actor = game.actor
    if len(humans) == 1:
        return humans[0]
    if actor is not None and not seats[actor].is_computer:
        return actor
    if game.outcome is not None and not game.variant.is_multiplayer:
        return game.outcome.winner
    return None


def play_controls(game: Game) -> tuple[Control, ...]:
    """The menu for the player to move: every legal play when there are at most 25, else the distinct
    first moves (then move by move)."""
    plays = game.legal_plays()
    if not plays or not plays[0].moves:
        return ()
    pos = game.position
    if len(plays) <= MAX_CHOICES:
        return (Control(Action.PLAY, tuple(pos.format_play(p) for p in plays)),)
    firsts, _complete = game.next_moves(())
    return (Control(Action.FIRST, tuple(pos.format_move(m) for m in firsts)),)


def controls_for(game: Game) -> tuple[Control, ...]:
    """What the player to act can do now, as controls (resigning is always offered besides)."""
    match game.awaiting:
        case Awaiting.PLAY:
            return play_controls(game)
        case Awaiting.ROLL:
            return (Control(Action.ROLL), Control(Action.DOUBLE))
        case Awaiting.DOUBLE_ANSWER:
            return (Control(Action.TAKE), Control(Action.DROP))
        case Awaiting.RESIGN_ANSWER:
            return (Control(Action.ACCEPT), Control(Action.DECLINE))
    return ()


def board_notice(live: LiveMatch, game: Game, lines: list[str]) -> NewBoard:
    """The public board of ``game`` after ``lines``, posted as a new message that pings the person to act
    (after a restart, say)."""
    seat = actor_seat(live, game)
    mention = seat.user_id if seat is not None and not seat.is_computer else None
    return NewBoard(**_board(live, game, lines, seat), mention=mention, record=_record(lines, seat))


def last_board(live: LiveMatch, game: Game, lines: list[str], *, match_over: bool) -> LastBoard:
    """The last board of ``game`` after ``lines``: a rematch offered under the match's last board (for a
    match that ended, not one cancelled)."""
    fields = _board(live, game, lines, None)
    controls = after_match_controls(live) if match_over else ()
    return LastBoard(**fields | {"controls": controls}, match_over=match_over)


def _board(live: LiveMatch, game: Game, lines: list[str], seat: Seat | None) -> dict:
    """What every kind of board has: the text after ``lines`` with the line for ``seat`` to act, its
    controls (and Resign), and the match's board before it, to retire once this one is posted."""
    text_lines = list(lines)
    controls: tuple[Control, ...] = ()
    if seat is not None:
        text_lines.append(texts.waiting_line(seat.name, game, computer=seat.is_computer))
        if not seat.is_computer:
            controls = controls_for(game)
    clock = match_clocks.board_line(live)  # a match clock: the reserves (a game's last board: the match's)
    if clock is not None and (seat is not None or not live.is_live):
        text_lines.append(clock)
    rec, posted = live.record, live.board
    replaces = (
        None
        if posted is None
        else RetireBoard(rec.channel_id, rec.match_id, posted.message_id, posted.record)
    )
    return {
        "channel_id": rec.channel_id,
        "match_id": rec.match_id,
        "version": rec.version,
        "text": "\n".join(text_lines),
        "picture": picture(live, game),
        "controls": (*controls, Control(Prompt.RESIGN)),
        "replaces": replaces,
    }


def _record(lines: list[str], seat: Seat | None) -> str:
    """The one line a board becomes once replaced: what happened, else whose turn it was."""
    return words.record_line(lines) or words.turn_record(seat.name if seat else "")


def after_match_controls(live: LiveMatch) -> tuple[Control, ...]:
    """Under a match's last board: a rematch, for a match that ended (not one cancelled)."""
    return (Control(AfterMatch.REMATCH),) if live.record.status is MatchStatus.FINISHED else ()


def rematched(first: MatchRecord) -> list[ControlsChanged]:
    """The last board of ``first``, once its rematch has started: its Analyse button only."""
    if first.board_message_id is None or first.current_game_id is None:
        return []
    analyse = Control(Prompt.ANALYSE, argument=str(first.current_game_id))
    return [ControlsChanged(first.channel_id, first.match_id, first.board_message_id, (analyse,))]


def next_board(live: LiveMatch, lines: list[str], acted: int | None = None) -> Result:
    """What a match that goes on shows after an action by seat ``acted`` (the caller holds its lock and
    stored the action).

    Quiet by design: a person to act gets a board: a new message, which pings them when the turn comes to
    them from someone else (not after their own action, nor the computer's answer to it); when they act
    again after their own action (a roll, then the play) their board is edited in place. When the computer
    acts next there is no board yet: the board before is retired to its one-line record at once and what
    happened waits for the next board, so a turn against the computer posts one picture."""
    lines = [*live.pending, *lines]
    seat = actor_seat(live)
    if seat is None or seat.is_computer:
        live.pending = tuple(lines)
        return Result(retire_board(live), (live.match_id,) if seat is not None else ())
    live.pending = ()
    rec, posted = live.record, live.board
    by = rec.seats[acted] if acted is not None else None
    by_someone_else = by is not None and not by.is_computer and by.user_id != seat.user_id
    again = by is not None and by.user_id == seat.user_id and live.board_for == seat.user_id
    if again and posted is not None and posted.record:
        lines = [posted.record, *lines]
        fields = _board(live, live.game, lines, seat) | {"replaces": None}  # it replaces itself
        return Result([EditedBoard(**fields, message_id=posted.message_id, record=_record(lines, seat))])
    mention = seat.user_id if live.board_for != seat.user_id or by_someone_else else None
    live.board_for = seat.user_id
    return Result(
        [NewBoard(**_board(live, live.game, lines, seat), mention=mention, record=_record(lines, seat))]
    )


def retire_board(live: LiveMatch) -> list[RetireBoard]:
    """The match's posted board, to be edited down to its record now (the match moved on without a new
    board of its own, or ended); nothing if it has none, or was retired already."""
    rec, posted = live.record, live.board
    if posted is None:
        return []
    live.board = None  # in memory: retired
    return [RetireBoard(rec.channel_id, rec.match_id, posted.message_id, posted.record)]


def board_reply(live: LiveMatch, user_id: int, now: float | None = None) -> Reply:
    """The current board for whoever asks, with the controls only if it is their turn to act (and a match
    clock's reserves as they stand at ``now``)."""
    seat = actor_seat(live)
    game = live.game
    mine = seat is not None and not seat.is_computer and seat.user_id == user_id
    text = texts.waiting_line(seat.name, game, computer=seat.is_computer) if seat is not None else ""
    clock = match_clocks.board_line(live, now)
    if clock is not None:
        text = f"{text}\n{clock}" if text else clock
    if live.seed is not None:
        text = "\n".join(filter(None, [text, dice_words.committed(live.seed.commitment)]))
    return Reply(
        text,
        picture(live, game),
        controls_for(game) if mine else (),
        match_id=live.match_id,
        version=live.version,
    )


def final_reply(ended: LiveMatch) -> Reply:
    """The final board of a match that is over (finished, or where a cancel left it), for whoever asks."""
    rec, game = ended.record, ended.game
    score = ended.match.score
    text = texts.last_match(game.variant, ended.names, rec.status, game.outcome, score, rec.target)
    if ended.seed is not None and rec.status is not MatchStatus.ACTIVE:
        text = "\n".join([text, dice_words.revealed(ended.seed.reveal(), rec.match_id)])
    clock = match_clocks.board_line(ended)  # a match clock: the reserves it ended with
    if clock is not None:
        text = "\n".join([text, clock])
    return Reply(text, picture(ended, game), match_id=rec.match_id, version=rec.version)


def picker_reply(live: LiveMatch, prefix, options, can_finish: bool) -> Reply:
    """The move-by-move picker: the next moves, Undo once a move is picked, Done once the play is whole;
    each control carries the picker's number (:mod:`bot.core.picking`)."""
    pos = live.game.position
    number = str(live.picking.serial) if live.picking is not None else ""
    controls: list[Control] = []
    if options:
        controls.append(Control(Action.STEP, tuple(pos.format_move(m) for m in options), number))
    if prefix:
        controls.append(Control(Action.UNDO, argument=number))
    if can_finish:
        controls.append(Control(Action.DONE, argument=number))
    so_far = pos.format_play(prefix) if prefix else ""
    return Reply(
        texts.picker_text(so_far, more=bool(options), can_finish=can_finish),
        controls=tuple(controls),
        match_id=live.match_id,
        version=live.version,
    )


__all__ = [
    "MAX_CHOICES",
    "actor_seat",
    "after_match_controls",
    "board_notice",
    "board_reply",
    "final_reply",
    "last_board",
    "next_board",
    "perspective",
    "picker_reply",
    "play_controls",
    "rematched",
    "retire_board",
]
