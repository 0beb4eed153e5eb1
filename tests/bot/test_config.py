"""Settings: defaults, the environment over .env, and one clear line for every bad value."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from bot.config import DEFAULTS, Config, ConfigError, read_env_file

ROOT = Path(__file__).resolve().parents[2]


def test_defaults_with_an_empty_environment_and_no_env_file(tmp_path: Path) -> None:
    s = Config.from_env({}, env_file=tmp_path / "missing.env")

    assert s.token == ""
    assert not s.has_token
    assert s.database_url == "sqlite:///data/minigam.sqlite3"
    assert s.data_dir == Path("data")
    assert s.dev_guild_id is None
    assert s.log_level == "INFO"
    assert s.api_base == "https://discord.com/api/v10"
    assert s.gateway_url == "wss://gateway.discord.gg"
    assert s.challenge_timeout == 600
    assert s.lobby_timeout == 900
    assert s.turn_timeout == 86400
    assert s.bot_move_delay == 1.0
    assert s.local_output_dir == Path("data/boards")
    assert s.sweep_interval == 30
    assert s.ai_workers == 1
    assert s.think_limit == 30


def test_every_setting_is_read_from_the_environment() -> None:
    env = {
        "DISCORD_TOKEN": "abc.def.ghi",
        "DATABASE_URL": "postgresql://bot:hunter2@127.0.0.1:5432/minigam",
        "DEV_GUILD_ID": "123456789012345678",
        "LOG_LEVEL": "debug",
        "DISCORD_API_BASE": "http://127.0.0.1:8080/api/v10/",
        "DISCORD_GATEWAY_URL": "ws://127.0.0.1:8081",
        "CHALLENGE_TIMEOUT_SECONDS": "60",
        "LOBBY_TIMEOUT_SECONDS": "120",
        "TURN_TIMEOUT_SECONDS": "3600",
        "BOT_MOVE_DELAY_SECONDS": "0",
        "LOCAL_OUTPUT_DIR": "out/boards",
        "SWEEP_INTERVAL_SECONDS": "0.5",
        "RENDER_WORKERS": "2",
        "AI_WORKERS": "0",
        "ANALYSIS_WORKERS": "3",
        "THINK_LIMIT_SECONDS": "2.5",
    }
    s = Config.from_env(env, env_file=None)

    assert s.token == "abc.def.ghi"
    assert s.database_url == "postgresql://bot:hunter2@127.0.0.1:5432/minigam"
    assert s.dev_guild_id == 123456789012345678
    assert s.log_level == "DEBUG"
    assert s.api_base == "http://127.0.0.1:8080/api/v10"
    assert s.gateway_url == "ws://127.0.0.1:8081"
    assert (s.challenge_timeout, s.turn_timeout, s.bot_move_delay) == (60, 3600, 0)
    assert s.lobby_timeout == 120
    assert s.local_output_dir == Path("out/boards")
    assert s.sweep_interval == 0.5
    assert s.render_workers == 2
    assert s.ai_workers == 0
    assert s.analysis_workers == 3
    assert s.think_limit == 2.5


def test_the_environment_wins_over_the_env_file(tmp_path: Path) -> None:
    env_file = tmp_path / ".env"
    env_file.write_text("LOG_LEVEL=WARNING\nTURN_TIMEOUT_SECONDS=100\n")

    s = Config.from_env({"LOG_LEVEL": "ERROR"}, env_file=env_file)

    assert s.log_level == "ERROR"
    assert s.turn_timeout == 100


def test_env_file_syntax(tmp_path: Path) -> None:
    env_file = tmp_path / ".env"
    env_file.write_text(
        "# a comment\n"
        "\n"
        "export DISCORD_TOKEN='tok en#1'\n"
        'DATABASE_PATH="my data/db.sqlite3"  # where\n'
        "LOG_LEVEL=DEBUG # inline comment\n"
        "DEV_GUILD_ID=\n"
    )

    assert read_env_file(env_file) == {
        "DISCORD_TOKEN": "tok en#1",
        "DATABASE_PATH": "my data/db.sqlite3",
        "LOG_LEVEL": "DEBUG",
        "DEV_GUILD_ID": "",
    }


def test_the_shipped_example_file_gives_the_defaults() -> None:
    s = Config.from_env({}, env_file=ROOT / ".env.example")

    assert s == Config()


def test_every_setting_is_in_the_example_file_with_its_default() -> None:
    keys = read_env_file(ROOT / ".env.example")
    text = (ROOT / ".env.example").read_text()

    for key in keys:
        before = text[: text.index(f"{key}=")].rstrip("\n").splitlines()
        assert before, f"{key} has no comment above it"
        assert before[-1].startswith("#"), f"{key} has no comment above it"
    assert keys == DEFAULTS  # every setting, each with the default the bot uses


def test_every_setting_is_in_the_readme_with_its_default() -> None:
    """The README's settings table: one row per setting, its default as the bot has it."""
    rows = re.findall(r"^\| `([A-Z_]+)` \| (.+?) \|", (ROOT / "README.md").read_text(), re.M)
    shown = {name: "" if default == "*(empty)*" else default.strip("`") for name, default in rows}

    assert shown == DEFAULTS


