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
* a **deadline** (`within`): the SymPy call runs while a watchdog thread
  watches the clock; once the budget (``zero_test_seconds`` of
  [`gentensor.limits`][gentensor.resources.limits]) is spent it raises `OutOfTime` *inside* the calling
  thread (CPython's ``PyThreadState_SetAsyncExc``), which stops SymPy and
  mpmath at their next bytecode.  Nothing runs while the budget lasts, so
  the bound costs nothing; a single operation on huge integers in C cannot
  be stopped, which is why the screen comes first.

`bounded` combines both with the translation of what SymPy and mpmath raise
(``PrecisionExhausted``, ``RecursionError``, ``OverflowError``, CPython's
digit limit) into the error tree.  `OutOfTime` derives from
``BaseException`` so that no ``except Exception`` inside SymPy swallows it.
An exception sent from another thread arrives when it arrives: `within`
settles it whatever the moment (during the call, while leaving, after the
call returned), so it never escapes, and it is sent again until the call
has left its budget, so a callback that swallows it cannot make the bound
lapse; the protocol is in `within`.  On an
interpreter without ``ctypes.pythonapi`` the screen and the checks between
steps are the only bounds.

Interrupting SymPy can leave an assumption it was computing marked unknown
in the expression's cache (as Ctrl-C does): later assumption queries on that
expression may answer ``None``, which gentensor never takes as a decision.
"""

from __future__ import annotations

import os
import sys
import threading
import time
from typing import Any, Callable, Optional, TypeVar

from ..errors import GentensorError, LimitError, UndecidableError
from ..resources import get_limits

__all__ = ["OutOfTime", "within", "bounded", "time_budget"]

T = TypeVar("T")


class OutOfTime(BaseException):
    """Internal: the budget of `within` ran out while SymPy or mpmath was working."""


class _Record:
    """One thread's deadlines: the nested budgets in force (innermost last), and whether one was sent."""

    def __init__(self, ident: int) -> None:
        self.ident = ident
        self.stack: list[float] = []
        self.fired = False  # an OutOfTime was sent to the thread and not yet cleared
        self.sent = 0.0  # when it was last sent (it is sent again every RESEND seconds until cleared)
        self.active = 0  # calls of `within` running in the thread


class _Local(threading.local):
    record: Optional[_Record] = None


# Only C-level locks: an exception sent to a thread can arrive at the start of any Python
# function, and one arriving inside threading.Condition's own code would leave its lock held.
_LOCK = threading.Lock()
_SIGNAL = threading.Lock()  # released to wake the watchdog (a binary semaphore)
_ARMED: dict[int, _Record] = {}  # thread ident -> record, while the thread has a deadline
_LOCAL = _Local()
_WATCHER: list[threading.Thread] = []
_NEXT = [0.0]  # when the watchdog wakes next (inf: only when signalled); a later deadline needs no wake-up


def _async_exc() -> Any:
    """CPython's ``PyThreadState_SetAsyncExc`` through ctypes, or ``None`` where it is not available."""
    try:
        import ctypes

        prototype = ctypes.PYFUNCTYPE(ctypes.c_int, ctypes.c_ulong, ctypes.py_object)
        return prototype(("PyThreadState_SetAsyncExc", ctypes.pythonapi))
    except Exception:  # not CPython
        return None


_SEND = _async_exc()


def _clear(ident: int) -> None:
    """Withdraw an OutOfTime sent to the thread and not yet raised in it."""
    import ctypes

    _SEND(ident, ctypes.py_object())  # NULL: clear the pending exception


#: Seconds after which an OutOfTime sent and not yet cleared is sent again.  CPython delivers the exception at the
#: thread's next bytecode, which may belong to a garbage-collector callback, a ``__del__`` or a weakref callback:
#: the exception is then reported as unraisable and lost, and the work would go on without a bound.
RESEND = 0.1


def _watch() -> None:
    """The watchdog: sends OutOfTime to each thread whose earliest deadline has passed, again every `RESEND`
    seconds until the thread leaves the budget (a callback may have swallowed it)."""
    signal = _SIGNAL
    signal.acquire(blocking=False)
    while True:
        with _LOCK:
            now = time.monotonic()
            soonest: Optional[float] = None
            for ident, record in list(_ARMED.items()):
                if not record.stack:
                    continue
                due = record.sent + RESEND if record.fired else min(record.stack)
                if due <= now:
                    if not isinstance(sys.unraisablehook, _QuietHook):  # whatever hook is in place now, wrapped
                        sys.unraisablehook = _QuietHook(sys.unraisablehook)
                    if _SEND(ident, OutOfTime) == 0:  # the thread is gone
                        del _ARMED[ident]
                        continue
                    record.fired, record.sent, due = True, now, now + RESEND
                if soonest is None or due < soonest:
                    soonest = due
            _NEXT[0] = float("inf") if soonest is None else soonest
        if soonest is None:
            signal.acquire()
        else:
            signal.acquire(timeout=max(soonest - now, 0.0) + 0.001)


def _wake() -> None:
    try:
        _SIGNAL.release()
    except RuntimeError:  # already signalled
        pass


def _push(record: _Record, limit: float) -> None:
    if not _WATCHER or not _WATCHER[0].is_alive():
        _start_watcher()
    with _LOCK:
        record.stack.append(limit)
        _ARMED[record.ident] = record
        late = limit >= _NEXT[0]  # the watchdog wakes before this deadline anyway
    if not late:
        _wake()


def _start_watcher() -> None:
    with _LOCK:
        if _WATCHER and _WATCHER[0].is_alive():
            return
        _WATCHER.clear()  # a watchdog that ended (it never should) is replaced
        watcher = threading.Thread(target=_watch, name="gentensor-budget", daemon=True)
        _WATCHER.append(watcher)
    watcher.start()


class _QuietHook:
    """``sys.unraisablehook`` that drops an `OutOfTime` a callback swallowed and has it sent again at once.

    The lost exception is the budget's own signal, not an error of the
    callback (the garbage collector's, a ``__del__``): reporting it would
    print "Exception ignored" for nothing.  Every other unraisable exception
    goes to the hook that was in place.  It takes no lock: it may run in the
    middle of any code of the thread, this module's included.

    Examples
    --------
    >>> from types import SimpleNamespace
    >>> seen = []
    >>> hook = _QuietHook(seen.append)
    >>> hook(SimpleNamespace(exc_type=OutOfTime)), hook(SimpleNamespace(exc_type=ValueError)), len(seen)
    (None, None, 1)
    """

    def __init__(self, previous: Callable[[Any], Any]) -> None:
        self.previous = previous

    def __call__(self, unraisable: Any) -> None:
        kind = getattr(unraisable, "exc_type", None)
        if isinstance(kind, type) and issubclass(kind, OutOfTime):
            record = _LOCAL.record
            if record is not None:
                record.sent = 0.0  # due again now: the watchdog sends it on waking
                _wake()
            return
        self.previous(unraisable)


def _pop(record: _Record, depth: int) -> None:
    """Leave the budgets from ``depth`` on (idempotent); withdraw an OutOfTime not yet raised."""
    with _LOCK:
        del record.stack[depth:]
        fired = record.fired
        if fired:
            _clear(record.ident)
            record.fired = False  # an outer deadline already passed is sent again by the watchdog
        if not record.stack:
            _ARMED.pop(record.ident, None)
    if fired:  # a deadline left needs no wake-up: the watchdog finds it gone when it wakes
        _wake()


def _reset_after_fork() -> None:
    global _LOCK, _SIGNAL
    _LOCK = threading.Lock()
    _SIGNAL = threading.Lock()
    _ARMED.clear()
    _WATCHER.clear()
    _NEXT[0] = 0.0
    _LOCAL.record = None


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_reset_after_fork)


