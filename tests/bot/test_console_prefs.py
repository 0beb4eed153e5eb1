"""The console's ``prefs``: your own preferences, shown, changed, kept; a bad one refused."""

from __future__ import annotations

from pathlib import Path

from tests.bot.test_console import run_console


def test_prefs_are_shown_changed_and_a_bad_one_refused(tmp_path: Path) -> None:
    done = run_console(tmp_path, ["prefs", "prefs forced on roll=always", "prefs forced maybe", "prefs roll"])

    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "`forced`: **off**" in out or "forced: off" in out
    assert "Saved." in out
    assert "forced` can be `on` or `off`, not `maybe`." in out or "forced can be on or off, not maybe." in out
    assert "Give each preference as a name and a value" in out
    again = run_console(tmp_path, ["prefs"])  # the same database: kept
    assert "always" in again.stdout
    assert "Traceback" not in out + done.stderr + again.stdout + again.stderr
