"""Progress bars for long work: shown only where someone watches, and only when the work is long.

A job that may take a while (``gt.map``, ``gt.fromfunction``, element-wise
work under a parallel policy, linear algebra over a stack of matrices) asks
`start` for a `Bar`.  Nothing is drawn at first: the bar
appears once the work is predicted to take longer than ``after`` seconds
(two by default) -- from the time spent so far and the share already done
-- or has already taken that long.  Short work never shows a bar.

One long computation that cannot report its share done (a single big
decomposition) is *watched* instead (`watch`): once it has run for
``after`` seconds a timer appears ("det: running for 00:05") until it ends.

Whether bars are shown at all is a setting ([`progress`][gentensor.parallel._progress.progress], a context
manager; a `contextvars.ContextVar`, like the parallel policy):

* ``"auto"`` (the default): in a Jupyter kernel or when standard error is a
  terminal, with the ``progress`` extra (tqdm) installed;
* ``True``: wherever tqdm is installed, terminal or not (e.g. into a log);
* ``False``: never.

The bars are tqdm's: a widget in a Jupyter kernel where ipywidgets is
installed (the ``notebooks`` extra installs both), text on standard error
elsewhere.  tqdm is imported only when a bar is drawn.
"""

from __future__ import annotations

import contextlib
import contextvars
import importlib.util
import itertools
import sys
import threading
import time
from typing import Any, Callable, ContextManager, Iterator, NamedTuple, Optional, Union

__all__ = ["progress", "ProgressSetting", "Bar", "start", "watch", "interactive", "PROGRESS_AFTER"]

#: Seconds of predicted work above which a bar is shown (the default of ``after``).
PROGRESS_AFTER = 2.0

#: The prediction is trusted once the work has run this long (shorter samples are noise).
PREDICT_AFTER = 0.2


class ProgressSetting(NamedTuple):
    """When progress bars are shown: ``show`` (True, False or "auto") and ``after`` (seconds).

    Examples
    --------
    >>> import gentensor as gt
    >>> with gt.progress(False) as setting:
    ...     setting
    ProgressSetting(show=False, after=2.0)
    """

    show: Union[bool, str]
    after: float


_SETTING: contextvars.ContextVar[ProgressSetting] = contextvars.ContextVar(
    "gentensor_progress", default=ProgressSetting("auto", PROGRESS_AFTER)
)


@contextlib.contextmanager
def progress(show: Union[bool, str] = True, /, *, after: Optional[float] = None) -> Iterator[ProgressSetting]:
    """Show (or hide) progress bars for long work inside a ``with`` block.

    Long work is ``gt.map`` and ``gt.fromfunction``, element-wise operations
    under a parallel policy, and linear algebra over a stack of matrices.
    A bar appears only once the work is predicted to take more than ``after``
    seconds, so short calls never show one.  Bars need the ``progress``
    extra (``pip install 'gentensor[progress]'``, which adds tqdm); without
    it nothing is shown.

    Parameters
    ----------
    show : bool or "auto"
        ``True``: show bars for long work, in a terminal or not.  ``False``:
        never.  ``"auto"`` (the setting outside any block): only where
        someone watches -- in a Jupyter kernel, or when standard error is a
        terminal.
    after : float, optional
        Seconds of predicted work above which a bar appears (default: the
        setting in force, initially 2).

    Returns
    -------
    ProgressSetting
        The setting in force inside the block (the ``as`` target).  Like the
        parallel policy it is a context variable: other threads and asyncio
        tasks keep their own, and it is restored when the block ends.

    Raises
    ------
    ValueError
        ``show`` is not True, False or "auto", or ``after`` is negative.

    Examples
    --------
    >>> import gentensor as gt
    >>> with gt.progress(True, after=0.5) as setting:
    ...     setting.show, setting.after
    (True, 0.5)
    >>> with gt.progress(False):
    ...     gt.map(abs, gt.tensor([-1, 2])).tolist()   # never a bar in here
    [1, 2]
    """
    if show is not True and show is not False and show != "auto":
        raise ValueError(f"progress: show must be True, False or 'auto' (got {show!r})")
    current = _SETTING.get()
    if after is None:
        after = current.after
    elif isinstance(after, bool) or not isinstance(after, (int, float)) or not after >= 0:
        raise ValueError(f"progress: after must be a non-negative number of seconds (got {after!r})")
    token = _SETTING.set(ProgressSetting(show, float(after)))
    try:
        yield _SETTING.get()
    finally:
        _SETTING.reset(token)


def _in_notebook() -> bool:
    """True inside a Jupyter kernel (IPython is never imported here)."""
    ipython = sys.modules.get("IPython")
    if ipython is None:
        return False
    try:
        shell = ipython.get_ipython()
    except Exception:
        return False
    return shell is not None and hasattr(shell, "kernel")


_TTY: tuple[Any, bool] = (None, False)  # (the stderr object last asked, its answer): isatty is a system call


def interactive() -> bool:
    """Whether someone watches: a Jupyter kernel, or standard error is a terminal.

    Examples
    --------
    >>> interactive() in (True, False)
    True
    """
    global _TTY
    if _in_notebook():
        return True
    stream = sys.stderr
    if _TTY[0] is stream:
        return _TTY[1]
    try:
        answer = bool(stream is not None and stream.isatty())
    except Exception:  # a closed or replaced stream
        answer = False
    _TTY = (stream, answer)
    return answer


_HAVE_TQDM: Optional[bool] = None