@pytest.mark.parametrize(
    ("env", "message"),
    [
        ({"DEV_GUILD_ID": "my-server"}, "DEV_GUILD_ID must be a server id"),
        ({"DEV_GUILD_ID": "-5"}, "DEV_GUILD_ID must be a server id"),
        ({"LOG_LEVEL": "LOUD"}, "LOG_LEVEL must be one of DEBUG, INFO, WARNING, ERROR"),
        ({"DISCORD_API_BASE": "discord.com/api"}, "DISCORD_API_BASE must be a URL starting with http://"),
        ({"DISCORD_GATEWAY_URL": "https://gateway"}, "DISCORD_GATEWAY_URL must be a URL starting with ws://"),
        ({"CHALLENGE_TIMEOUT_SECONDS": "ten"}, "CHALLENGE_TIMEOUT_SECONDS must be a number of seconds"),
        ({"TURN_TIMEOUT_SECONDS": "0"}, "TURN_TIMEOUT_SECONDS must be a number of seconds, more than zero"),
        ({"TURN_TIMEOUT_SECONDS": "nan"}, "TURN_TIMEOUT_SECONDS must be a number of seconds"),
        (
            {"BOT_MOVE_DELAY_SECONDS": "-1"},
            "BOT_MOVE_DELAY_SECONDS must be a number of seconds, zero or more",
        ),
        ({"SWEEP_INTERVAL_SECONDS": "inf"}, "SWEEP_INTERVAL_SECONDS must be a number of seconds"),
        ({"DISCORD_TOKEN": "abc def"}, "DISCORD_TOKEN contains spaces"),
        ({"RENDER_WORKERS": "two"}, "RENDER_WORKERS must be a whole number from 0 to 8"),
        ({"RENDER_WORKERS": "9"}, "RENDER_WORKERS must be a whole number from 0 to 8"),
        ({"AI_WORKERS": "-1"}, "AI_WORKERS must be a whole number from 0 to 8"),
        ({"AI_WORKERS": "1.5"}, "AI_WORKERS must be a whole number from 0 to 8"),
        ({"AI_WORKERS": "9"}, "AI_WORKERS must be a whole number from 0 to 8"),
        ({"ANALYSIS_WORKERS": "many"}, "ANALYSIS_WORKERS must be a whole number from 0 to 8"),
        ({"THINK_LIMIT_SECONDS": "0"}, "THINK_LIMIT_SECONDS must be a number of seconds, more than zero"),
    ],
)
def test_a_bad_value_is_one_clear_line(env: dict[str, str], message: str) -> None:
    with pytest.raises(ConfigError) as info:
        Config.from_env(env, env_file=None)

    text = str(info.value)
    assert text.startswith(message)
    assert "\n" not in text


def test_a_bad_env_file_line_names_the_file_and_line(tmp_path: Path) -> None:
    env_file = tmp_path / ".env"
    env_file.write_text("LOG_LEVEL=INFO\nthis is not a setting\n")

    with pytest.raises(ConfigError, match=r"\.env line 2: expected KEY=VALUE"):
        Config.from_env({}, env_file=env_file)


def test_an_unclosed_quote_is_reported(tmp_path: Path) -> None:
    env_file = tmp_path / ".env"
    env_file.write_text('DATABASE_PATH="db.sqlite3\n')

    with pytest.raises(ConfigError, match="line 1: the value's closing \" is missing"):
        Config.from_env({}, env_file=env_file)


def test_database_path_still_names_a_sqlite_file() -> None:
    s = Config.from_env({"DATABASE_PATH": "/tmp/x.sqlite3"}, env_file=None)

    assert s.database_url == "sqlite:////tmp/x.sqlite3"
    assert s.data_dir == Path("/tmp")


