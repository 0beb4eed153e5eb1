"""The load benchmark: many matches at once through the Discord stand-in (:mod:`tests.e2e.standin`),
``python -m bench.load --matches 200`` (:mod:`bench.load.run` says what it does and prints).

- ``run`` — the options, the load itself (set-up, play, the players' waits) and the runs side by side;
- ``bots`` — the bot under load: in this process, or ``python -m bot`` of a checkout in a child process,
  and reading the match it plays (from its core, or from its database);
- ``fleet`` — several bot processes sharing the shards on PostgreSQL (``--processes``);
- ``vsbot`` — one player against the computer (``--vs-bot``);
- ``cpu``, ``profiling``, ``stages`` — CPU per process, a py-spy profile, and the bot's own stage timers;
- ``report``, ``summary`` — what the players saw, and the report of a run or of several side by side.
"""
