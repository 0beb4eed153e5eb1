"""What the bot says about puzzles: a puzzle served, an answer graded, puzzle stats and leaderboards, the
daily puzzle, and the refusals."""

from __future__ import annotations

from collections.abc import Sequence

from bot.texts.analysis import amount
from bot.texts.grammar import possessive, verb
from engine import find_variant
from engine.analysis.model import Unit
from engine.puzzles import BOUNDS, Family, Grade, Kind, Puzzle, Word

ANSWER_HINT = "`/minigam puzzle answer`"
NEXT_LABEL = "Next puzzle"
RETRY_LABEL = "Try again"
SOLVE_LABEL = "Solve it"
YOU, OPPONENT = "You", "Opponent"
ON_ROLL = "To play"
MENU_PLACEHOLDER = "Your answer"
MENU_PAGE_PLACEHOLDER = "Your answer ({first}-{last} of {total})"

KIND_WORDS = {
    "backgammon-play": "checker play",
    "backgammon-cube": "cube decision",
}
CUBE_LABELS = {"double": "Double", "no double": "No double", "take": "Take", "pass": "Drop"}
"""The cube answers' buttons; a pass is called a drop, as in the game's buttons."""
REDOUBLE_LABELS = {"double": "Redouble", "no double": "No redouble"}

# ---------------------------------------------------------------------- refusals
NO_PUZZLES = "There are no puzzles of that kind yet."
NO_SUCH_PUZZLE = "That puzzle is no longer there. Ask for a new one with `/minigam puzzle solve`."
NOT_YOUR_PUZZLE = "This puzzle is someone else's. Ask for your own with `/minigam puzzle solve`."
NOTHING_OPEN = "You have no puzzle waiting for an answer. Ask for one with `/minigam puzzle solve`."
NOTHING_TO_TRAIN = (
    "No positions of your own to train on yet: they come from the worst decisions of your analysed games "
    "in this server (`/minigam analyse`, or the Analyse button under a finished game)."
)
TRAINED_ALL = "You have found the best play in every position of your own games so far. Well done!"
NO_DAILY = "This server has no daily puzzle that day."
DAILY_GONE = "That daily puzzle is over: its solution is posted in the channel, with a new puzzle."
PUZZLE_UNREADABLE = "Sorry, this puzzle cannot be read; it has been logged. Try another one."


def unknown_family(typed: str, names: Sequence[str]) -> str:
    return f"There is no puzzle family or game called `{typed}`. Choose one of: {', '.join(names)}."


def no_puzzles_of(title: str, names: Sequence[str]) -> str:
    return f"There are no {title} puzzles. Choose one of: {', '.join(names)}."


def not_an_answer(reason: str) -> str:
    return f"That is not an answer to this puzzle: {reason}"


def already_answered(answer: str, word: str) -> str:
    shown = f"`{answer}`" if answer else "no move"
    return f"You already answered this puzzle ({shown}: {word}). Ask for a new one with the button below it."


def already_tried_daily(word: str) -> str:
    return f"You already answered this daily puzzle ({word}). Its solution comes with the next one."


# ---------------------------------------------------------------------- families and numbers
def family_title(family: Family) -> str:
    title = find_variant(family.variant).title
    kind = KIND_WORDS.get(family.name)
    return f"{title} {kind}" if kind else title


def value_words(unit: Unit, value: float) -> str:
    """An answer's value: equity, or the chance to win."""
    if unit is Unit.EQUITY:
        return f"equity {value:+.3f}"
    return f"{100 * value:.1f}% to win"


def bounds_line(unit: Unit) -> str:
    """The words' bounds in ``unit`` (engine.puzzles.BOUNDS)."""
    parts = [f"{word} below {amount(unit, bound)}" for bound, word in BOUNDS[unit]]
    last = BOUNDS[unit][-1][0]
    parts.append(f"{Word.BLUNDER} from {amount(unit, last)}")
    what = "equity (mp: thousandths of a point)" if unit is Unit.EQUITY else "winning chance"
    return f"The words, by what an answer loses in {what}: best (or as good), {', '.join(parts)}."


