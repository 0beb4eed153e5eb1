"""numba is the solve extra's alone: only ``engine.solve.jit`` imports it; without it the solver's loops
run as plain Python (the whole solver test suite runs that way where numba is not installed), and the
command that solves a whole table says what to install instead of running for days."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
WITHOUT_NUMBA = "import sys; sys.modules['numba'] = None\n"  # ``import numba`` then raises ImportError


def _imports_numba(path: Path) -> bool:
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import) and any(a.name.split(".")[0] == "numba" for a in node.names):
            return True
        if isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] == "numba":
            return True
    return False


def _python(code: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-c", WITHOUT_NUMBA + code],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )


def test_only_the_jit_module_imports_numba():
    importers = [
        path.relative_to(ROOT).as_posix()
        for package in ("engine", "images", "bot")
        for path in sorted((ROOT / package).rglob("*.py"))
        if _imports_numba(path)
    ]
    assert importers == ["engine/solve/jit.py"]


def test_without_numba_the_solver_runs_its_loops_as_plain_python():
    done = _python(
        "from engine.solve import jit, kernel\n"
        "from engine.solve.solver import solve\n"
        "from tests.engine.solve.exact import reduced\n"
        "assert not jit.COMPILED and jit.threads() == 1\n"
        "assert kernel.sweep.__class__.__name__ == 'function'\n"
        "solution = solve(reduced('minigam', 1), threads=1)\n"
        "assert solution.largest_change < 1e-9 and 0 <= solution.values.min() <= solution.values.max() <= 1\n"
    )
    assert done.returncode == 0, done.stderr


def test_without_numba_the_solve_command_says_what_to_install():
    done = _python("from engine.solve.__main__ import main\nraise SystemExit(main(['--variant', 'minigam']))")
    assert done.returncode == 2
    assert "needs numba" in done.stderr
    assert 'pip install -e ".[solve]"' in done.stderr
