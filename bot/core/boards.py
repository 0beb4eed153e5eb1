"""Boards as notices: the picture, the text and the controls of whoever acts next."""

from __future__ import annotations

from bot import texts
from bot.core.actions import Action, Control, Prompt
from bot.core.live import LiveMatch
from bot.core.notices import Board, Picture, Reply
from bot.models import Seat
from engine import Game

MAX_CHOICES = 25
"""A menu holds at most 25 options; with more legal plays, the board's menu goes move by move."""


def actor_seat(live: LiveMatch, game: Game | None = None) -> Seat | None:
    actor = (game or live.game).actor
    return live.record.seats[actor] if actor is not None else None


def picture(live: LiveMatch, game: Game) -> Picture:
    """Drawn for the human who acts, else for the only human at the table, else from seat 0's side; a
    finished game of a match shows the score after it."""
    seats = live.record.seats
    humans = [i for i, s in enumerate(seats) if not s.is_computer]
    actor = game.actor
    if actor is not None and not seats[actor].is_computer:
        perspective: int | None = actor
    elif len(humans) == 1:
        perspective = humans[0]
    else:
        perspective = None
    score = live.match.score if game.outcome is not None and live.match.target > 0 else None
    return Picture(game, live.names, perspective, score, texts.board_footer(game))


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
        case "play":
            return play_controls(game)
        case "roll":
            return (Control(Action.ROLL), Control(Action.DOUBLE))
        case "double-answer":
            return (Control(Action.TAKE), Control(Action.DROP))
        case "resign-answer":
            return (Control(Action.ACCEPT), Control(Action.DECLINE))
    return ()


def board_notice(live: LiveMatch, game: Game, lines: list[str], *, final: bool = False) -> Board:
    """The public board of ``game`` after ``lines``; on the last board of a match, no controls."""
    seat = None if final else actor_seat(live, game)
    text_lines = list(lines)
    controls: tuple[Control, ...] = ()
    mention = None
    if seat is not None:
        text_lines.append(texts.waiting_line(seat.name, game, computer=seat.is_computer))
        if not seat.is_computer:
            controls = controls_for(game)
            mention = seat.user_id
    if not final:
        controls = (*controls, Control(Prompt.RESIGN))
    rec = live.record
    return Board(
        rec.channel_id,
        rec.match_id,
        rec.version,
        "\n".join(text_lines),
        picture(live, game),
        mention=mention,
        controls=controls,
        final=final,
        replaces=rec.board_message_id,
    )


def board_reply(live: LiveMatch, user_id: int) -> Reply:
    """The current board for whoever asks, with the controls only if it is their turn to act."""
    seat = actor_seat(live)
    game = live.game
    mine = seat is not None and not seat.is_computer and seat.user_id == user_id
    text = texts.waiting_line(seat.name, game, computer=seat.is_computer) if seat is not None else ""
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
    return Reply(text, picture(ended, game), match_id=rec.match_id, version=rec.version)


def picker_reply(live: LiveMatch, prefix, options, can_finish: bool) -> Reply:
    """The move-by-move picker: the next moves, Undo once a move is picked, Done once the play is whole."""
    pos = live.game.position
    controls: list[Control] = []
    if options:
        controls.append(Control(Action.STEP, tuple(pos.format_move(m) for m in options)))
    if prefix:
        controls.append(Control(Action.UNDO))
    if can_finish:
        controls.append(Control(Action.DONE))
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
    "board_notice",
    "board_reply",
    "final_reply",
    "picker_reply",
    "play_controls",
]
