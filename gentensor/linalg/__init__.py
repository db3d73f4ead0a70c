"""Exact linear algebra over any commutative ring: ``gt.linalg``.

Every function takes a matrix or a stack of matrices (leading axes are batch
axes), copies each matrix out as rows, lets `._policy` choose the
algorithm for the ring (from its capabilities, or a kernel provider the ops
has), and wraps the result in a new tensor.  [`explain`][gentensor.linalg.explain] says what runs.  For one
matrix, [`det`][gentensor.linalg.det] returns the element itself and [`rank`][gentensor.linalg.rank] an ``int``.

Exact answers need no tolerance: integers use fraction-free Bareiss
elimination, rationals are eliminated over the integers after clearing
denominators, SymPy expressions go through SymPy's polynomial rings, and
composite moduli never divide by a zero divisor.  See ``docs/linalg.md``.

Examples
--------
>>> import gentensor as gt
>>> a = gt.tensor([[2, 1], [1, 3]])
>>> gt.linalg.det(a), gt.linalg.inv(a).tolist()
(5, [[Fraction(3, 5), Fraction(-1, 5)], [Fraction(-1, 5), Fraction(2, 5)]])
"""

from __future__ import annotations

from typing import Any as _Any

from .._docs import public_dir as _public_dir
from ._providers import register_builtin_providers as _register_builtin_providers
from .measures import det, rank

_register_builtin_providers()

from ._policy import LinalgPlan
from .lattice import (
    HNFResult,
    IntegerSolutions,
    LLLResult,
    SNFResult,
    det_mod,
    elementary_divisors,
    hnf,
    integer_kernel,
    lll,
    snf,
    solve_integer,
)
from .eigen import (
    DiagonalizeResult,
    Eigenspace,
    JordanResult,
    charpoly,
    diagonalize,
    eigenvals,
    eigenvects,
    is_diagonalizable,
    jordan_form,
    left_eigenvects,
    minpoly,
)
from . import eigen as _eigen_names
from . import lattice as _lattice_names
from .wronskian import wronskian
from .decompositions import LDLResult, QRResult, cholesky, ldl, qr
from .solutions import GeneralSolution, LstsqResult, RankFactorization, gauss_jordan_solve, lstsq, pinv, rank_factorization
from .norms import matrix_norm, vector_norm
from .functions import fractional_power, matrix_exp, matrix_function, matrix_log, matrix_sqrt
from . import properties as _properties
from .properties import *  # noqa: F401,F403  (names listed in properties.__all__)
from . import minors as _minors
from .minors import *  # noqa: F401,F403  (names listed in minors.__all__)
from . import solvers as _solvers
from .solvers import *  # noqa: F401,F403  (names listed in solvers.__all__)
from . import forms as _forms
from .forms import *  # noqa: F401,F403  (names listed in forms.__all__)

__all__ = [
    "det",
    "inv",
    "adjugate",
    "solve",
    "rank",
    "rref",
    "nullspace",
    "lu",
    "matrix_power",
    "explain",
    "RrefResult",
    "LUResult",
    "LinalgPlan",
    # the Wronskian (wronskian.py)
    "wronskian",
    # exact decompositions (decompositions.py), solutions (solutions.py) and norms (norms.py)
    "ldl",
    "cholesky",
    "qr",
    "rank_factorization",
    "pinv",
    "gauss_jordan_solve",
    "lstsq",
    "matrix_norm",
    "vector_norm",
    "LDLResult",
    "QRResult",
    "RankFactorization",
    "GeneralSolution",
    "LstsqResult",
    # functions of a matrix (functions.py)
    "matrix_exp",
    "matrix_log",
    "matrix_sqrt",
    "matrix_function",
    "fractional_power",
]
# integer lattices and normal forms (lattice.py), eigen-theory (eigen.py) and the rest, each from its module
__all__ += _lattice_names.__all__ + _eigen_names.__all__
__all__ += _properties.__all__ + _minors.__all__ + _solvers.__all__ + _forms.__all__


from .elimination import LUResult, RrefResult, adjugate, explain, inv, lu, matrix_power, nullspace, rref, solve  # noqa: E402


# -- the Array API's linalg extension ------------------------------------------------------
from . import arrayapi as _arrayapi  # noqa: E402
from .arrayapi import *  # noqa: E402,F401,F403  (names listed in arrayapi.__all__)

__all__ += _arrayapi.__all__

from .._hints import LINALG as _HINTS  # noqa: E402  (NumPy/SciPy spellings answered with a hint)


def __getattr__(name: str) -> _Any:
    hint = _HINTS.get(name)
    if hint is not None:
        raise AttributeError(f"module 'gentensor.linalg' has no attribute {name!r}; use {hint}")
    raise AttributeError(f"module 'gentensor.linalg' has no attribute {name!r}")


__dir__ = _public_dir(globals())

# `from __future__ import annotations` binds a name; the namespace holds only its public names.
del annotations