def time_budget() -> float:
    """The seconds one bounded SymPy call may take: ``zero_test_seconds`` of the limits in force."""
    return float(get_limits().zero_test_seconds)


def within(seconds: Optional[float], call: Callable[..., T], *args: Any) -> T:
    """``call(*args)``, stopped with `OutOfTime` once ``seconds`` have passed (``zero_test_seconds`` by default).

    Budgets nest: an inner one never outlasts an outer one, and when the
    outer one has passed too, the watchdog stops the caller next.

    Protocol (an exception sent from another thread may arrive between any
    two bytecodes): the budget is registered inside the ``try``, so an
    exception arriving after registration is caught there; leaving is
    idempotent, withdraws an exception sent but not yet raised, and is
    retried until it completes (under the lock the watchdog sends with, so
    once it has left nothing more is sent).  The exception is sent again
    every `RESEND` seconds until then: one delivered inside a callback
    (the garbage collector's, a ``__del__``) is lost there, and the
    unraisable-exception hook drops it quietly and asks for it again.

    Examples
    --------
    >>> def step():
    ...     pass
    >>> def spin():
    ...     while True:
    ...         step()
    >>> try:
    ...     within(0.05, spin)
    ... except OutOfTime:
    ...     print("stopped")
    stopped
    >>> within(1.0, sum, [1, 2])
    3
    """
    limit = time.monotonic() + (time_budget() if seconds is None else seconds)
    if _SEND is None:
        result = call(*args)
        if time.monotonic() > limit:
            raise OutOfTime
        return result
    record = _LOCAL.record
    if record is None:
        record = _LOCAL.record = _Record(threading.get_ident())
    if record.active == 0 and record.stack:  # left by a call that never finished leaving: stale
        _pop(record, 0)
    depth = len(record.stack)
    stopped = False
    record.active += 1
    try:
        _push(record, limit)
        result = call(*args)
    except OutOfTime:
        stopped = True
    finally:
        # Leave whatever arrives meanwhile: the OutOfTime sent (at most one per deadline), or a
        # signal handler's exception (Ctrl-C, a time box) -- re-raised once the budget is left, so a
        # passed deadline never stays registered to stop later, unrelated work.
        interrupted: Optional[BaseException] = None
        while True:
            try:
                _pop(record, depth)
                break
            except OutOfTime:
                stopped = True
            except BaseException as e:  # noqa: BLE001 - re-raised below
                interrupted = e
        record.active -= 1
        if interrupted is not None:
            raise interrupted
    if stopped:
        raise OutOfTime
    return result


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
        return within(seconds, call, *args)
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


def _is_sympy_failure(e: Exception) -> bool:
    """Whether ``e`` was raised by SymPy or mpmath (not by gentensor or Python itself)."""
    return type(e).__module__.startswith(("sympy", "mpmath"))
