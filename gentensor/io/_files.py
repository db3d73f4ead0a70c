"""Writing a file without surprises: through symbolic links, over regular files only, atomically, tidily.

How `write_atomic` treats what it finds at the path (documented for
users in ``docs/safety.md``):

* **A symbolic link** (or a chain of them) is followed: the link's *target*
  is replaced, through a temporary file in the target's directory, and the
  link stays a link.  A dangling link creates its target.
* **Anything but a regular file** -- a FIFO, a device such as
  ``/dev/null``, a socket -- is refused with [`NotRegularFileError`][gentensor.errors.NotRegularFileError]
  before anything is written; a directory raises ``IsADirectoryError``.
* **A file with other hard links** is replaced atomically like any other:
  the path gets the new content, the other names keep the old file.  (The
  alternative, rewriting it in place, would give up atomicity; a reader must
  never see half a file.)  Its permission bits are kept.
* **The temporary file** (``.<name>.<host>-<pid>-<random>.tmp`` next to the
  target) is removed on every exception, on Ctrl-C, and on the termination
  signals a process can catch (``SIGTERM``, ``SIGHUP``, ``SIGQUIT``,
  ``SIGUSR1``, ``SIGUSR2``, ``SIGALRM``, where their action is the
  default): the signal is held off until the temporary file is gone, then
  delivered again, so the process still ends as it would have.  A save killed
  by ``SIGKILL`` (or a power cut) can leave one behind: the next save to the
  same path removes temporary files whose writing process no longer exists.
"""

from __future__ import annotations

import contextlib
import errno
import os
import re
import secrets
import signal
import socket
import stat
import threading
import zlib
from typing import Any, Iterator

from ..errors import ArgumentTypeError, ArgumentValueError, LimitError, NotRegularFileError
from ..resources import get_limits

__all__ = ["write_atomic", "resolve_target", "temp_files", "TERMINATING_SIGNALS", "read_regular", "read_input", "read_stream"]

#: Signals whose default action ends the process, caught while a temporary file exists.
TERMINATING_SIGNALS = tuple(
    getattr(signal, name)
    for name in ("SIGINT", "SIGTERM", "SIGHUP", "SIGQUIT", "SIGUSR1", "SIGUSR2", "SIGALRM")
    if hasattr(signal, name)
)

_HOST = f"{zlib.crc32(socket.gethostname().encode('utf-8', 'replace')):08x}"
_ACTIVE: set[str] = set()  # temporary files this process is writing right now
_ACTIVE_LOCK = threading.Lock()


def _kind(mode: int) -> str:
    for test, name in (
        (stat.S_ISFIFO, "a FIFO (named pipe)"),
        (stat.S_ISCHR, "a character device"),
        (stat.S_ISBLK, "a block device"),
        (stat.S_ISSOCK, "a socket"),
    ):
        if test(mode):
            return name
    return "not a regular file"


def resolve_target(path: str, func: str) -> tuple[str, os.stat_result | None]:
    """The file that writing ``path`` must replace (symbolic links followed) and its status (None: new).

    Raises [`NotRegularFileError`][gentensor.errors.NotRegularFileError] for FIFOs, devices and sockets,
    ``IsADirectoryError`` for a directory.
    """
    real = os.path.realpath(path)
    try:
        st = os.stat(real)
    except FileNotFoundError:
        return real, None
    except OSError as e:
        if e.errno == errno.ELOOP:
            raise OSError(e.errno, f"{func}: cannot write {path} (got a loop of symbolic links)", path) from None
        raise
    if stat.S_ISDIR(st.st_mode):
        raise IsADirectoryError(errno.EISDIR, f"{func}: cannot write {path} (got a directory); name a file in it", path)
    if not stat.S_ISREG(st.st_mode):
        shown = path if real == os.path.abspath(path) else f"{path} (which leads to {real})"
        raise NotRegularFileError(
            f"{func}: {shown} is not a regular file (got {_kind(st.st_mode)}); "
            "it writes regular files only, replacing them atomically; to write to a pipe or a device, "
            "pass a file object opened on it"
        )
    return real, st


