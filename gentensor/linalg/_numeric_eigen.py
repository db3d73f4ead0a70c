"""Eigen-theory of floating-point matrices, numerically: NumPy's LAPACK ``geev``.

Exact eigen-theory (`gentensor.linalg.eigen`) needs exact entries; a matrix
of floats or complex floats gets the numerical answer instead, as SymPy
gives one for a Matrix of Floats: eigenvalues from ``numpy.linalg.eig``
(LAPACK's QR algorithm), grouped when they are exactly equal, eigenvectors
normalised to unit 2-norm as LAPACK returns them.  Results are floats when
every eigenvalue is real, complex floats otherwise.  NumPy is imported here,
on first use.  The Jordan form is not computed for floats (it is not
continuous in the entries: any perturbation diagonalizes a defective matrix).
"""

from __future__ import annotations

from typing import Any

from ..core.tensor import Tensor
from ..ops import capabilities_of, complexes, floats
from ._stack import Stack, stack_of

__all__ = ["applies", "eigenvalues", "eigenvectors"]


def applies(x: Any, func: str) -> bool:
    """True when ``x`` holds floating-point numbers (an inexact ring): the numerical path answers."""
    from ..core.operands import as_tensor

    return not capabilities_of(as_tensor(x, func).ops).exact


def _arrays(stack: Stack, func: str) -> list[Any]:
    import numpy as np

    from ._lapack import check_finite

    out = []
    for m in stack.matrices:
        a = np.array([[complex(v) for v in row] for row in m], dtype=complex)
        check_finite(a, func)  # LAPACK refuses inf and NaN: say so in gentensor's words
        out.append(a.real.copy() if not a.imag.any() else a)  # real input: LAPACK's real routine (conjugate pairs exact)
    return out


def _scalars(values: Any) -> tuple[list[Any], Any]:
    """The values as Python floats when all are real, else complex; with the ops they live in."""
    if all(complex(v).imag == 0 for v in values):
        return [float(complex(v).real) for v in values], floats
    return [complex(v) for v in values], complexes


def eigenvalues(x: Any, func: str) -> tuple[Stack, list[list[Any]], Any]:
    """``(stack, per-matrix eigenvalues, ops)`` numerically (each list in LAPACK's order)."""
    import numpy as np

    stack = stack_of(x, func, square=True)
    found = [list(np.linalg.eigvals(a)) if a.size else [] for a in _arrays(stack, func)]
    flat, ops = _scalars([v for vs in found for v in vs])
    out, k = [], 0
    for vs in found:
        out.append(flat[k : k + len(vs)])
        k += len(vs)
    return stack, out, ops


def grouped(values: list[Any]) -> list[tuple[Any, int]]:
    """Exactly equal values merged, first appearance first."""
    out: list[tuple[Any, int]] = []
    for v in values:
        for i, (w, m) in enumerate(out):
            if w == v:
                out[i] = (w, m + 1)
                break
        else:
            out.append((v, 1))
    return out


def eigenvectors(x: Any, func: str) -> tuple[int, list[tuple[Any, int, Tensor[Any]]], Any]:
    """``(n, [(value, multiplicity, (n, k) basis)], P)`` for one matrix; ``P`` the matrix of all unit eigenvectors."""
    import numpy as np

    stack = stack_of(x, func, square=True)
    (a,) = _arrays(stack, func)
    n = stack.n
    if n == 0:
        return 0, [], Tensor._from_flat([], (0, 0), floats)
    w, v = np.linalg.eig(a)
    values, _ = _scalars(list(w))
    columns, ops = _scalars([v[i, j] for j in range(n) for i in range(n)])
    spaces = []
    for value, m in grouped(values):
        idx = [j for j in range(n) if values[j] == value]
        flat = [columns[j * n + i] for i in range(n) for j in idx]
        spaces.append((value, m, Tensor._from_flat(flat, (n, len(idx)), ops)))
    P = Tensor._from_flat([columns[j * n + i] for i in range(n) for j in range(n)], (n, n), ops)
    return n, spaces, P
