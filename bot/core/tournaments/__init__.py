"""Tournaments in a server (issue 32): knockout, Swiss and round robin, run by the bot from sign-up to
champion."""