def read_regular(path: str, func: str) -> bytes:
    """The bytes of the regular file ``path``, refused *before* reading when it is not one or is too large.

    The file is opened without blocking (a FIFO with no writer would block
    ``open`` itself), then checked: a FIFO, a device such as ``/dev/zero`` or
    a socket raises [`NotRegularFileError`][gentensor.errors.NotRegularFileError], a directory
    ``IsADirectoryError``, a file of more than ``max_file_bytes`` bytes
    [`LimitError`][gentensor.errors.LimitError].  A file that grows while it is read is cut at
    the limit and refused the same way.

    Examples
    --------
    >>> import os, tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     path = os.path.join(folder, "f")
    ...     with open(path, "w") as f:
    ...         _ = f.write("[1]")
    ...     read_regular(path, "load")
    b'[1]'
    """
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_BINARY", 0)
    fd = os.open(path, flags)
    try:
        st = os.fstat(fd)
        if stat.S_ISDIR(st.st_mode):
            raise IsADirectoryError(errno.EISDIR, f"{func}: cannot read {path} (got a directory); name a file in it", path)
        if not stat.S_ISREG(st.st_mode):
            raise NotRegularFileError(
                f"{func}: {path} is not a regular file (got {_kind(st.st_mode)}); it reads regular files only; "
                "to read from a pipe or a device, pass a file object opened on it"
            )
        limit = get_limits().max_file_bytes
        _check_size(st.st_size, limit, func, path)
        if hasattr(os, "set_blocking"):
            os.set_blocking(fd, True)
        with os.fdopen(fd, "rb") as f:
            fd = -1  # the file object owns it now
            data = f.read(limit + 1)
    finally:
        if fd >= 0:
            os.close(fd)
    _check_size(len(data), limit, func, path)
    return data


def read_input(path: str, func: str) -> bytes:
    """The bytes of a matrix file for the command line: a regular file, a pipe or a terminal, at most ``max_file_bytes``.

    Unlike [`read_regular`][gentensor.io._files.read_regular] it reads pipes (``<(command)``, a FIFO a
    program writes) and a terminal, as the shell's tools do; a device that
    is neither (``/dev/zero``, ``/dev/urandom``, a disk) would give bytes
    without end and raises [`NotRegularFileError`][gentensor.errors.NotRegularFileError] before reading.

    Examples
    --------
    >>> read_input("/dev/zero", "det")  # doctest: +SKIP
    Traceback (most recent call last):
    ...
    gentensor.errors.NotRegularFileError: det: /dev/zero is a device that gives bytes without end (got a character device); ...
    """
    with open(path, "rb") as f:
        mode = os.fstat(f.fileno()).st_mode
        if (stat.S_ISCHR(mode) or stat.S_ISBLK(mode)) and not f.isatty():
            raise NotRegularFileError(
                f"{func}: {path} is a device that gives bytes without end (got {_kind(mode)}); "
                "name a file, a pipe, or - for standard input"
            )
        data = read_stream(f, func, path)
    return data  # type: ignore[no-any-return]


def read_stream(f: Any, func: str, name: str) -> Any:
    """Everything an open file object gives, at most ``max_file_bytes`` of it (more raises `LimitError`)."""
    limit = get_limits().max_file_bytes
    data = f.read(limit + 1)
    if isinstance(data, (bytearray, memoryview)):
        data = bytes(data)
    if data is None:
        raise ArgumentValueError(
            f"{func}: {name} gave nothing to read (its read() returned None: a non-blocking stream with no data yet); "
            "pass a blocking file object, or read the data first and pass it as io.BytesIO(data)"
        )
    if not isinstance(data, (bytes, str)):
        raise ArgumentTypeError(
            f"{func}: {name}'s read() must return bytes or str (got {type(data).__name__}); "
            "pass a file opened with open(path, 'rb') or io.BytesIO(data)"
        )
    _check_size(len(data), limit, func, name)
    return data


def _check_size(size: int, limit: int, func: str, path: str) -> None:
    if size > limit:
        has = f"more than max_file_bytes={limit} bytes" if size == limit + 1 else f"{size} bytes, more than max_file_bytes={limit}"
        raise LimitError(f"{func}: {path} has {has}; raise it with gt.limits(max_file_bytes=...)")


def _prefix(name: str) -> str:
    return f".{name[:120]}."


def temp_files(folder: str, name: str) -> list[str]:
    """The temporary files of saves to ``folder/name`` (any process's), by their names.

    Examples
    --------
    >>> temp_files("/nonexistent-folder", "x.json")
    []
    """
    pattern = re.compile(re.escape(_prefix(name)) + r"([0-9a-f]{8})-(\d+)-[0-9a-f]{12}\.tmp\Z")
    try:
        with os.scandir(folder) as it:
            return [entry.name for entry in it if pattern.match(entry.name)]
    except OSError:
        return []


