"""The typing indicator's share of Discord's global limit: a token bucket."""

from __future__ import annotations

from bot.app.budget import Budget


class Clock:
    def __init__(self) -> None:
        self.now = 50.0

    def __call__(self) -> float:
        return self.now


def test_a_burst_is_allowed_then_the_rate() -> None:
    clock = Clock()
    budget = Budget(10.0, 3, clock)

    assert [budget.take() for _ in range(4)] == [True, True, True, False]  # the burst, then none left
    clock.now += 0.05
    assert budget.take() is False  # half a token
    clock.now += 0.05
    assert budget.take() is True  # 10 a second: one every 0.1 s
    assert budget.take() is False


def test_an_idle_budget_fills_up_to_its_burst_only() -> None:
    clock = Clock()
    budget = Budget(10.0, 3, clock)
    for _ in range(3):
        budget.take()
    clock.now += 3600.0

    assert sum(budget.take() for _ in range(10)) == 3