def answer_words(text: str) -> str:
    """An answer as the player saw it offered (a cube puzzle's ``pass`` is the Drop button)."""
    return "drop" if text == "pass" else text


def shown_answer(text: str) -> str:
    return f"`{answer_words(text)}`" if text else "no move"


def rating_shown(rating: float, deviation: float) -> str:
    return f"{rating:.0f}" + ("?" if deviation > 110 else "")


# ---------------------------------------------------------------------- a puzzle served
def question(puzzle: Puzzle) -> str:
    """What the puzzle asks of the player."""
    game = puzzle.game
    match puzzle.kind:
        case Kind.PLAY:
            assert game.dice is not None
            return f"You have {game.dice} to play. Find the best play."
        case Kind.DOUBLE:
            cube = "centred" if game.cube_owner is None else "yours"
            return f"Your turn, before you roll (the cube at {game.cube}, {cube}). Double or not?"
        case Kind.TAKE:
            return f"Your opponent doubles to {game.cube * 2}. Take or drop?"
    return ""


def served_text(
    puzzle: Puzzle,
    *,
    rating: tuple[float, float],
    origin: str,
    truncated: int = 0,
    daily: bool = False,
) -> str:
    head = "**Daily puzzle**" if daily else "**Puzzle**"
    lines = [
        f"{head} · {family_title(puzzle.family)} · your rating {rating_shown(*rating)}",
        question(puzzle),
    ]
    if origin:
        lines.append(origin)
    how = "Pick your answer below" + (
        f", or type it with {ANSWER_HINT}." if puzzle.kind is Kind.PLAY else "."
    )
    if truncated:
        how += f" The menu lists {truncated} of the {len(puzzle.answers)} plays; type any of them."
    lines.append(how)
    return "\n".join(lines)


def from_server_game() -> str:
    return "From a game played in this server (names left out)."


def from_own_game(game_id: int, played: str, loss: float, unit: Unit) -> str:
    return (
        f"From your game #{game_id}: you played {shown_answer(played)} there, which lost "
        f"{amount(unit, loss)}. Find the best answer this time."
    )


def daily_post(puzzle: Puzzle, day: str) -> str:
    return (
        f"**Daily puzzle of {day}** · {family_title(puzzle.family)}\n{question(puzzle)}\n"
        f"Press **{SOLVE_LABEL}** to answer it privately; the solution comes with tomorrow's puzzle."
    )


def daily_summary(puzzle: Puzzle, day: str, tried: int, found: int) -> str:
    best = puzzle.best
    who = (
        "Nobody tried it."
        if tried == 0
        else f"{tried} tried it; {found} found the best {'play' if puzzle.kind is Kind.PLAY else 'answer'}."
    )
    return (
        f"**How the daily puzzle of {day} went** · {family_title(puzzle.family)}\n{question(puzzle)}\n"
        f"{who}\nThe solution: {shown_answer(best.text)} ({value_words(puzzle.unit, best.value)}), "
        f"{amount(puzzle.unit, puzzle.margin)} better than the next best."
    )


