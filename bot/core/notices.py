"""What the core asks the Discord app (or the console) to publish: small typed notices.

Every action returns a :class:`Result`: the notices to publish, in order, and the matches where the
computer acts next. A publisher handles each notice kind with ``match``; nothing here knows Discord.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from bot.core.actions import Control
from bot.core.standings import PlayerStats, RatingChart, StandingsPage
from engine import Event, Game, MatchContext
from engine.analysis import GameAnalysis, PlayerSummary

if TYPE_CHECKING:
    from images.bracket import BracketPicture


@dataclass(frozen=True, slots=True)
class Picture:
    """What a board picture shows: the game, the seats' names, whose side it is drawn from, the match score
    when it is not the game's own (a finished game's last board shows the score after it), and the small
    print under the board (backgammon: gnubg's Position ID and Match ID)."""

    game: Game
    names: tuple[str, ...]
    perspective: int | None = None
    score: tuple[int, ...] | None = None
    footer: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class Board:
    """A public board of ``version`` of a match: the picture, the text and the controls of the person to
    act (``mention``: the only user it may ping, when the turn comes to them from someone else). Once it is
    posted, ``replaces`` (the match's board before it, if any) is retired to its record. What kind of board
    it is says how it is posted and whether it becomes the match's board: :class:`NewBoard`,
    :class:`EditedBoard`, :class:`LastBoard`."""

    channel_id: int
    match_id: int
    version: int
    text: str
    picture: Picture
    mention: int | None = None
    controls: tuple[Control, ...] = ()
    replaces: RetireBoard | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class NewBoard(Board):
    """Posted as a new message, it becomes the match's board: the only one with working controls, until a
    newer one replaces it and it is edited down to its one-line ``record``."""

    record: str = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class EditedBoard(Board):
    """The match's board ``message_id`` edited into this one (the same person acts again: a roll, then the
    play); posted as a new message if that one is gone. It stays the match's board."""

    message_id: int
    record: str = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class LastBoard(Board):
    """A game's last board: it keeps its picture, and its controls start something new (the game's analysis;
    after the match's last game, a rematch). It stays as posted. The match's last board (``match_over``)
    becomes the match's board, whose controls change once the rematch has started; a game's last board
    while the match goes on is followed by the next game's first board."""

    match_over: bool


@dataclass(frozen=True, slots=True)
class Message:
    """A new public text message (a reminder, a cancellation...)."""

    channel_id: int
    text: str
    mention: int | None = None


@dataclass(frozen=True, slots=True)
class ChallengePosted:
    """A challenge's public message with Accept and Decline for ``mention``."""

    channel_id: int
    challenge_id: int
    text: str
    mention: int


@dataclass(frozen=True, slots=True)
class ChallengeClosed:
    """A challenge was answered, expired or cancelled: its message says so and loses its buttons."""

    channel_id: int
    challenge_id: int
    text: str
    message_id: int | None = None


@dataclass(frozen=True, slots=True)
class LobbyBoard:
    """A lobby's public message at ``version``: posted anew (``message_id`` ``None``: the lobby was just
    opened) or edited; while ``open`` it has the Join, Leave, Start and Close buttons of that version."""

    channel_id: int
    lobby_id: int
    version: int
    text: str
    open: bool
    message_id: int | None = None
    new: bool = False


@dataclass(frozen=True, slots=True)
class TournamentBoard:
    """A tournament's sign-up message at ``version``: posted anew (``new``) or edited (``message_id``);
    while ``open`` it has the Join, Leave, Start and Cancel buttons of that version. Kept current to the
    end (the entrants, then the rounds and the champion)."""

    channel_id: int
    tournament_id: int
    version: int
    text: str
    open: bool
    message_id: int | None = None
    new: bool = False


@dataclass(frozen=True, slots=True)
class TournamentNews:
    """A tournament's public message: a round's pairings (pinging ``mentions``), a match to play, the
    champion; or, with ``channel_id`` ``None``, the public answer to the command that asked (its standings).
    ``bracket``: a knockout's bracket, drawn under the text."""

    channel_id: int | None
    text: str
    mentions: tuple[int, ...] = ()
    bracket: BracketPicture | None = None


@dataclass(frozen=True, slots=True)
class RetireBoard:
    """The board ``message_id`` no longer applies (the match moved on or ended): it is edited down to its
    one-line ``record``, without its picture and controls (with no record, it only loses its controls)."""

    channel_id: int
    match_id: int
    message_id: int
    record: str = ""


@dataclass(frozen=True, slots=True)
class ControlsChanged:
    """The controls under the posted board ``message_id`` change, its text and picture kept (a match's last
    board loses its Rematch once the rematch has started)."""

    channel_id: int
    match_id: int
    message_id: int
    controls: tuple[Control, ...] = ()


@dataclass(frozen=True, slots=True)
class ArchiveThread:
    """The thread ``channel_id``, opened for matches that are all over now, is archived (hidden from the
    channel's list; anyone who writes in it brings it back)."""

    channel_id: int


@dataclass(frozen=True, slots=True)
class Reply:
    """An answer only the person who acted sees; with a picture and controls (the move-by-move picker,
    the board shown again), or files to download (``(filename, bytes)``), when given. A ``confirmation``
    only confirms what the other notices show: it is left out where one of them was the answer itself
    (on Discord, the clicked message edited as the click's answer)."""

    text: str
    picture: Picture | None = None
    controls: tuple[Control, ...] = ()
    match_id: int | None = None
    version: int | None = None
    files: tuple[tuple[str, bytes], ...] = ()
    confirmation: bool = False


@dataclass(frozen=True, slots=True)
class Info:
    """The public answer to a command (a leaderboard, stats, history)."""

    text: str


@dataclass(frozen=True, slots=True)
class Standings:
    """The public answer to ``/minigam leaderboard``: a page of it (shown with page buttons), and the whole
    of it as ``text`` (the console)."""

    text: str
    page: StandingsPage | None


@dataclass(frozen=True, slots=True)
class PlayerCard:
    """The public answer to ``/minigam stats``: a player's record and ratings, their rating over time as a
    chart (when they have rated results), and the same as ``text`` (the console)."""

    text: str
    stats: PlayerStats
    chart: RatingChart | None = None


@dataclass(frozen=True, slots=True)
class AnalysisReport:
    """A finished game's analysis, for whoever asked (like a :class:`Reply`, only they see it): the
    ``analysis``, the game's record its pictures are drawn from (``events`` and the ``match`` context),
    the seats' ``names``, a ``heading`` and the ``outcome`` in words, and ``text``: all of it in plain
    lines (for a console). The last game of a backgammon match adds the whole match's totals per player
    (``match_totals``, over ``match_games`` games)."""

    game_id: int
    variant: str
    names: tuple[str, ...]
    events: tuple[Event, ...]
    match: MatchContext
    analysis: GameAnalysis
    heading: str
    outcome: str
    text: str
    match_totals: tuple[PlayerSummary, ...] = ()
    match_games: int = 0


@dataclass(frozen=True, slots=True)
class PuzzleCard:
    """A puzzle (:mod:`bot.core.puzzles`) for the person who asked, only they see it: its board
    (``picture``) and ``text``. While attempt ``attempt_id`` is open its answers are offered: a menu of
    ``plays`` (a checker play) or the cube's answers as buttons (``cube``); once graded, a button serves
    ``next`` (a family's next puzzle, or ``train``), labelled ``next_label``. With ``channel_id`` it is a
    public post there instead (the daily puzzle of ``day``: its button serves it to whoever presses)."""

    text: str
    picture: Picture
    attempt_id: int | None = None
    plays: tuple[str, ...] = ()
    cube: tuple[tuple[str, str], ...] = ()  # (answer, label)
    next: str = ""
    next_label: str = ""
    channel_id: int | None = None
    day: str = ""


Notice = (
    Board
    | Message
    | ChallengePosted
    | ChallengeClosed
    | LobbyBoard
    | TournamentBoard
    | TournamentNews
    | RetireBoard
    | ArchiveThread
    | ControlsChanged
    | Reply
    | Info
    | Standings
    | PlayerCard
    | AnalysisReport
    | PuzzleCard
)


@dataclass(slots=True)
class Result:
    """What an action led to: what to publish, and the matches where the computer acts next."""

    notices: list[Notice] = field(default_factory=list)
    computer_matches: tuple[int, ...] = ()

    def extend(self, other: Result) -> Result:
        self.notices.extend(other.notices)
        self.computer_matches = tuple(dict.fromkeys((*self.computer_matches, *other.computer_matches)))
        return self

    @property
    def replies(self) -> list[Reply]:
        return [n for n in self.notices if isinstance(n, Reply)]

    @property
    def boards(self) -> list[Board]:
        return [n for n in self.notices if isinstance(n, Board)]


__all__ = [
    "AnalysisReport",
    "ArchiveThread",
    "Board",
    "ChallengeClosed",
    "ChallengePosted",
    "ControlsChanged",
    "EditedBoard",
    "Info",
    "LastBoard",
    "LobbyBoard",
    "Message",
    "NewBoard",
    "Notice",
    "Picture",
    "PlayerCard",
    "PuzzleCard",
    "Reply",
    "Result",
    "RetireBoard",
    "Standings",
    "TournamentBoard",
    "TournamentNews",
]
