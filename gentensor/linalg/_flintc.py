"""FLINT's C functions on packed words: a matrix copied straight into an ``nmod_mat`` or ``fmpz_mat`` (``ctypes``).

python-flint builds a matrix only element by element from Python objects:
about 70 ns an entry, 4-7 times FLINT's own determinant of an 80x80 matrix
mod p.  The FLINT library that python-flint has loaded exports the C
functions that make and use an ``nmod_mat``, so a packed matrix of residues
(int64 words in ``[0, p)``, the same bits as FLINT's unsigned limbs) goes in
with one ``memmove`` per matrix and never becomes Python ints.  Integers go
the same way into an ``fmpz_mat`` when every word is at most ``2**62 - 1`` in
absolute value: FLINT keeps such an ``fmpz`` in the word itself (its
documented encoding; larger ones are pointers, never written here), and the
determinant comes back through ``fmpz_get_str`` whatever its size.

This route is taken only when every check below passes, once per process;
otherwise `determinant` answers ``None`` and the caller takes python-flint's
route, so the answer never depends on it:

- python-flint is importable and allowed (``GENTENSOR_NO_FLINT`` unset);
- the process has loaded exactly one library file named ``libflint*``
  (found in ``/proc/self/maps``, so Linux only);
- that library's ``flint_version`` is python-flint's ``__FLINT_VERSION__`` and
  FLINT 3 (the C signatures declared here are FLINT 3's);
- a self-test: entries written through ``nmod_mat_entry_ptr`` read back
  through ``nmod_mat_get_entry``, and determinants, ranks, reduced forms,
  inverses and solutions of fixed matrices equal python-flint's; the
  ``fmpz_mat`` functions pass their own (entries read back through
  ``fmpz_get_si``; determinants, some past the word, and ranks equal
  python-flint's) or only the integer route stays off.

The providers decline matrices of fewer than `SMALLEST` entries, where the
route's fixed cost exceeds the pure-Python elimination.

A matrix's rows are written with one copy when FLINT's row pointers show
one C-ordered block, else row by row.  The GIL is released during the C
calls (``ctypes.CDLL``); like python-flint's own calls they cannot be
interrupted midway.
"""

from __future__ import annotations

import ctypes
import threading
from typing import Any, Optional

from ..ops import ElementOps, capabilities_of
from . import _fast

__all__ = [
    "available",
    "determinant",
    "inverse",
    "rank",
    "rref",
    "solve",
    "det_words_modp",
    "rank_words_modp",
    "rref_words_modp",
    "solve_words_modp",
    "inv_words_modp",
    "int_determinant",
    "int_rank",
    "det_words_int",
    "rank_words_int",
]

#: The bytes allocated for one ``nmod_mat_struct`` (FLINT 3's is seven words): room to spare, never read here.
_STRUCT_BYTES = 256

_lock = threading.Lock()
_checked = False
_lib: Any = None
_with_fmpz = False  # the fmpz_mat functions passed their own self-test too

#: FLINT's largest ``fmpz`` held in the word itself (``COEFF_MAX``, ``2**62 - 1`` on 64-bit); past it the word
#: is a pointer, so only words within ``[-_COEFF_MAX, _COEFF_MAX]`` are copied into an ``fmpz_mat``.
_COEFF_MAX = 2**62 - 1

#: Matrices of fewer entries than this are declined by the providers: the C route's fixed cost (about 10 us
#: of ctypes calls) exceeds the pure-Python elimination's whole time there.
SMALLEST = 49


def _library_path() -> Optional[str]:
    """The one ``libflint*`` file mapped into this process, or ``None`` (none, several, or no ``/proc``)."""
    try:
        with open("/proc/self/maps", encoding="utf-8", errors="replace") as maps:
            found = {line.split(None, 5)[-1].strip() for line in maps if "/libflint" in line}
    except OSError:
        return None
    paths = {path for path in found if path.rsplit("/", 1)[-1].startswith("libflint")}
    return paths.pop() if len(paths) == 1 else None


