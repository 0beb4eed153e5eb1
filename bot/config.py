"""Settings from the environment or a ``.env`` file; the real environment wins.

Every bad value raises :class:`ConfigError` with one line that names the setting and says what is
expected. The token is never part of a message, a ``repr`` or a log line.
"""

from __future__ import annotations

import math
import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot.models import Shards
from bot.store.url import DEFAULT_URL, masked, problem, sqlite_path

DEFAULT_API_BASE = "https://discord.com/api/v10"
DEFAULT_GATEWAY_URL = "wss://gateway.discord.gg"

DEFAULTS: dict[str, str] = {
    "DISCORD_TOKEN": "",
    "DATABASE_URL": DEFAULT_URL,
    "DATABASE_PATH": "",
    "SHARD_COUNT": "1",
    "SHARD_IDS": "",
    "DEV_GUILD_ID": "",
    "LOG_LEVEL": "INFO",
    "DISCORD_API_BASE": DEFAULT_API_BASE,
    "DISCORD_GATEWAY_URL": DEFAULT_GATEWAY_URL,
    "CHALLENGE_TIMEOUT_SECONDS": "600",
    "LOBBY_TIMEOUT_SECONDS": "900",
    "TURN_TIMEOUT_SECONDS": "86400",
    "BOT_MOVE_DELAY_SECONDS": "1.0",
    "LOCAL_OUTPUT_DIR": "data/boards",
    "SWEEP_INTERVAL_SECONDS": "30",
    "RENDER_WORKERS": "1",
    "AI_WORKERS": "1",
    "ANALYSIS_WORKERS": "1",
    "THINK_LIMIT_SECONDS": "30",
}
"""Every setting and its default, as written: the one source of the defaults, which ``.env.example`` and
the README's table repeat (a test holds them to it)."""
LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")


class ConfigError(ValueError):
    """A setting that cannot be used; the message is one line meant for the person running the bot."""


def read_env_file(path: str | Path) -> dict[str, str]:
    """``KEY=VALUE`` lines of a ``.env`` file: ``#`` comments, blank lines, an optional ``export``,
    single or double quotes around a value, and `` # comment`` after an unquoted value."""
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except FileNotFoundError:
        return {}
    except (OSError, UnicodeDecodeError) as exc:
        raise ConfigError(f"cannot read {p}: {exc.__class__.__name__}") from None
    out: dict[str, str] = {}
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("export "):
            line = line[len("export ") :].lstrip()
        key, sep, value = line.partition("=")
        key = key.strip()
        if not sep or not key or not key.replace("_", "").isalnum() or key[0].isdigit():
            raise ConfigError(f"{p} line {number}: expected KEY=VALUE")
        out[key] = _env_value(value.strip(), p, number)
    return out


def _env_value(value: str, path: Path, number: int) -> str:
    if value[:1] in ("'", '"'):
        quote = value[0]
        end = value.find(quote, 1)
        if end < 0:
            raise ConfigError(f"{path} line {number}: the value's closing {quote} is missing")
        rest = value[end + 1 :].strip()
        if rest and not rest.startswith("#"):
            raise ConfigError(f"{path} line {number}: unexpected text after the quoted value")
        return value[1:end]
    hash_at = value.find(" #")
    if hash_at >= 0:
        value = value[:hash_at]
    return value.strip()


MOST_SHARDS = 4096  # far past what a bot needs (Discord: one shard per 2,500 servers at most)


