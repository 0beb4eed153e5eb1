"""Tournaments in a server (issue 32): knockout, Swiss and round robin, run by the bot from sign-up to
champion.

- :mod:`~bot.core.tournaments.service`: :class:`Tournaments`, the one way in (create, the sign-up buttons,
  show and list, the sweep), with :mod:`~bot.core.tournaments.organiser`'s award, removal and
  cancellation.
- :mod:`~bot.core.tournaments.running`: a running tournament moving on (pairings, matches, results).
- :mod:`~bot.core.tournaments.progress`: what is due, from the stored record alone (pure).
- :mod:`~bot.core.tournaments.pairing`: who plays whom, and the standings (pure).
- :mod:`~bot.core.tournaments.pictures`: the bracket picture's data; :mod:`~bot.core.tournaments.when`:
  start times as organisers type them.
"""