def _declare(lib: Any) -> None:
    """FLINT 3's signatures of the functions used (``slong``/``ulong`` are 64-bit words)."""
    word, uword, pointer = ctypes.c_int64, ctypes.c_uint64, ctypes.c_void_p
    for name, argtypes, restype in (
        ("nmod_mat_init", [pointer, word, word, uword], None),
        ("nmod_mat_clear", [pointer], None),
        ("nmod_mat_entry_ptr", [pointer, word, word], pointer),
        ("nmod_mat_get_entry", [pointer, word, word], uword),
        ("nmod_mat_det", [pointer], uword),
        ("nmod_mat_rank", [pointer], word),
        ("nmod_mat_inv", [pointer, pointer], ctypes.c_int),
        ("nmod_mat_rref", [pointer], word),
        ("nmod_mat_solve", [pointer, pointer, pointer], ctypes.c_int),
    ):
        function = getattr(lib, name)
        function.argtypes = argtypes
        function.restype = restype


def _load() -> Any:
    """The checked library (see the module's docstring), or ``None``."""
    flint = _fast.flint_module()
    if flint is None or ctypes.sizeof(ctypes.c_void_p) != 8:
        return None
    version = str(getattr(flint, "__FLINT_VERSION__", ""))
    path = _library_path()
    if path is None or not version.startswith("3."):
        return None
    try:
        lib = ctypes.CDLL(path)
        stored = ctypes.string_at(ctypes.addressof(ctypes.c_char.in_dll(lib, "flint_version")), 32)
        if stored.split(b"\0", 1)[0].decode("ascii", "replace") != version:
            return None
        _declare(lib)
        rng = _Draws(20261126)  # (not numpy.random: importing it would double the cost of this check)
        for n, p in ((1, 2), (3, 3), (5, 65521), (7, 2**31 - 1), (12, 4294967291), (6, 5)):
            a = rng.integers(0, p - 1, (n, n + 1))
            a[-1, :] = (a[0, :] * 2) % p if n == 6 else a[-1, :]  # one singular matrix
            square, theirs = a[:, :n].copy(), flint.nmod_mat(a[:, :n].tolist(), p)
            if _det(lib, square, p, check=True) != int(theirs.det()):
                return None
            if _rank(lib, a, p) != flint.nmod_mat(a.tolist(), p).rank():
                return None
            form, _ = _rref(lib, a, p)
            theirs_form, theirs_rank = flint.nmod_mat(a.tolist(), p).rref()
            if form.tolist() != _rows(theirs_form):
                return None
            right = a[:, n:]  # one more column: a right-hand side
            x = _solve(lib, square, right.copy(), p)
            if (x is None) != (theirs.det() == 0) or (
                x is not None and x.tolist() != _rows(theirs.solve(flint.nmod_mat(right.tolist(), p)))
            ):
                return None
            mine = _inverse(lib, square, p)
            if (mine is None) != (theirs.det() == 0) or (mine is not None and mine.tolist() != _rows(theirs.inv())):
                return None
    except (OSError, AttributeError, ValueError, TypeError):
        return None
    global _with_fmpz
    _with_fmpz = _fmpz_checked(lib, flint, rng)
    return lib


class _Draws:
    """Fixed pseudo-random int64 matrices for the self-tests, from Python's ``random`` (inclusive bounds)."""

    def __init__(self, seed: int) -> None:
        import random

        self.random = random.Random(seed)

    def integers(self, low: int, high: int, shape: tuple[int, int]) -> Any:
        import numpy as np

        m, n = shape
        return np.array([[self.random.randint(low, high) for _ in range(n)] for _ in range(m)], dtype=np.int64)


