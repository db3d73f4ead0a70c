"""How gt.save writes files: symbolic links, non-regular files, hard links, signals, stale temporary files,
file objects and paths, and saves from several threads.

Every test checks the file system afterwards: the target's content (loaded
back), what else is in the directory (no temporary file may remain), and
what the path is (a link stays a link, a FIFO stays a FIFO).
"""

from __future__ import annotations

import io
import os
import signal
import stat
import subprocess
import sys
import textwrap
import threading
from pathlib import Path

import pytest

import gentensor as gt
from gentensor.io import _files

ROOT = Path(__file__).resolve().parent.parent
posix_only = pytest.mark.skipif(os.name != "posix", reason="symbolic links, FIFOs and signals as tested here are POSIX")


def names(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


def saved(path: Path | str) -> list:
    return gt.load(path).tolist()


# -- symbolic links -------------------------------------------------------------------------


@posix_only
def test_save_writes_through_a_symlink_to_its_target(tmp_path: Path) -> None:
    data, links = tmp_path / "data", tmp_path / "links"
    data.mkdir()
    links.mkdir()
    target = data / "m.json"
    gt.save(target, gt.tensor([1, 2]))
    link = links / "m.json"
    link.symlink_to(os.path.relpath(target, links))  # a relative link, in another directory
    gt.save(link, gt.tensor([3, 4]))
    assert link.is_symlink() and os.readlink(link) == os.path.relpath(target, links)
    assert saved(target) == [3, 4] and saved(link) == [3, 4]
    assert names(data) == ["m.json"] and names(links) == ["m.json"]


@posix_only
def test_save_follows_a_chain_of_links_and_creates_a_dangling_target(tmp_path: Path) -> None:
    target = tmp_path / "real.json"
    (tmp_path / "b.json").symlink_to(target)  # dangling for now
    (tmp_path / "a.json").symlink_to(tmp_path / "b.json")
    gt.save(tmp_path / "a.json", gt.tensor([[5]]))
    assert target.is_file() and not target.is_symlink() and saved(target) == [[5]]
    assert (tmp_path / "a.json").is_symlink() and (tmp_path / "b.json").is_symlink()
    assert names(tmp_path) == ["a.json", "b.json", "real.json"]


@posix_only
def test_a_loop_of_links_is_a_clear_error(tmp_path: Path) -> None:
    (tmp_path / "a.json").symlink_to(tmp_path / "b.json")
    (tmp_path / "b.json").symlink_to(tmp_path / "a.json")
    with pytest.raises(OSError, match=r"save: cannot write .*a\.json \(got a loop of symbolic links\)"):
        gt.save(tmp_path / "a.json", gt.tensor([1]))
    assert names(tmp_path) == ["a.json", "b.json"]


# -- what is not a regular file ----------------------------------------------------------------


@posix_only
def test_a_fifo_is_refused_and_left_alone(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    with pytest.raises(gt.NotRegularFileError, match=r"^save: .*pipe\.json is not a regular file \(got a FIFO \(named pipe\)\); .*file object"):
        gt.save(fifo, gt.tensor([1]))
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)
    assert names(tmp_path) == ["pipe.json"]


@posix_only
def test_a_link_to_a_device_is_refused(tmp_path: Path) -> None:
    if not stat.S_ISCHR(os.stat("/dev/null").st_mode):
        pytest.skip("/dev/null is not a character device here")
    link = tmp_path / "out.json"
    link.symlink_to("/dev/null")
    with pytest.raises(gt.NotRegularFileError, match=r"out\.json \(which leads to /dev/null\) is not a regular file \(got a character device\)"):
        gt.save(link, gt.tensor([1]))
    assert link.is_symlink() and stat.S_ISCHR(os.stat("/dev/null").st_mode)
    assert isinstance(gt.NotRegularFileError("x"), OSError)


def test_a_directory_is_refused(tmp_path: Path) -> None:
    with pytest.raises(IsADirectoryError, match=r"save: cannot write .* \(got a directory\)"):
        gt.save(tmp_path, gt.tensor([1]))
    assert names(tmp_path) == []


# -- hard links: the documented choice --------------------------------------------------------


@pytest.mark.skipif(not hasattr(os, "link"), reason="no hard links on this platform")
def test_a_hard_linked_file_is_replaced_at_this_path_only(tmp_path: Path) -> None:
    """Atomic replacement wins over keeping the link: the other name keeps the old content."""
    path, other = tmp_path / "m.json", tmp_path / "other.json"
    gt.save(path, gt.tensor([1]))
    os.link(path, other)
    gt.save(path, gt.tensor([2]))
    assert saved(path) == [2] and saved(other) == [1]
    assert os.stat(path).st_nlink == 1 and names(tmp_path) == ["m.json", "other.json"]


# -- signals and stale temporary files ----------------------------------------------------------

WRITER = textwrap.dedent(
    """
    import os, sys
    import gentensor as gt

    real_fsync = os.fsync

    def fsync(fd):  # the temporary file is written; say so, then wait (a signal or EOF ends the wait)
        print("writing", flush=True)
        sys.stdin.read()
        real_fsync(fd)

    os.fsync = fsync
    gt.save(sys.argv[1], gt.tensor(list(range(1000))))
    print("saved", flush=True)
    """
)


def _writer(tmp_path: Path, target: Path) -> subprocess.Popen[str]:
    script = tmp_path / "writer.py"
    script.write_text(WRITER, encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])}
    proc = subprocess.Popen(
        [sys.executable, str(script), str(target)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    assert proc.stdout is not None
    line = proc.stdout.readline()  # blocks until the temporary file exists: an event, not a sleep
    assert line == "writing\n", proc.stderr.read() if proc.stderr else line
    return proc


def _finish(proc: subprocess.Popen[str]) -> int:
    try:
        return proc.wait(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(timeout=60)
        for stream in (proc.stdin, proc.stdout, proc.stderr):
            if stream is not None:
                stream.close()


@posix_only
@pytest.mark.parametrize("sig", ["SIGTERM", "SIGHUP", "SIGINT", "SIGUSR1"])
def test_a_signal_during_save_removes_the_temporary_file(tmp_path: Path, sig: str) -> None:
    folder = tmp_path / "data"
    folder.mkdir()
    target = folder / "m.json"
    gt.save(target, gt.tensor([7]))
    proc = _writer(tmp_path, target)
    assert len(_files.temp_files(str(folder), "m.json")) == 1  # mid-save: the temporary file exists
    proc.send_signal(getattr(signal, sig))
    code = _finish(proc)
    if sig != "SIGINT":
        assert code == -getattr(signal, sig)  # the process still ends by the signal
    assert names(folder) == ["m.json"] and saved(target) == [7]


@posix_only
def test_a_save_killed_outright_is_cleaned_by_the_next_save(tmp_path: Path) -> None:
    folder = tmp_path / "data"
    folder.mkdir()
    target = folder / "m.json"
    proc = _writer(tmp_path, target)
    proc.kill()  # SIGKILL: nothing can clean up
    _finish(proc)
    leftovers = _files.temp_files(str(folder), "m.json")
    assert len(leftovers) == 1 and not target.exists()
    unrelated = folder / ".other.json.0a1b2c3d-1-000000000000.tmp"  # another file's: not touched
    unrelated.write_text("x")
    gt.save(target, gt.tensor([1, 2]))
    assert names(folder) == [unrelated.name, "m.json"] and saved(target) == [1, 2]


@posix_only
def test_temporary_files_of_live_saves_are_kept(tmp_path: Path) -> None:
    """Another process's save in progress (its pid is alive) must not lose its temporary file."""
    target = tmp_path / "m.json"
    alive = os.getppid()
    live = tmp_path / f".m.json.{_files._HOST}-{alive}-0123456789ab.tmp"
    live.write_text("partial")
    foreign = tmp_path / ".m.json.ffffffff-999999999-0123456789ab.tmp"  # another host: never judged here
    foreign.write_text("partial")
    gt.save(target, gt.tensor([3]))
    assert live.exists() and foreign.exists() and saved(target) == [3]


def test_an_exception_during_save_removes_the_temporary_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "m.json"
    gt.save(target, gt.tensor([1]))

    def fail(*args: object) -> int:
        raise MemoryError("out of memory")

    monkeypatch.setattr(os, "write", fail)
    with pytest.raises(MemoryError):
        gt.save(target, gt.tensor([2]))
    monkeypatch.undo()
    assert names(tmp_path) == ["m.json"] and saved(target) == [1]


# -- file objects and paths ----------------------------------------------------------------------


def test_pathlib_str_and_bytes_paths(tmp_path: Path) -> None:
    x = gt.tensor([[1, 2], [3, 4]])
    gt.save(tmp_path / "a.json", x)
    gt.save(str(tmp_path / "b.json"), x)
    gt.save(os.fsencode(tmp_path / "c.json"), x)
    for name in ("a.json", "b.json", "c.json"):
        assert saved(tmp_path / name) == x.tolist() and saved(str(tmp_path / name)) == x.tolist()
    assert gt.load(os.fsencode(tmp_path / "c.json")).tolist() == x.tolist()


def test_file_objects_text_and_binary(tmp_path: Path) -> None:
    from fractions import Fraction

    x = gt.tensor([Fraction(1, 3), 2])
    for buffer in (io.StringIO(), io.BytesIO()):
        gt.save(buffer, x)
        buffer.seek(0)
        y = gt.load(buffer)
        assert y.ops is gt.rationals and y.tolist() == x.tolist()
    path = tmp_path / "f.json"
    with open(path, "w", encoding="utf-8") as f:
        gt.save(f, x)
    with open(path, "rb") as f:
        assert gt.load(f).tolist() == x.tolist()
    with open(path, "wb") as f:
        gt.save(f, x)
    with open(path, encoding="utf-8") as f:
        assert gt.load(f).tolist() == x.tolist()
    with open(path, "w", encoding="utf-8") as f:
        f.write("[1, 2")
    with open(path, encoding="utf-8") as f, pytest.raises(gt.FormatError, match=r"^load: .*f\.json: line 1"):
        gt.load(f)
    with pytest.raises(gt.FormatError, match=r"^load: <file object>: "):
        gt.load(io.BytesIO(b"{"))


def test_other_objects_are_refused_clearly() -> None:
    with pytest.raises(TypeError, match=r"save: expected a path \(str or pathlib\.Path\) or an open file object \(got int\)"):
        gt.save(3, gt.tensor([1]))  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"load: expected a path .* \(got NoneType\)"):
        gt.load(None)  # type: ignore[arg-type]


# -- threads ------------------------------------------------------------------------------------


def test_saves_from_several_threads_leave_one_whole_file(tmp_path: Path) -> None:
    target = tmp_path / "m.json"
    contents = [gt.tensor([k] * 500) for k in range(8)]
    errors: list[BaseException] = []
    go = threading.Barrier(8)

    def writer(k: int) -> None:
        try:
            go.wait(60)
            for _ in range(5):
                gt.save(target, contents[k])
        except BaseException as exc:
            errors.append(exc)

    threads = [threading.Thread(target=writer, args=(k,)) for k in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(120)
    assert errors == []
    y = gt.load(target).tolist()
    assert len(set(y)) == 1 and y[0] in range(8) and len(y) == 500
    assert names(tmp_path) == ["m.json"]