# ---------------------------------------------------------------------- an answer graded
def graded_text(
    puzzle: Puzzle,
    graded: Grade,
    *,
    change: tuple[float, float] | None,
    streak: tuple[int, int] | None,
    puzzle_rating: float | None = None,
    training: bool = False,
) -> str:
    """An answer graded. ``puzzle_rating``: the puzzle's rating when it was answered (rated attempts; it is
    not shown before, as Lichess hides it, so that nobody picks the easy ones). In training a miss does not
    give the best answer away."""
    unit = puzzle.unit
    word = graded.word
    if graded.is_best:
        value = value_words(unit, graded.best.value)
        head = f"**Best!** {shown_answer(graded.chosen.text)} is the best answer ({value})."
    elif training:  # the best stays hidden: the position comes back until it is found
        head = (
            f"**{word.capitalize()}**: {shown_answer(graded.chosen.text)} loses {amount(unit, graded.loss)} "
            f"({value_words(unit, graded.chosen.value)}). There is a better answer: find it."
        )
    else:
        head = (
            f"**{word.capitalize()}**: {shown_answer(graded.chosen.text)} loses {amount(unit, graded.loss)} "
            f"({value_words(unit, graded.chosen.value)}).\n"
            f"Best: {shown_answer(graded.best.text)} ({value_words(unit, graded.best.value)})."
        )
    lines = [head]
    if len(puzzle.answers) > 1 and graded.is_best:
        second = puzzle.answers[1]
        lines.append(
            f"The next best, {shown_answer(second.text)}, "
            f"loses {amount(unit, graded.best.value - second.value)}."
        )
    lines.append(bounds_line(unit))
    if change is not None:
        before, after = change
        lines.append(
            f"Your {family_title(puzzle.family)} puzzle rating: "
            f"{before:.0f} → {after:.0f} ({after - before:+.0f})"
            + (f" · streak {streak[0]} (best {streak[1]})" if streak is not None else "")
            + (f" · this puzzle was rated {puzzle_rating:.0f}" if puzzle_rating is not None else "")
            + "."
        )
    elif training:
        lines.append(
            "Training (unrated): found, this position is done."
            if graded.is_best
            else "Training (unrated): this position comes back until you find the best play."
        )
    else:
        lines.append("Unrated: this daily puzzle's solution was already posted.")
    return "\n".join(lines)


def picture_footer(puzzle: Puzzle, *, graded: bool) -> str:
    if graded and puzzle.kind is Kind.PLAY:  # small print under the picture: no Discord markdown
        return f"Drawn: the best play, {puzzle.best.text or 'no move'}"
    if graded:
        return f"The best answer: {answer_words(puzzle.best.text)}"
    return ""


# ---------------------------------------------------------------------- stats and leaderboards
def stats_text(name: str, rows: Sequence[tuple[Family, float, float, int, int, int, int]]) -> str:
    """``rows``: (family, rating, deviation, attempts, solved, streak, best streak)."""
    if not rows:
        return (
            f"{name} {verb(name, 'has', 'have')} not solved any puzzles in this server yet. "
            "Try `/minigam puzzle solve`."
        )
    lines = [f"**{possessive(name, first=True)} puzzles**"]
    for family, rating, deviation, attempts, solved, streak, best in rows:
        share = f"{100 * solved / attempts:.0f}%" if attempts else "-"
        lines.append(
            f"• {family_title(family)}: rating **{rating_shown(rating, deviation)}** · {attempts} tried, "
            f"{solved} best ({share}) · streak {streak} (best {best})"
        )
    return "\n".join(lines)


def leaderboard_text(boards: Sequence[tuple[Family, Sequence[tuple[str, float, float, int]]]]) -> str:
    """``boards``: per family, its rows (name, rating, deviation, attempts), best first."""
    shown = [(f, rows) for f, rows in boards if rows]
    if not shown:
        return "Nobody has solved a puzzle in this server yet. Be the first: `/minigam puzzle solve`."
    lines = []
    for family, rows in shown:
        lines.append(f"**Puzzle ratings · {family_title(family)}**")
        for rank, (name, rating, deviation, attempts) in enumerate(rows, start=1):
            lines.append(
                f"{rank}. {name or 'someone'} — {rating_shown(rating, deviation)} ({attempts} tried)"
            )
    lines.append("A rating with ? is still unsure (few puzzles tried).")
    return "\n".join(lines)


__all__ = [
    "ANSWER_HINT",
    "CUBE_LABELS",
    "NEXT_LABEL",
    "REDOUBLE_LABELS",
    "RETRY_LABEL",
    "SOLVE_LABEL",
    "already_answered",
    "answer_words",
    "bounds_line",
    "daily_post",
    "daily_summary",
    "family_title",
    "graded_text",
    "leaderboard_text",
    "question",
    "served_text",
    "stats_text",
    "unknown_family",
]