def _fmpz_checked(lib: Any, flint: Any, rng: Any) -> bool:
    """Whether the ``fmpz_mat`` functions exist and pass their self-test: words written into the entries read
    back through ``fmpz_get_si``, and determinants (some past the word) and ranks equal python-flint's."""
    import numpy as np

    word, pointer = ctypes.c_int64, ctypes.c_void_p
    try:
        for name, argtypes, restype in (
            ("fmpz_mat_init", [pointer, word, word], None),
            ("fmpz_mat_clear", [pointer], None),
            ("fmpz_mat_entry", [pointer, word, word], pointer),
            ("fmpz_mat_det", [pointer, pointer], None),
            ("fmpz_mat_rank", [pointer], word),
            ("fmpz_get_si", [pointer], word),
            ("fmpz_get_str", [pointer, ctypes.c_int, pointer], pointer),
            ("fmpz_clear", [pointer], None),
            ("flint_free", [pointer], None),
        ):
            function = getattr(lib, name)
            function.argtypes = argtypes
            function.restype = restype
        for n, bound in ((1, 5), (4, 100), (9, _COEFF_MAX), (8, 3), (13, 2**40)):
            a = rng.integers(-bound, bound, (n, n + 2))
            if n == 8:
                a[-1, :] = a[0, :] - a[1, :]  # rank deficient
            square = a[:, :n].copy()
            with _Integers(lib) as made:
                mat = made.new(n, n, square)
                if any(lib.fmpz_get_si(lib.fmpz_mat_entry(mat, i, j)) != v for (i, j), v in np.ndenumerate(square)):
                    return False
            theirs = flint.fmpz_mat(square.tolist())
            if _int_det(lib, square) != int(theirs.det()) or _int_rank(lib, a) != flint.fmpz_mat(a.tolist()).rank():
                return False
    except (AttributeError, ValueError, TypeError):
        return False
    return True


def _rows(mat: Any) -> list[list[int]]:
    entries = [int(v) for v in mat.entries()]
    n = mat.ncols()
    return [entries[i : i + n] for i in range(0, len(entries), n)]


def available() -> bool:
    """Whether the C route is usable in this process (checked once, at the first call).

    Examples
    --------
    >>> isinstance(available(), bool)
    True
    """
    global _checked, _lib
    if not _checked:
        with _lock:
            if not _checked:
                _lib = _load()
                _checked = True
    return _lib is not None


def _rows_at(entry: Any, mat: Any, m: int, n: int) -> list[int]:
    """The addresses of ``mat``'s rows (``entry`` is the matrix type's entry-address function): one C-ordered
    block when FLINT's row pointers say so (three checked)."""
    row_bytes = 8 * n
    first = entry(mat, 0, 0)
    last = entry(mat, m - 1, 0)
    second = entry(mat, 1, 0) if m > 1 else first + row_bytes
    if second - first == row_bytes and last - first == (m - 1) * row_bytes:
        return [first]
    return [entry(mat, i, 0) for i in range(m)]


def _write(entry: Any, mat: Any, a: Any) -> None:
    """Copy the C-contiguous int64 ``(m, n)`` array ``a`` into the matrix ``mat`` of that shape, whose entries are
    one word each (``nmod_mat`` residues, or ``fmpz`` values of at most ``_COEFF_MAX``)."""
    m, n = a.shape
    rows = _rows_at(entry, mat, m, n)
    source, row_bytes = a.ctypes.data, 8 * n
    if len(rows) == 1:
        ctypes.memmove(rows[0], source, m * row_bytes)
    else:
        for i, address in enumerate(rows):
            ctypes.memmove(address, source + i * row_bytes, row_bytes)


def _read(lib: Any, mat: Any, m: int, n: int) -> Any:
    """The entries of the ``(m, n)`` ``nmod_mat`` ``mat`` as a new int64 array."""
    import numpy as np

    out = np.empty((m, n), dtype=np.int64)
    rows = _rows_at(lib.nmod_mat_entry_ptr, mat, m, n)
    target, row_bytes = out.ctypes.data, 8 * n
    if len(rows) == 1:
        ctypes.memmove(target, rows[0], m * row_bytes)
    else:
        for i, address in enumerate(rows):
            ctypes.memmove(target + i * row_bytes, address, row_bytes)
    return out


