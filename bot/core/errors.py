"""Refusals: what the core says to someone whose action it did not take. Nothing changed."""

from __future__ import annotations


class ServiceError(ValueError):
    """A refusal meant for the person who acted; the message is friendly and says why."""


__all__ = ["ServiceError"]