def _factory() -> Optional[Callable[..., Any]]:
    """The tqdm class to draw with (None without tqdm): tqdm.auto's choice, without its warnings."""
    global _HAVE_TQDM
    if _HAVE_TQDM is None:
        _HAVE_TQDM = importlib.util.find_spec("tqdm") is not None
    if not _HAVE_TQDM:
        return None
    try:
        if _in_notebook() and importlib.util.find_spec("ipywidgets") is not None:
            from tqdm.notebook import tqdm  # a widget (tqdm.auto would decide once, at its first import)
        else:  # without ipywidgets a notebook bar would fail; text bars on stderr then
            from tqdm.std import tqdm
    except ImportError:
        return None
    return tqdm  # type: ignore[no-any-return]


class Bar:
    """A progress bar over ``total`` units of work that appears only once the work is predicted to be long.

    Call `advance` as work finishes (``advance(0)`` just checks the
    clock) and `close` at the end.

    Examples
    --------
    >>> bar = Bar(10, "map", "elements", after=3600.0, factory=None)
    >>> bar.advance(4); bar.done, bar.shown
    (4, False)
    >>> bar.close()
    """

    __slots__ = ("total", "desc", "unit", "after", "done", "started", "factory", "bar")

    def __init__(
        self, total: int, desc: str, unit: str, *, after: float, factory: Optional[Callable[..., Any]]
    ) -> None:
        self.total = total
        self.desc = desc
        self.unit = unit
        self.after = after
        self.done = 0
        self.started = time.monotonic()
        self.factory = factory
        self.bar: Any = None

    @property
    def shown(self) -> bool:
        """Whether the bar is drawn."""
        return self.bar is not None

    def advance(self, k: int) -> None:
        """Record ``k`` more units done; draw the bar once the work is predicted to be long."""
        self.done += k
        if self.bar is not None:
            if k:
                self.bar.update(k)
            return
        if self.factory is None or self.done >= self.total:
            return
        elapsed = time.monotonic() - self.started
        long = elapsed >= self.after or (
            self.done > 0 and elapsed >= min(PREDICT_AFTER, self.after) and elapsed * self.total / self.done > self.after
        )
        if long:
            try:
                self.bar = self.factory(
                    total=self.total, initial=self.done, desc=self.desc, unit=f" {self.unit}", leave=_in_notebook()
                )
            except Exception:  # a bar must never break the work
                self.factory = None

    def close(self) -> None:
        """Finish the bar (if it was drawn)."""
        if self.bar is not None:
            try:
                self.bar.close()
            except Exception:
                pass
            self.bar = None


def start(total: int, desc: str, unit: str = "elements") -> Optional[Bar]:
    """A `Bar` for a job of ``total`` units, or None when the setting shows no bar here.

    Examples
    --------
    >>> import gentensor as gt
    >>> with gt.progress(False):
    ...     start(1000, "map") is None
    True
    """
    setting = _SETTING.get()
    if setting.show is False or total < 1:
        return None
    if setting.show == "auto" and not interactive():
        return None
    factory = _factory()
    if factory is None:
        return None
    return Bar(total, desc, unit, after=setting.after, factory=factory)


# ---------------------------------------------------------------- one long call: a timer


class _Watched:
    __slots__ = ("desc", "started", "after", "factory", "bar")

    def __init__(self, desc: str, after: float, factory: Callable[..., Any]) -> None:
        self.desc = desc
        self.started = time.monotonic()
        self.after = after
        self.factory = factory
        self.bar: Any = None


_WATCHED: dict[int, _Watched] = {}
_WATCH_LOCK = threading.Lock()
_WATCH_IDS = itertools.count()
_WATCHER: Optional[threading.Thread] = None

#: How often the watcher thread looks at the watched calls.
WATCH_SECONDS = 0.25


def _watcher() -> None:
    while True:
        time.sleep(WATCH_SECONDS)
        now = time.monotonic()
        with _WATCH_LOCK:
            for item in list(_WATCHED.values()):
                if item.bar is None and now - item.started >= item.after:
                    try:
                        item.bar = item.factory(
                            total=None,
                            desc=item.desc,
                            bar_format="{desc}: running for {elapsed}",
                            leave=_in_notebook(),
                        )
                    except Exception:  # a bar must never break the work
                        item.factory = lambda **kw: None
                elif item.bar is not None:
                    with contextlib.suppress(Exception):
                        item.bar.refresh()


@contextlib.contextmanager
def _watching(desc: str, after: float, factory: Callable[..., Any]) -> Iterator[None]:
    global _WATCHER
    key = next(_WATCH_IDS)
    with _WATCH_LOCK:
        _WATCHED[key] = _Watched(desc, after, factory)
        if _WATCHER is None or not _WATCHER.is_alive():
            _WATCHER = threading.Thread(target=_watcher, name="gentensor-progress", daemon=True)
            _WATCHER.start()
    try:
        yield
    finally:
        with _WATCH_LOCK:
            item = _WATCHED.pop(key)
            if item.bar is not None:
                with contextlib.suppress(Exception):
                    item.bar.close()


def watch(desc: str) -> Optional[ContextManager[None]]:
    """A timer for one long computation, shown once it has run ``after`` seconds (None: no timer here).

    For work that cannot say how much of it is done (one big decomposition).
    Costs nothing measurable when bars are off; otherwise a shared daemon
    thread looks at the watched calls every `WATCH_SECONDS`.

    Examples
    --------
    >>> import gentensor as gt
    >>> with gt.progress(False):
    ...     watch("det") is None
    True
    """
    setting = _SETTING.get()
    if setting.show is False or (setting.show == "auto" and not interactive()):
        return None
    factory = _factory()
    if factory is None:
        return None
    return _watching(desc, setting.after, factory)
