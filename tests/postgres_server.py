"""A throwaway PostgreSQL server for the tests: its own cluster in a temp dir, on a free loopback port.

``PostgresServer()`` runs ``initdb`` and starts the server; ``url`` reaches the database ``minigam`` as
the superuser ``minigam`` with a random password (host connections need it: scram-sha-256).
``stop()`` and ``start()`` take the server down and up again on the same port and data, for the
reconnection tests; ``close()`` stops it and removes everything (also run at exit).

PostgreSQL refuses to run as root, so as root the binaries run as the ``postgres`` system user, who
owns the temp dir; as anyone else they run as the current user.
"""

from __future__ import annotations

import atexit
import os
import pwd
import re
import secrets
import shutil
import socket
import subprocess
import tempfile
from pathlib import Path
from urllib.parse import quote

USER = "minigam"
DATABASE = "minigam"
LOG_TAIL_LINES = 30


class PostgresServerError(RuntimeError):
    """The server could not be set up or started; the message says why (with the log's tail)."""


def find_bindir() -> Path | None:
    """The directory of ``initdb``, ``pg_ctl`` and ``psql``: Debian's newest, ``pg_config``'s, or PATH's."""
    debian = [p for p in Path("/usr/lib/postgresql").glob("*/bin") if (p / "initdb").is_file()]
    if debian:
        return max(debian, key=lambda p: _version_key(p.parent.name))
    if pg_config := shutil.which("pg_config"):
        result = subprocess.run([pg_config, "--bindir"], capture_output=True, text=True, check=False)
        bindir = Path(result.stdout.strip())
        if result.returncode == 0 and (bindir / "initdb").is_file():
            return bindir
    if initdb := shutil.which("initdb"):
        return Path(initdb).resolve().parent
    return None


def _version_key(version: str) -> tuple[int, ...]:
    return tuple(int(part) for part in re.findall(r"\d+", version))


def _memory_dir() -> str | None:
    """/dev/shm when it is a roomy tmpfs, else None (the usual temp dir).

    A database is a few hundred files: on our disk (ext4, mounted with online discard) CREATE DATABASE
    took 30-80 ms and initdb 500 ms, in memory 6 ms and 310 ms. Docker's /dev/shm, 64 MB, is too small.
    """
    try:
        stats = os.statvfs("/dev/shm")
    except OSError:
        return None
    roomy = stats.f_bavail * stats.f_frsize >= 1 << 30
    return "/dev/shm" if roomy and os.access("/dev/shm", os.W_OK | os.X_OK) else None


