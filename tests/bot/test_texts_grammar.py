"""Sentences about a player by name read right when the name is "You" (the console's player) and stay as
they were for everyone else: "You start." and "Bob starts.", "your challenge" and "Bob's challenge"."""

from __future__ import annotations

import pytest

import images
from bot import texts
from bot.models import ChallengeStatus
from bot.texts import multigam
from engine import Game, Outcome, ScriptedDice, Termination, WinKind


def test_the_grammar_helpers() -> None:
    assert texts.verb("You", "starts", "start") == "start"
    assert texts.verb("Bob", "starts", "start") == "starts"
    assert texts.verb("you all", "starts", "start") == "starts"  # only the name "You" is the pronoun
    assert texts.possessive("Bob") == "Bob's"
    assert texts.possessive("You") == "your"
    assert texts.possessive("You", first=True) == "Your"
    assert texts.objective("You") == "you"
    assert texts.objective("Bob") == "Bob"
    assert texts.theirs("You") == "yours"
    assert texts.theirs("Bob") == "theirs"
    assert texts.addressed("Bob", "your turn.") == "Bob, your turn."
    assert texts.addressed("You", "your turn.") == "Your turn."
    assert texts.addressed("You", "**take** it?") == "**Take** it?"


def opened(first: int) -> Game:
    """A minigam game whose opening roll ``first`` (0 or 1) won with 3-1."""
    return Game.start("minigam", ScriptedDice([3, 1] if first == 0 else [1, 3]))


def won(winner: int, termination: Termination = Termination.BORNE_OFF, points: int = 1) -> Outcome:
    return Outcome(termination, winner, WinKind.SINGLE if points == 1 else WinKind.GAMMON, points)


@pytest.mark.parametrize(
    ("name", "sentence"),
    [
        ("You", lambda n: texts.opening_line(opened(0), [n, "Bob"]).endswith(f"{n} start.")),
        ("Bob", lambda n: texts.opening_line(opened(0), [n, "Al"]).endswith(f"{n} starts.")),
        ("You", lambda n: texts.outcome_line(won(0), [n, "Bob"]) == "You win, 1 point."),
        ("Bob", lambda n: texts.outcome_line(won(0), [n, "Al"]) == "Bob wins, 1 point."),
        ("You", lambda n: texts.match_winner(n) == "**You win the match.**"),
        ("Bob", lambda n: texts.match_winner(n) == "**Bob wins the match.**"),
        ("You", lambda n: texts.resigns(n) == "You resign."),
        ("Bob", lambda n: texts.resigns(n) == "Bob resigns."),
        ("You", lambda n: texts.accepts(n) == "You accept."),
        ("You", lambda n: texts.declines(n) == "You decline."),
        ("You", lambda n: texts.drops(n) == "You drop."),
        ("You", lambda n: texts.doubles(n, 2) == "You double to 2."),
        ("Bob", lambda n: texts.doubles(n, 2) == "Bob doubles to 2."),
        ("You", lambda n: texts.takes(n, 2) == "You take: the cube is on 2, yours."),
        ("Bob", lambda n: texts.takes(n, 2) == "Bob takes: the cube is on 2, theirs."),
        ("You", lambda n: texts.offers_to_resign(n, 2, 4) == "You offer to resign a gammon (4 points)."),
        ("You", lambda n: texts.forfeits(n, 60).endswith("and forfeit the match.")),
        ("Bob", lambda n: texts.forfeits(n, 60).endswith("and forfeits the match.")),
        ("You", lambda n: texts.reminder(n, 60).startswith("It's still your turn")),
        ("Bob", lambda n: texts.reminder(n, 60).startswith("Bob, it's still your turn")),
        ("You", lambda n: texts.not_your_turn(n) == "It's not your turn: waiting for you."),
        ("You", lambda n: texts.already_challenging(n, n, "Bob").startswith("You already have a challenge")),
        ("Bob", lambda n: texts.already_challenging(n, n, "Al").startswith("Bob already has a challenge")),
        (
            "You",
            lambda n: (
                multigam.finishes(n, 1, 5) == "You bear off the last checker and finish **1st** (5 points)."
            ),
        ),
        (
            "Bob",
            lambda n: multigam.finishes(n, 1, 5).startswith("Bob bears off the last checker and finishes"),
        ),
        ("You", lambda n: multigam.resigns_to_place(n, 4, 1).startswith("You resign and take 4th place")),
        ("You", lambda n: multigam.leaves(n, "hard").endswith("plays your seat from now on.")),
        (
            "Bob",
            lambda n: (
                multigam.leaves(n, "hard")
                == "Bob leaves the table; the computer (hard) plays Bob's seat from now on."
            ),
        ),
        (
            "You",
            lambda n: multigam.replaced_for_time(n, 60, "hard").endswith(
                "your seat from now on, and the place it reaches counts for you."
            ),
        ),
        ("You", lambda n: multigam.lobby_already_open(n).startswith("Your lobby is already open")),
        ("You", lambda n: multigam.reminder(n, 60).startswith("It's still your turn in this game")),
    ],
)
def test_sentences_about_a_player_agree_with_the_name(name: str, sentence) -> None:
    assert sentence(name)