def _stale(folder: str, name: str) -> list[str]:
    """Temporary files of saves to ``folder/name`` whose writing process is gone (this host only)."""
    if os.name != "posix":  # no cheap, safe test of another process's existence
        return []
    stale = []
    pattern = re.compile(re.escape(_prefix(name)) + r"([0-9a-f]{8})-(\d+)-[0-9a-f]{12}\.tmp\Z")
    for entry in temp_files(folder, name):
        match = pattern.match(entry)
        if match is None or match.group(1) != _HOST:
            continue
        pid = int(match.group(2))
        full = os.path.join(folder, entry)
        if pid == os.getpid():
            with _ACTIVE_LOCK:
                if full in _ACTIVE:
                    continue
            stale.append(full)
            continue
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            stale.append(full)
        except (PermissionError, OverflowError):
            pass  # alive (another user's) or not a pid at all
    return stale


@contextlib.contextmanager
def _signals_held() -> Iterator[None]:
    """Turn terminating signals into an exception while the block runs, then deliver them again.

    Only in the main thread (Python delivers signals there), and only for
    signals whose action is the default (a program's own handlers run as
    they would).  The first signal raises `_Terminated` inside the
    block, so its ``except``/``finally`` clauses clean up; when the block has
    ended the original action is restored and the signal raised again.
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    caught: list[int] = []

    def handler(signum: int, frame: Any) -> None:
        if not caught:
            caught.append(signum)
            raise _Terminated(signum)
        caught.append(signum)

    previous = {}
    try:
        for sig in TERMINATING_SIGNALS:
            old = signal.getsignal(sig)
            if old is signal.SIG_DFL:  # (Python's own Ctrl-C handler raises KeyboardInterrupt: cleaned up too)
                previous[sig] = old
                signal.signal(sig, handler)
        yield
    except _Terminated:
        pass  # delivered again below, with its original action
    finally:
        for sig, old in previous.items():
            signal.signal(sig, old)
        if caught:
            signal.raise_signal(caught[0])
            # Still here (the signal is blocked): the save did not happen, so do not carry on as if it had.
            raise SystemExit(128 + caught[0])


class _Terminated(BaseException):
    """A terminating signal arrived while a temporary file existed (raised only inside `_signals_held`)."""


def write_atomic(path: str | os.PathLike[str], text: str, func: str = "save") -> None:
    """Write ``text`` (UTF-8) to ``path`` through a temporary file that replaces the target once complete.

    See the module docstring for symbolic links, non-regular files, hard
    links, signals and stale temporary files.

    Examples
    --------
    >>> import tempfile
    >>> from pathlib import Path
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     target, link = Path(folder, "data.json"), Path(folder, "link.json")
    ...     link.symlink_to(target)
    ...     write_atomic(link, "[1]")
    ...     print(link.is_symlink(), target.read_text(), sorted(p.name for p in Path(folder).iterdir()))
    True [1] ['data.json', 'link.json']
    """
    shown = os.fsdecode(os.fspath(path))
    target, st = resolve_target(shown, func)
    folder, name = os.path.split(target)
    for old in _stale(folder, name):
        with contextlib.suppress(OSError):
            os.unlink(old)
    tmp = os.path.join(folder, f"{_prefix(name)}{_HOST}-{os.getpid()}-{secrets.token_hex(6)}.tmp")
    data = text.encode("utf-8")
    with _signals_held():
        with _ACTIVE_LOCK:
            _ACTIVE.add(tmp)
        try:
            fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)  # the umask applies, as for open()
            try:
                view = memoryview(data)
                while view:
                    view = view[os.write(fd, view) :]
                os.fsync(fd)
            finally:
                os.close(fd)
            if st is not None:
                os.chmod(tmp, stat.S_IMODE(st.st_mode))  # keep the existing file's permissions
                if hasattr(os, "geteuid") and os.geteuid() == 0:
                    with contextlib.suppress(OSError):
                        os.chown(tmp, st.st_uid, st.st_gid)  # and, for root, its owner
            os.replace(tmp, target)
        except BaseException:
            with contextlib.suppress(FileNotFoundError):
                os.unlink(tmp)
            raise
        finally:
            with _ACTIVE_LOCK:
                _ACTIVE.discard(tmp)