def test_database_url_wins_over_database_path() -> None:
    s = Config.from_env(
        {"DATABASE_PATH": "/tmp/x.sqlite3", "DATABASE_URL": "sqlite:///y.sqlite3"}, env_file=None
    )

    assert s.database_url == "sqlite:///y.sqlite3"


@pytest.mark.parametrize("url", ["mysql://a:b@host/db", "sqlite://nothing", "postgresql://", "data.sqlite3"])
def test_a_database_url_of_no_known_kind_is_refused(url: str) -> None:
    with pytest.raises(ConfigError, match="DATABASE_URL must be sqlite:///PATH or postgresql://"):
        Config.from_env({"DATABASE_URL": url}, env_file=None)


def test_the_database_password_never_shows_in_repr_errors_or_the_shown_url() -> None:
    url = "postgresql://bot:SECRETPW@db.example:5432/minigam"
    s = Config.from_env({"DATABASE_URL": url}, env_file=None)

    assert "SECRETPW" not in repr(s)
    assert s.database_shown == "postgresql://bot:***@db.example:5432/minigam"
    with pytest.raises(ConfigError) as refused:
        Config.from_env({"DATABASE_URL": "mysql://bot:SECRETPW@db/x"}, env_file=None)
    assert "SECRETPW" not in str(refused.value)


def test_the_token_never_shows_in_repr_or_errors() -> None:
    s = Config.from_env({"DISCORD_TOKEN": "SECRET.TOKEN.VALUE"}, env_file=None)
    assert "SECRET" not in repr(s)

    with pytest.raises(ConfigError) as info:
        Config.from_env({"DISCORD_TOKEN": "SECRET TOKEN"}, env_file=None)
    assert "SECRET" not in str(info.value)


def test_python_m_bot_prints_a_bad_setting_in_one_line_and_exits_2(tmp_path: Path) -> None:
    env = {"PATH": "/usr/bin:/bin", "LOG_LEVEL": "LOUD", "DISCORD_TOKEN": "SECRET.TOKEN"}
    done = subprocess.run(
        [sys.executable, "-m", "bot"],
        cwd=tmp_path,
        env={**env, "PYTHONPATH": str(ROOT)},
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )

    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.strip().splitlines() == [
        "minigam: LOG_LEVEL must be one of DEBUG, INFO, WARNING, ERROR, CRITICAL, not 'LOUD'"
    ]
    assert "SECRET" not in done.stderr


def test_shards_default_to_one_process_with_every_shard() -> None:
    s = Config.from_env({}, env_file=None)

    assert (s.shard_count, s.shard_ids) == (1, None)


@pytest.mark.parametrize(
    ("ids", "expected"), [("0,2", (0, 2)), ("0-3", (0, 1, 2, 3)), ("5, 1-2", (1, 2, 5)), ("3", (3,))]
)
def test_shard_ids_are_numbers_and_ranges(ids: str, expected: tuple[int, ...]) -> None:
    env = {"SHARD_COUNT": "6", "SHARD_IDS": ids, "DATABASE_URL": "postgresql://bot:pw@db:5432/minigam"}

    settings = Config.from_env(env, env_file=None)
    assert settings.shard_ids == expected
    assert settings.shards.ids == frozenset(expected)
    assert settings.shards.count == 6


@pytest.mark.parametrize(
    ("count", "ids", "message"),
    [
        ("0", "", "SHARD_COUNT must be a whole number from 1"),
        ("two", "", "SHARD_COUNT must be a whole number"),
        ("4", "4", "names shards outside 0 to 3"),
        ("4", "3-1", "names shards outside 0 to 3"),
        ("4", "a,b", "SHARD_IDS must be shard numbers like 0,2 or 0-3"),
    ],
)
def test_bad_shard_settings_are_refused(count: str, ids: str, message: str) -> None:
    env = {"SHARD_COUNT": count, "SHARD_IDS": ids, "DATABASE_URL": "postgresql://bot:pw@db:5432/minigam"}

    with pytest.raises(ConfigError, match=message):
        Config.from_env(env, env_file=None)


def test_several_shards_on_sqlite_are_refused_in_one_line() -> None:
    with pytest.raises(
        ConfigError, match=r"SHARD_COUNT above 1 needs PostgreSQL .*: SQLite serves one process"
    ):
        Config.from_env({"SHARD_COUNT": "2"}, env_file=None)