def test_the_resign_question_names_you_as_the_winner() -> None:
    assert texts.resign_question("You", WinKind.SINGLE, 1, None, ()) == "Resign this game? You win 1 point."
    assert texts.resign_question("Bob", WinKind.SINGLE, 1, None, ()) == "Resign this game? Bob wins 1 point."
    offer = texts.resign_offer_question("You", [(1, 1), (2, 2)], None, ())
    assert (
        offer
        == "Resign this game? Offer you a single game (1 point), a gammon (2 points); you accept or decline."
    )


def test_the_turn_line_speaks_to_you_without_a_name() -> None:
    game = opened(0)

    assert texts.waiting_line("You", game, computer=False) == "Your turn: you rolled **3-1**."
    assert texts.waiting_line("Bob", game, computer=False) == "Bob, your turn: you rolled **3-1**."
    assert texts.waiting_line("Computer (easy)", game, computer=True).startswith("Computer (easy) rolled")


class Closed:
    """What :func:`texts.challenge_closed` reads of a challenge."""

    variant = "minigam-full-entry"

    def __init__(self, challenger: str, opponent: str) -> None:
        self.challenger_name, self.opponent_name = challenger, opponent


def test_challenges_are_yours_when_you_made_them() -> None:
    closed = texts.challenge_closed
    assert closed(Closed("You", "Bob"), ChallengeStatus.ACCEPTED) == (
        "Bob accepted your challenge to Minigam Full Entry."
    )
    assert closed(Closed("Al", "Bob"), ChallengeStatus.DECLINED) == (
        "Bob declined Al's challenge to Minigam Full Entry."
    )
    assert closed(Closed("You", "Bob"), ChallengeStatus.EXPIRED) == (
        "Your challenge to Bob (Minigam Full Entry) expired unanswered."
    )
    assert closed(Closed("Bob", "You"), ChallengeStatus.CANCELLED) == (
        "Bob's challenge to you (Minigam Full Entry) was cancelled."
    )


@pytest.mark.parametrize(("names", "status"), [(["You", "Bob"], "You win"), (["Al", "Bob"], "Al wins")])
def test_the_board_says_you_win(names: list[str], status: str) -> None:
    game = opened(0).resign(1)

    assert images.render_text(game, names).splitlines()[0] == f"Minigam | {status}, 1 point (resignation)"


def test_the_board_says_you_double() -> None:
    game = Game.start("backgammon", ScriptedDice([3, 1]))  # player 0 opens; then player 1 may double
    doubled = game.play(game.legal_plays()[0]).double()

    first_line = images.render_text(doubled, ["Bob", "You"]).splitlines()[0]
    assert first_line.startswith("Backgammon | You double to 2: Bob to take or drop")


def test_an_engine_phrase_becomes_a_sentence() -> None:
    from bot import texts

    assert texts.sentence("the dice have already been rolled") == "The dice have already been rolled."
    assert texts.sentence("Done.") == "Done."
    assert texts.sentence("") == ""