class _Matrices:
    """``nmod_mat``s made in C for one call, each cleared on exit (also when the call raises)."""

    def __init__(self, lib: Any, p: int) -> None:
        self.lib, self.p = lib, p
        self.made: list[Any] = []

    def new(self, m: int, n: int, a: Any = None) -> Any:
        mat = ctypes.create_string_buffer(_STRUCT_BYTES)
        self.lib.nmod_mat_init(mat, m, n, self.p)
        self.made.append(mat)
        if a is not None:
            _write(self.lib.nmod_mat_entry_ptr, mat, a)
        return mat

    def __enter__(self) -> "_Matrices":
        return self

    def __exit__(self, *exc: Any) -> None:
        for mat in self.made:
            self.lib.nmod_mat_clear(mat)


def _det(lib: Any, a: Any, p: int, check: bool = False) -> Optional[int]:
    """``det(a) mod p`` of the C-contiguous int64 ``(n, n)`` array ``a`` of residues; ``check`` reads every entry back."""
    n = a.shape[0]
    with _Matrices(lib, p) as made:
        mat = made.new(n, n, a)
        if check:
            flat = a.reshape(-1).tolist()
            if any(lib.nmod_mat_get_entry(mat, k // n, k % n) != v for k, v in enumerate(flat)):
                return None
            if not (_read(lib, mat, n, n) == a).all():
                return None
        return int(lib.nmod_mat_det(mat))


def _residues(words: Any, p: int, square: bool) -> Any:
    """``words`` as a C-contiguous int64 matrix when the C route is usable and they are residues mod ``p``, else ``None``."""
    if not available() or not 2 <= p < 2**64:
        return None
    return _matrix_within(words, 0, p - 1, square)  # FLINT's limbs must be residues: a cheap proof, not a promise


def _matrix_within(words: Any, low: int, high: int, square: bool) -> Any:
    """``words`` as a C-contiguous int64 ``(m, n)`` matrix (square if asked, not empty) whose every word lies in
    ``[low, high]`` (one min and one max), else ``None``."""
    import numpy as np

    a = np.ascontiguousarray(words, dtype=np.int64)
    if a.ndim != 2 or 0 in a.shape or (square and a.shape[0] != a.shape[1]):
        return None
    if int(a.min()) < low or int(a.max()) > high:
        return None
    return a


def determinant(words: Any, p: int) -> Optional[int]:
    """``det mod p`` of an ``(n, n)`` array of residues in ``[0, p)`` (``p`` prime), or ``None`` when the C route is unusable.

    Examples
    --------
    >>> import numpy as np
    >>> found = determinant(np.array([[3, 1], [4, 1]]), 7)
    >>> found is None or found == (3 * 1 - 1 * 4) % 7
    True
    """
    a = _residues(words, p, square=True)
    return None if a is None else _det(_lib, a, p)


def rank(words: Any, p: int) -> Optional[int]:
    """The rank mod ``p`` (prime) of an ``(m, n)`` array of residues, or ``None`` when the C route is unusable.

    Examples
    --------
    >>> import numpy as np
    >>> rank(np.array([[1, 2], [2, 4]]), 7) in (None, 1)
    True
    """
    a = _residues(words, p, square=False)
    return None if a is None else _rank(_lib, a, p)


def _rank(lib: Any, a: Any, p: int) -> int:
    with _Matrices(lib, p) as made:
        m, n = a.shape
        return int(lib.nmod_mat_rank(made.new(m, n, a)))


def inverse(words: Any, p: int) -> Any:
    """The inverse mod ``p`` (prime) of an ``(n, n)`` array of residues as an int64 array; ``None`` when it is
    singular or the C route is unusable (the caller's own path then decides which).

    Examples
    --------
    >>> import numpy as np
    >>> found = inverse(np.array([[2, 1], [1, 1]]), 7)
    >>> found is None or found.tolist() == [[1, 6], [6, 2]]
    True
    """
    a = _residues(words, p, square=True)
    return None if a is None else _inverse(_lib, a, p)


def _inverse(lib: Any, a: Any, p: int) -> Any:
    n = a.shape[0]
    with _Matrices(lib, p) as made:
        result = made.new(n, n)
        if not lib.nmod_mat_inv(result, made.new(n, n, a)):
            return None
        return _read(lib, result, n, n)


def rref(words: Any, p: int) -> Any:
    """``(reduced row echelon form as an int64 array, pivot columns)`` mod ``p`` (prime) of an ``(m, n)`` array of
    residues, or ``None`` when the C route is unusable.

    Examples
    --------
    >>> import numpy as np
    >>> found = rref(np.array([[2, 4, 2], [1, 3, 4]]), 7)
    >>> found is None or (found[0].tolist(), found[1]) == ([[1, 0, 2], [0, 1, 3]], (0, 1))
    True
    """
    a = _residues(words, p, square=False)
    return None if a is None else _rref(_lib, a, p)


def _rref(lib: Any, a: Any, p: int) -> tuple[Any, tuple[int, ...]]:
    import numpy as np

    m, n = a.shape
    with _Matrices(lib, p) as made:
        mat = made.new(m, n, a)
        rank = int(lib.nmod_mat_rref(mat))
        form = _read(lib, mat, m, n)
    pivots = tuple(int(j) for j in np.argmax(form[:rank] != 0, axis=1))  # each pivot row's first non-zero: its 1
    return form, pivots


def solve(a_words: Any, b_words: Any, p: int) -> Any:
    """``x`` with ``a @ x == b`` mod ``p`` (prime) for an ``(n, n)`` and an ``(n, k)`` array of residues, as an int64
    array; ``None`` when ``a`` is singular or the C route is unusable (the caller's own path decides which).

    Examples
    --------
    >>> import numpy as np
    >>> found = solve(np.array([[2, 1], [1, 1]]), np.array([[3], [2]]), 7)
    >>> found is None or found.tolist() == [[1], [1]]
    True
    """
    a = _residues(a_words, p, square=True)
    b = _residues(b_words, p, square=False)
    if a is None or b is None or b.shape[0] != a.shape[0]:
        return None
    return _solve(_lib, a, b, p)


def _solve(lib: Any, a: Any, b: Any, p: int) -> Any:
    n, k = b.shape
    with _Matrices(lib, p) as made:
        x = made.new(n, k)
        if not lib.nmod_mat_solve(x, made.new(n, n, a), made.new(n, k, b)):
            return None
        return _read(lib, x, n, k)


# -- integers: words of at most ``_COEFF_MAX`` are FLINT ``fmpz`` values, copied into an ``fmpz_mat`` ----------


class _Integers:
    """``fmpz_mat``s made in C for one call, each cleared on exit (also when the call raises)."""

    def __init__(self, lib: Any) -> None:
        self.lib = lib
        self.made: list[Any] = []

    def new(self, m: int, n: int, a: Any) -> Any:
        mat = ctypes.create_string_buffer(_STRUCT_BYTES)
        self.lib.fmpz_mat_init(mat, m, n)  # zeroed entries: small fmpz, nothing to free when overwritten
        self.made.append(mat)
        _write(self.lib.fmpz_mat_entry, mat, a)
        return mat

    def __enter__(self) -> "_Integers":
        return self

    def __exit__(self, *exc: Any) -> None:
        for mat in self.made:
            self.lib.fmpz_mat_clear(mat)


def _int_det(lib: Any, a: Any) -> int:
    n = a.shape[0]
    value = ctypes.c_int64(0)  # fmpz_init: the small fmpz 0
    with _Integers(lib) as made:
        lib.fmpz_mat_det(ctypes.byref(value), made.new(n, n, a))
    try:
        text = lib.fmpz_get_str(None, 16, ctypes.byref(value))  # any size: the string FLINT allocates
        try:
            return int(ctypes.string_at(text), 16)
        finally:
            lib.flint_free(text)
    finally:
        lib.fmpz_clear(ctypes.byref(value))


def _int_rank(lib: Any, a: Any) -> int:
    m, n = a.shape
    with _Integers(lib) as made:
        return int(lib.fmpz_mat_rank(made.new(m, n, a)))


def _small_words(words: Any, square: bool) -> Any:
    """``words`` as a C-contiguous int64 matrix when the ``fmpz`` route is usable and every word is at most
    ``_COEFF_MAX`` in absolute value (checked, one min/max), else ``None``."""
    if not available() or not _with_fmpz:
        return None
    return _matrix_within(words, -_COEFF_MAX, _COEFF_MAX, square)


def int_determinant(words: Any) -> Optional[int]:
    """The determinant of an ``(n, n)`` int64 array (entries at most ``2**62 - 1`` in absolute value) by FLINT's
    ``fmpz_mat_det``, or ``None`` when this route is unusable.

    Examples
    --------
    >>> import numpy as np
    >>> a = np.arange(1, 37).reshape(6, 6) ** 2
    >>> found = int_determinant(a)
    >>> found is None or found == 0
    True
    """
    a = _small_words(words, square=True)
    return None if a is None else _int_det(_lib, a)


def int_rank(words: Any) -> Optional[int]:
    """The rank over the rationals of an ``(m, n)`` int64 array (entries at most ``2**62 - 1`` in absolute
    value) by FLINT's ``fmpz_mat_rank``, or ``None`` when this route is unusable.

    Examples
    --------
    >>> import numpy as np
    >>> a = np.outer(np.arange(1, 7), np.arange(1, 8))
    >>> int_rank(a) in (None, 1)
    True
    """
    a = _small_words(words, square=False)
    return None if a is None else _int_rank(_lib, a)


# -- the providers (``"<operation>.words"`` of `._providers`, registered through `._flint.TABLE`) ----------------


def _modulus(ops: ElementOps) -> int:
    n = capabilities_of(ops).characteristic
    assert n  # the "modular-prime" family: Z/pZ
    return n


def _declined(found: Any) -> Any:
    return NotImplemented if found is None else found


def _small(words: Any) -> bool:
    """Whether a provider declines ``words`` for its size (see `SMALLEST`)."""
    return bool(words.size < SMALLEST)


def det_words_modp(words: Any, ops: ElementOps) -> Any:
    """``"det.words"`` mod a prime: one ``(n, n)`` array of packed residues copied into FLINT's ``nmod_mat``;
    ``NotImplemented`` where this route is unusable (the rows then go through python-flint)."""
    return NotImplemented if _small(words) else _declined(determinant(words, _modulus(ops)))


def rank_words_modp(words: Any, ops: ElementOps) -> Any:
    """``"rank.words"`` mod a prime: FLINT's ``nmod_mat_rank`` on one ``(m, n)`` array of packed residues."""
    return NotImplemented if _small(words) else _declined(rank(words, _modulus(ops)))


def rref_words_modp(words: Any, ops: ElementOps) -> Any:
    """``"rref.words"`` mod a prime: FLINT's ``nmod_mat_rref`` on packed residues, ``(form as int64, pivots)``."""
    return NotImplemented if _small(words) else _declined(rref(words, _modulus(ops)))


def solve_words_modp(a: Any, b: Any, ops: ElementOps) -> Any:
    """``"solve.words"`` mod a prime: FLINT's ``nmod_mat_solve`` on packed residues (``a`` square, ``b`` ``(n, k)``),
    ``x`` as an int64 array; ``NotImplemented`` for a singular ``a`` too (the rows path raises its usual error)."""
    return NotImplemented if _small(a) else _declined(solve(a, b, _modulus(ops)))


def det_words_int(words: Any, ops: ElementOps) -> Any:
    """``"det.words"`` of integers: FLINT's ``fmpz_mat_det`` on one ``(n, n)`` array of packed words (C, no
    Python ints in); ``NotImplemented`` where this route is unusable (the rows then go through python-flint)."""
    return NotImplemented if _small(words) else _declined(int_determinant(words))


def rank_words_int(words: Any, ops: ElementOps) -> Any:
    """``"rank.words"`` of integers: FLINT's ``fmpz_mat_rank`` on one ``(m, n)`` array of packed words (C)."""
    return NotImplemented if _small(words) else _declined(int_rank(words))


def inv_words_modp(words: Any, ops: ElementOps) -> Any:
    """``"inv.words"`` mod a prime: FLINT's ``nmod_mat_inv`` on packed residues, the inverse as an int64 array;
    ``NotImplemented`` for a singular matrix too (the rows path then raises its usual error)."""
    return NotImplemented if _small(words) else _declined(inverse(words, _modulus(ops)))