def _shards(count_text: str, ids_text: str) -> dict:
    """``SHARD_COUNT`` and ``SHARD_IDS`` (``0,2``, ``0-3`` or both mixed; empty: all)."""
    count = _count("SHARD_COUNT", count_text, most=MOST_SHARDS)
    if count < 1:
        raise ConfigError(f"SHARD_COUNT must be a whole number from 1 to {MOST_SHARDS}, not {count_text!r}")
    if not ids_text:
        return {"shard_count": count, "shard_ids": None}
    ids: set[int] = set()
    for part in ids_text.split(","):
        first, dash, last = part.strip().partition("-")
        if not first.isdigit() or (dash and not last.isdigit()):
            raise ConfigError(f"SHARD_IDS must be shard numbers like 0,2 or 0-3, not {ids_text!r}")
        low, high = int(first), int(last) if dash else int(first)
        if low > high or high >= count:
            raise ConfigError(
                f"SHARD_IDS {ids_text!r} names shards outside 0 to {count - 1} (SHARD_COUNT is {count})"
            )
        ids.update(range(low, high + 1))
    return {"shard_count": count, "shard_ids": tuple(sorted(ids))}


def _database_url(url: str, path: str) -> str:
    """``DATABASE_URL``, else the older ``DATABASE_PATH`` (a SQLite file), else the default."""
    if not url:
        return f"sqlite:///{path}" if path else DEFAULTS["DATABASE_URL"]
    if why := problem(url):
        raise ConfigError(why)
    return url


def _snowflake(name: str, text: str) -> int | None:
    if not text:
        return None
    if not text.isdigit() or int(text) <= 0:
        raise ConfigError(f"{name} must be a server id (a positive whole number), not {text!r}")
    return int(text)


def _log_level(text: str) -> str:
    level = text.upper()
    if level not in LOG_LEVELS:
        raise ConfigError(f"LOG_LEVEL must be one of {', '.join(LOG_LEVELS)}, not {text!r}")
    return level


def _url(name: str, text: str, schemes: tuple[str, ...]) -> str:
    scheme, sep, rest = text.partition("://")
    if not sep or scheme.lower() not in schemes or not rest.strip("/"):
        wanted = " or ".join(f"{s}://" for s in schemes)
        raise ConfigError(f"{name} must be a URL starting with {wanted}, not {text!r}")
    return text.rstrip("/")


def _count(name: str, text: str, *, most: int) -> int:
    if not text.isdigit() or int(text) > most:
        raise ConfigError(f"{name} must be a whole number from 0 to {most}, not {text!r}")
    return int(text)


def _seconds(name: str, text: str, *, allow_zero: bool = False) -> float:
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if math.isnan(value) or math.isinf(value) or value < 0 or (value == 0 and not allow_zero):
        least = "zero or more" if allow_zero else "more than zero"
        raise ConfigError(f"{name} must be a number of seconds, {least}, not {text!r}")
    return value


def _read(values: Mapping[str, str]) -> dict[str, Any]:
    """The settings' values from their texts in ``values`` (an empty or missing one: its default)."""

    def get(name: str) -> str:
        return values.get(name, "").strip() or DEFAULTS[name]

    token = values.get("DISCORD_TOKEN", "").strip()
    if any(c.isspace() for c in token):
        raise ConfigError("DISCORD_TOKEN contains spaces or line breaks; paste the token alone")
    return {
        "token": token,
        "database_url": _database_url(values.get("DATABASE_URL", "").strip(), get("DATABASE_PATH")),
        "dev_guild_id": _snowflake("DEV_GUILD_ID", get("DEV_GUILD_ID")),
        "log_level": _log_level(get("LOG_LEVEL")),
        "api_base": _url("DISCORD_API_BASE", get("DISCORD_API_BASE"), ("http", "https")),
        "gateway_url": _url("DISCORD_GATEWAY_URL", get("DISCORD_GATEWAY_URL"), ("ws", "wss")),
        "challenge_timeout": _seconds("CHALLENGE_TIMEOUT_SECONDS", get("CHALLENGE_TIMEOUT_SECONDS")),
        "lobby_timeout": _seconds("LOBBY_TIMEOUT_SECONDS", get("LOBBY_TIMEOUT_SECONDS")),
        "turn_timeout": _seconds("TURN_TIMEOUT_SECONDS", get("TURN_TIMEOUT_SECONDS")),
        "bot_move_delay": _seconds("BOT_MOVE_DELAY_SECONDS", get("BOT_MOVE_DELAY_SECONDS"), allow_zero=True),
        "local_output_dir": Path(get("LOCAL_OUTPUT_DIR")),
        "sweep_interval": _seconds("SWEEP_INTERVAL_SECONDS", get("SWEEP_INTERVAL_SECONDS")),
        "render_workers": _count("RENDER_WORKERS", get("RENDER_WORKERS"), most=8),
        "ai_workers": _count("AI_WORKERS", get("AI_WORKERS"), most=8),
        "analysis_workers": _count("ANALYSIS_WORKERS", get("ANALYSIS_WORKERS"), most=8),
        "think_limit": _seconds("THINK_LIMIT_SECONDS", get("THINK_LIMIT_SECONDS")),
        **_shards(get("SHARD_COUNT"), get("SHARD_IDS")),
    }


