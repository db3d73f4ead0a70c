"""The time budget of SymPy and mpmath work on elements: a deadline that binds inside SymPy's own calls.

SymPy decides many things by evaluating numerically without a bound: an
assumption query (``e.is_positive``), ``simplify``, ``<``, printing a sum
(its terms are ordered by their numeric values), ``construct_domain``.  A
cheap-looking element such as ``exp(exp(exp(20)))`` then asks mpmath for a
billion bits, and the call never returns.  Two things bound this work:

* a **precision screen** (`gentensor.ops._magnitude`): before handing an
  element to such a SymPy call, the working precision it would need is
  estimated from magnitudes computed in log space; an element past the
  budget is not handed over at all;
* a **deadline** (`deadline`): the SymPy call runs under a profile hook of
  the calling thread that checks the clock at every Python function call and
  stops the call with `OutOfTime` once the budget (``zero_test_seconds`` of
  [`gentensor.limits`][gentensor.resources.limits]) is spent.  mpmath and SymPy are pure Python, so
  the check comes often; a single operation on huge integers in C cannot
  be stopped, which is why the screen comes first.

`bounded` combines both with the translation of what SymPy and mpmath raise
(``PrecisionExhausted``, ``RecursionError``, ``OverflowError``, CPython's
digit limit) into the error tree.  The hook is installed only when no other
profiler is (``cProfile``, an IDE's): under one, only the screen and the
checks between steps bound the work.  `OutOfTime` derives from
``BaseException`` so that no ``except Exception`` inside SymPy swallows it.
"""

from __future__ import annotations

import sys
import threading
import time
from contextlib import contextmanager
from typing import Any, Callable, Iterator, Optional, TypeVar

from ..errors import GentensorError, LimitError, UndecidableError
from ..resources import get_limits

__all__ = ["OutOfTime", "deadline", "bounded", "seconds_left", "time_budget"]

T = TypeVar("T")


class OutOfTime(BaseException):
    """Internal: the deadline of `deadline` passed while SymPy or mpmath was working."""


class _State(threading.local):
    def __init__(self) -> None:
        self.deadline: Optional[float] = None  # the earliest active deadline of this thread
        self.hooked = False  # whether this thread's profile hook is ours


_STATE = _State()


def _hook(frame: Any, event: str, arg: Any) -> None:
    # Only at Python function calls: raising at a C call inside a bare ``except:`` of a
    # library would be swallowed, and CPython removes a profile hook that raises.
    if event == "call":
        limit = _STATE.deadline
        if limit is not None and time.monotonic() > limit:
            raise OutOfTime


def time_budget() -> float:
    """The seconds one bounded SymPy call may take: ``zero_test_seconds`` of the limits in force."""
    return float(get_limits().zero_test_seconds)


def seconds_left() -> Optional[float]:
    """Seconds until the active deadline of this thread (``None`` outside `deadline`)."""
    limit = _STATE.deadline
    return None if limit is None else limit - time.monotonic()


@contextmanager
def deadline(seconds: Optional[float] = None) -> Iterator[None]:
    """Run the block under a deadline ``seconds`` from now (``zero_test_seconds`` by default).

    Past it, the next Python function call inside the block raises
    `OutOfTime`.  Deadlines nest: an inner one never extends an outer one.

    Examples
    --------
    >>> def step():
    ...     pass
    >>> def spin():
    ...     while True:
    ...         step()
    >>> try:
    ...     with deadline(0.05):
    ...         spin()
    ... except OutOfTime:
    ...     print("stopped")
    stopped
    """
    state = _STATE
    outer = state.deadline
    limit = time.monotonic() + (time_budget() if seconds is None else seconds)
    if outer is not None and outer < limit:
        limit = outer
    state.deadline = limit
    installed = False
    if sys.getprofile() is None:
        sys.setprofile(_hook)
        installed = True
        state.hooked = True
    try:
        if limit < time.monotonic():
            raise OutOfTime
        yield
    finally:
        state.deadline = outer
        if outer is None:
            if installed or (state.hooked and sys.getprofile() is _hook):
                sys.setprofile(None)
            state.hooked = False
        elif state.hooked and sys.getprofile() is None:
            sys.setprofile(_hook)  # CPython removed the hook when it raised: the outer deadline still binds


def _precision_exhausted() -> type[BaseException]:
    from sympy.core.evalf import PrecisionExhausted

    return PrecisionExhausted  # type: ignore[no-any-return]


def bounded(func: str, what: Callable[[], str], call: Callable[..., T], *args: Any, seconds: Optional[float] = None) -> T:
    """``call(*args)`` under the time budget, with SymPy's and mpmath's failures as errors of the tree.

    ``func`` names the public function for messages and ``what()`` describes
    the element (called only on failure).  Running out of time, numbers past
    what mpmath or CPython convert, or memory give
    [`LimitError`][gentensor.errors.LimitError]; SymPy unable to decide numerically (``PrecisionExhausted``,
    the ``RecursionError`` of its evaluation at a hidden zero) gives
    [`UndecidableError`][gentensor.errors.UndecidableError].  Errors of the tree pass through.

    Examples
    --------
    >>> bounded("f", lambda: "1", abs, -3)
    3
    """
    try:
        with deadline(seconds):
            return call(*args)
    except GentensorError:
        raise
    except OutOfTime:
        budget = get_limits().zero_test_seconds
        raise LimitError(
            f"{func}: SymPy did not finish within the time budget of {budget} s (got {what()}); "
            "raise it with gt.limits(zero_test_seconds=...)"
        ) from None
    except RecursionError:
        raise UndecidableError(
            f"{func}: SymPy cannot decide it numerically (got {what()}: its evaluation recursed without end, "
            "as at a hidden zero); simplify the element first",
            None,
        ) from None
    except (OverflowError, MemoryError):
        raise LimitError(f"{func}: the numbers are too large to evaluate (got {what()})") from None
    except ValueError as e:
        if "integer string conversion" in str(e) or "digits" in str(e):
            raise LimitError(f"{func}: a number has too many digits to convert (got {what()})") from None
        raise
    except Exception as e:
        if isinstance(e, _precision_exhausted()):
            raise UndecidableError(
                f"{func}: SymPy cannot decide it numerically (got {what()}: the precision was exhausted, "
                "as at a hidden zero); simplify the element first",
                None,
            ) from None
        raise
