"""End-to-end tests: the real bot, through discord.py, against a local Discord stand-in
(:mod:`tests.e2e.standin`). The load benchmark, ``python -m bench.load``, runs many matches at once
through it."""