_DEFAULT = _read({})


@dataclass(frozen=True, slots=True)
class Config:
    """Everything the bot and the local console read from the environment."""

    token: str = field(default=_DEFAULT["token"], repr=False)
    database_url: str = field(default=_DEFAULT["database_url"], repr=False)  # a password: see database_shown
    dev_guild_id: int | None = _DEFAULT["dev_guild_id"]
    log_level: str = _DEFAULT["log_level"]
    api_base: str = _DEFAULT["api_base"]
    gateway_url: str = _DEFAULT["gateway_url"]
    challenge_timeout: float = _DEFAULT["challenge_timeout"]
    lobby_timeout: float = _DEFAULT["lobby_timeout"]
    turn_timeout: float = _DEFAULT["turn_timeout"]
    bot_move_delay: float = _DEFAULT["bot_move_delay"]
    local_output_dir: Path = _DEFAULT["local_output_dir"]
    sweep_interval: float = _DEFAULT["sweep_interval"]
    render_workers: int = _DEFAULT["render_workers"]
    ai_workers: int = _DEFAULT["ai_workers"]
    analysis_workers: int = _DEFAULT["analysis_workers"]
    think_limit: float = _DEFAULT["think_limit"]
    shard_count: int = _DEFAULT["shard_count"]  # the bot's shards in all its processes
    shard_ids: tuple[int, ...] | None = _DEFAULT["shard_ids"]  # this process's shards (None: all of them)

    @property
    def has_token(self) -> bool:
        return bool(self.token)

    @property
    def shards(self) -> Shards:
        """The servers this process serves (its shards of the bot's)."""
        return Shards(self.shard_count, None if self.shard_ids is None else frozenset(self.shard_ids))

    @property
    def database_shown(self) -> str:
        """The database URL as logged: its password masked."""
        return masked(self.database_url)

    @property
    def data_dir(self) -> Path:
        """Where the bot keeps local files (the console's history): the SQLite file's folder, else
        ``data``."""
        path = sqlite_path(self.database_url)
        return path.parent if path is not None else Path("data")

    @classmethod
    def from_env(
        cls, environ: Mapping[str, str] | None = None, env_file: str | Path | None = ".env"
    ) -> Config:
        """Read the settings from ``environ`` (default: ``os.environ``) over the ``env_file`` values.

        An empty value means the default. A missing ``env_file`` is fine; an unreadable line in it is
        a :class:`ConfigError`.
        """
        values: dict[str, str] = {}
        if env_file is not None:
            values.update(read_env_file(env_file))
        values.update(os.environ if environ is None else environ)

        fields = _read(values)
        if fields["shard_count"] > 1 and sqlite_path(fields["database_url"]) is not None:
            raise ConfigError(
                "SHARD_COUNT above 1 needs PostgreSQL (DATABASE_URL=postgresql://...):"
                " SQLite serves one process"
            )
        return cls(**fields)
