"""Guards the tests of "never a hang" share: a wall-clock time box (``SIGALRM``), and CPython's digit guard lifted."""

from __future__ import annotations

import signal
import sys
from contextlib import contextmanager
from typing import Any, Iterator


class Hang(BaseException):
    """Raised by the time box (a BaseException, so no ``except Exception`` in the library swallows it)."""


@contextmanager
def time_box(seconds: float) -> Iterator[None]:
    """Raise `Hang` in the block once ``seconds`` have passed (POSIX timers, as on CI; without them the block runs
    unboxed, and a hang shows as the test run's own timeout)."""
    if not hasattr(signal, "setitimer"):
        yield
        return

    def expire(signum: int, frame: Any) -> None:
        raise Hang(f"the call took more than {seconds} s")

    old = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


@contextmanager
def no_digit_limit() -> Iterator[None]:
    """As the command line runs: CPython's 4300-digit guard on int/str conversion off, so only gentensor's own
    limits stand (and an oracle may print or parse numbers of any size)."""
    old = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(0)
    try:
        yield
    finally:
        sys.set_int_max_str_digits(old)
