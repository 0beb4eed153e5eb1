"""What the bot says about where matches are played: threads, which match a command is about, the records
boards become, spectators, rematches, idle games against the computer, and the server's settings."""

from __future__ import annotations

from collections.abc import Sequence

from bot.models import ChannelProblem
from bot.texts.grammar import duration, possessive
from engine import Variant

RECORD_LIMIT = 1900  # a record line stays well inside a message (2000 characters)
TITLE_LIMIT = 100  # Discord's limit for a thread's name


# ---------------------------------------------------------------------- boards as a list of plays
def record_line(lines: Sequence[str]) -> str:
    """The one line a board becomes once a newer one replaces it: what happened on it, in order."""
    text = " ".join(line.strip() for line in lines if line.strip())
    return text if len(text) <= RECORD_LIMIT else text[: RECORD_LIMIT - 1] + "…"


def turn_record(name: str) -> str:
    """A board's record when nothing happened on it but a turn (after a restart, say)."""
    return f"Turn of {name}." if name else "The board."


# ---------------------------------------------------------------------- threads
def table_title(v: Variant, names: Sequence[str]) -> str:
    """A match's thread name: ``Alice vs Bob · Backgammon`` (names shortened to fit Discord's 100)."""
    tail = f" · {v.title}"
    room = TITLE_LIMIT - len(tail)
    joined = " vs ".join(names)
    if len(joined) > room:
        each = max(3, (room - 4 * (len(names) - 1)) // len(names))
        joined = " vs ".join(n if len(n) <= each else n[: each - 1] + "…" for n in names)[:room]
    return joined + tail


def match_opened(channel_id: int, *, thread: bool) -> str:
    """The private answer to whoever started a match: where it is played."""
    if thread:
        return f"The match is on in <#{channel_id}>: good luck!"
    return "The match is on, here: good luck!"


def thread_busy(names: Sequence[str], home_channel_id: int) -> str:
    return (
        f"This thread is the table of {' vs '.join(names)}. "
        f"Start your match from <#{home_channel_id}>: it gets a thread of its own."
    )


def channel_busy(names: Sequence[str]) -> str:
    return (
        f"This channel already has a match in progress ({' vs '.join(names)}), and matches started here are "
        "played here: I can't open a thread for each (that takes the Create Public Threads and Send "
        "Messages in Threads permissions, in a channel that is not a thread). Wait for it to end, or start "
        "yours in another channel."
    )


def too_many_matches(name: str, limit: int) -> str:
    return f"{name} already plays {limit} matches at once, the most there can be: finish one first."


# ---------------------------------------------------------------------- rematches
REMATCH_NOT_OVER = "That match isn't over yet: play it to the end first."
REMATCH_CANCELLED = "That match was cancelled, so there's nothing to play again: start a new one."
REMATCH_UNREADABLE = "That match can't be read back, so it can't be played again: start a new one."


def rematch_players_only(names: Sequence[str]) -> str:
    return f"Only {_and(names)} can ask for a rematch of this match."


def already_rematched(channel_id: int) -> str:
    return f"This match already has its rematch, in <#{channel_id}>."


def rematch_waits(opponent: str) -> str:
    return f"Your rematch offer is waiting for {opponent} to accept it."


def rematch_offered(challenge: str) -> str:
    return f"**Rematch**, seats swapped. {challenge}"


# ---------------------------------------------------------------------- which match a command is about
MATCH_HERE_OVER = (
    "This thread's match is over, so nothing was done. `/minigam board` shows how it ended; the Rematch "
    "button on its last board starts another."
)
NO_MATCH_OF_YOURS = (
    "You have no match in play here. Start one with `/minigam challenge` or `/minigam vs-bot`, "
    "or use the command in a match's thread."
)


def which_match(places: Sequence[tuple[int, str]]) -> str:
    """A refusal for someone with several matches in play: each one's thread (``(channel, title)``)."""
    listed = "\n".join(f"• <#{channel_id}> {title}" for channel_id, title in places)
    count = len(places)
    return f"You have {count} matches in play; use the command in the thread of the one you mean:\n{listed}"


def spectator(names: Sequence[str]) -> str:
    """A refusal for someone who only watches a match."""
    people = list(dict.fromkeys(names))
    plays = "plays" if len(people) == 1 else "play"
    return f"You're watching this match: only {_and(people)} {plays} in it, so nothing was done."


def _and(names: Sequence[str]) -> str:
    people = list(dict.fromkeys(names))
    return people[0] if len(people) == 1 else ", ".join(people[:-1]) + " and " + people[-1]


# ---------------------------------------------------------------------- the clock
def idle_closed(name: str, limit: float) -> str:
    return (
        f"{possessive(name, first=True)} game against the computer was left idle for {duration(limit)} and "
        "is closed. "
        "It counts for nobody; start another with `/minigam vs-bot` any time."
    )


# ---------------------------------------------------------------------- server settings
_SETTINGS = {
    "jacoby": "Jacoby rule in money play (gammons count single while the cube is centred)",
    "rated": "Matches between people are rated",
    "variants": "Games offered",
    "channels": "Where matches may be started",
    "turn_limit": "Time for a turn (then the player forfeits; in multigam the computer takes the seat)",
    "bot_idle": "A game against the computer left idle this long is closed",
    "archive_after": "A match's thread is archived this long after the match ends",
    "challenge_expiry": "A challenge not answered this long expires",
    "lobby_expiry": "A four-player lobby not started this long closes",
    "tournament_role": "Besides Manage Server, members with this role may create tournaments",
    "tournament_round": "A tournament's match not over this long after it started is decided (the player"
    " to move forfeits)",
    "puzzle_channel": "Where the daily puzzle is posted (off: no daily puzzle)",
    "puzzle_hour": "The hour the daily puzzle is posted",
}


SETTINGS_MODERATORS_ONLY = "Only members with the Manage Server permission can change the settings."


def unknown_setting(key: str, names: list[str]) -> str:
    if not key:
        return f"Name the setting to change too. The settings are: {', '.join(names)}. Nothing was changed."
    return f"There's no setting called {key!r}. The settings are: {', '.join(names)}."


def setting_needs_value(key: str, expected: str) -> str:
    return f"Give the setting {key} its new value too: {expected}, or default. Nothing was changed."


def setting_description(key: str) -> str:
    """What a setting is, in a few words (its name if it has none)."""
    return _SETTINGS.get(key, key)


def bad_setting(key: str, text: str, expected: str) -> str:
    return f"The setting {key} can't be {text!r}: it takes {expected} (or default). Nothing was changed."


_UNUSABLE = {
    ChannelProblem.NOT_IN_SERVER: "is not a channel of this server",
    ChannelProblem.NOT_TEXT: "is not a channel for messages (a category or a forum)",
    ChannelProblem.HIDDEN: "is a channel I can't see (give me View Channel there)",
    ChannelProblem.MUTE: "is a channel where I can't send messages (give me Send Messages there)",
}


def unusable_channel(channel_id: int, problem: ChannelProblem) -> str:
    """Refusing a channel for ``channels``: matches could not be played there (``problem``: why)."""
    shown = f"`{channel_id}`" if problem is ChannelProblem.NOT_IN_SERVER else f"<#{channel_id}>"
    return (
        f"The setting channels can't name {shown}: it {_UNUSABLE[problem]}, so no match could start there."
        " Nothing was changed."
    )


def settings_text(shown: dict[str, str], *, changed: bool) -> str:
    lines = ["Settings saved. This server's settings:" if changed else "This server's settings:"]
    lines += [f"• {setting_description(k)} (`{k}`): **{v}**" for k, v in shown.items()]
    return "\n".join(lines)


def not_offered(v: Variant, offered: str) -> str:
    return f"{v.title} isn't offered in this server. The games offered here: {offered}."


def not_started_here(where: str) -> str:
    return f"Matches aren't started in this channel in this server: start yours in {where}."


__all__ = [
    "MATCH_HERE_OVER",
    "NO_MATCH_OF_YOURS",
    "SETTINGS_MODERATORS_ONLY",
    "bad_setting",
    "channel_busy",
    "idle_closed",
    "match_opened",
    "not_offered",
    "not_started_here",
    "record_line",
    "setting_description",
    "setting_needs_value",
    "settings_text",
    "spectator",
    "table_title",
    "thread_busy",
    "turn_record",
    "unknown_setting",
    "unusable_channel",
    "which_match",
]