def _free_port() -> int:
    # the port is free now; nothing else on this machine should take it in the next few milliseconds
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class PostgresServer:
    def __init__(self, bindir: Path | None = None) -> None:
        found = bindir or find_bindir()
        if found is None:
            raise PostgresServerError(
                "no PostgreSQL server binaries (looked in /usr/lib/postgresql/*/bin, pg_config, PATH)"
            )
        self.bindir = found
        self.password = secrets.token_urlsafe(24)
        self.port = _free_port()
        self.running = False
        # as root, run the server as "postgres" (initdb and postgres refuse root); else as ourselves
        self._as: pwd.struct_passwd | None = None
        if os.geteuid() == 0:
            try:
                self._as = pwd.getpwnam("postgres")
            except KeyError:
                raise PostgresServerError("running as root and there is no 'postgres' user") from None
        # not pytest's tmp_path: under /tmp/pytest-of-root it is root's alone (0700)
        self.base = Path(tempfile.mkdtemp(prefix="minigam-pg-", dir=_memory_dir()))
        self.data = self.base / "data"
        self.sockets = self.base / "sockets"
        self.log = self.base / "server.log"
        atexit.register(self.close)
        try:
            self.sockets.mkdir()
            if self._as is not None:
                for path in (self.base, self.sockets):
                    os.chown(path, self._as.pw_uid, self._as.pw_gid)
            self._initdb()
            self.start()
            self._psql(f'CREATE DATABASE "{DATABASE}"')
        except BaseException:
            self.close()
            raise

    @property
    def url(self) -> str:
        return self.url_for(DATABASE)

    def url_for(self, dbname: str) -> str:
        return f"postgresql://{USER}:{quote(self.password, safe='')}@127.0.0.1:{self.port}/{quote(dbname)}"

    def create_database(self, name: str) -> str:
        """A fresh, empty database ``name`` (lower-case letters, digits, underscores); its URL."""
        # FILE_COPY copies template1's files and checkpoints (cheap with fsync off): about 6 ms on
        # tmpfs against 7.5 ms for the default WAL_LOG, which also writes template1 into the WAL
        self._psql(f'CREATE DATABASE "{_identifier(name)}" STRATEGY FILE_COPY')
        return self.url_for(name)

    def drop_database(self, name: str) -> None:
        """Drop ``name``, ending any connections still open on it."""
        self._psql(f'DROP DATABASE IF EXISTS "{_identifier(name)}" WITH (FORCE)')

    def start(self) -> None:
        """Start the server (again: same port, same data) and wait until it accepts connections."""
        if self.running:
            return
        options = (
            f"-c listen_addresses=127.0.0.1 -p {self.port} -c unix_socket_directories={self.sockets}"
            # a test cluster thrown away afterwards: no need to survive a power cut, so no flushing
            " -c fsync=off -c full_page_writes=off"
        )
        # -w: pg_ctl itself waits until the server accepts connections (or has failed)
        result = self._run(
            "pg_ctl", "start", "-w", "-t", "60", "-D", self.data, "-l", self.log, "-o", options
        )
        if result.returncode != 0:
            raise PostgresServerError(
                f"PostgreSQL did not start (pg_ctl exit {result.returncode}): {result.stdout.strip()}\n"
                f"--- the end of the server's log ---\n{self.log_tail()}"
            )
        self.running = True

    def stop(self) -> None:
        """Fast shutdown: open connections are ended, the server waits for nothing."""
        if not self.running:
            return
        result = self._run("pg_ctl", "stop", "-w", "-t", "60", "-m", "fast", "-D", self.data)
        if result.returncode != 0:
            raise PostgresServerError(f"PostgreSQL did not stop: {result.stdout.strip()}\n{self.log_tail()}")
        self.running = False

    def close(self) -> None:
        """Stop the server and remove its temp dir. Safe to call twice."""
        atexit.unregister(self.close)
        try:
            if self.running:
                self.stop()
        finally:
            shutil.rmtree(self.base, ignore_errors=True)

    def log_tail(self, lines: int = LOG_TAIL_LINES) -> str:
        try:
            return "\n".join(self.log.read_text(errors="replace").splitlines()[-lines:])
        except OSError as e:
            return f"(no log: {e})"

    def _initdb(self) -> None:
        password_file = self.base / "password"
        password_file.write_text(self.password + "\n")
        if self._as is not None:
            os.chown(password_file, self._as.pw_uid, self._as.pw_gid)
        try:
            result = self._run(
                "initdb",
                *("-D", self.data, "-U", USER, f"--pwfile={password_file}"),
                *("--locale=C", "--encoding=UTF8", "--no-sync"),
                # the URL must carry a real password; the socket (only ours) may be trusted
                *("--auth-host=scram-sha-256", "--auth-local=trust"),
            )
        finally:
            password_file.unlink()
        if result.returncode != 0:
            raise PostgresServerError(f"initdb failed (exit {result.returncode}):\n{result.stdout}")

    def _psql(self, sql: str) -> None:
        """Run one statement as the superuser, over the Unix socket (trusted: no password)."""
        result = subprocess.run(
            [
                *(self.bindir / "psql", "-X", "-q", "-v", "ON_ERROR_STOP=1"),
                *("-h", str(self.sockets), "-p", str(self.port), "-U", USER, "-d", "postgres", "-c", sql),
            ],
            capture_output=True,
            text=True,
            check=False,
            env=_clean_env(),
        )
        if result.returncode != 0:
            raise PostgresServerError(f"{sql!r} failed: {result.stderr.strip()}")

    def _run(self, program: str, *args: str | Path) -> subprocess.CompletedProcess[str]:
        """Run a server binary, as "postgres" when we are root; stdout and stderr together."""
        as_user = {}
        if self._as is not None:
            as_user = {"user": self._as.pw_uid, "group": self._as.pw_gid, "extra_groups": []}
        return subprocess.run(
            [self.bindir / program, *map(str, args)],
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
            text=True,
            check=False,
            cwd=self.base,  # "postgres" may not be allowed into our working directory
            env=_clean_env(),
            **as_user,
        )


def _identifier(name: str) -> str:
    if not re.fullmatch(r"[a-z_][a-z0-9_]{0,62}", name):
        raise ValueError(f"database name {name!r}: use lower-case letters, digits and underscores")
    return name


def _clean_env() -> dict[str, str]:
    """Our environment without the PG* variables, which would point the tools elsewhere."""
    return {k: v for k, v in os.environ.items() if not k.startswith("PG")}
