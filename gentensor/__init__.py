"""gentensor: N-dimensional tensors over any element type, with exact linear algebra.

``import gentensor as gt``.  Every public name is re-exported here; the
modules below are the implementation (see ``docs/`` for the guide).

Examples
--------
>>> import gentensor as gt
>>> x = gt.tensor([[2, 1], [1, 3]])
>>> x.T.tolist(), gt.shares_memory(x, x.T)
([[2, 1], [1, 3]], True)
"""

from __future__ import annotations

import sys as _sys

from ._docs import public_dir as _public_dir
from typing import Any as _Any

from .arrays import composition as _composition
from .compute import elementwise as _elementwise
from .compute import calculus as _calculus
from .compute.calculus import hessian, jacobian, lambdify
from .io import interop as _interop
from . import linalg
from .linalg import matrix_power, wronskian
from . import parallel as _parallel
from .compute import products as _products
from .compute import reductions as _reductions
from .core import operands as _operands
from .core.tensor import Tensor
from .arrays.composition import *  # noqa: F401,F403  (names listed in composition.__all__)
from .arrays.creation import *  # noqa: F401,F403  (names listed in creation.__all__)
from .arrays.grids import *  # noqa: F401,F403  (names listed in grids.__all__)
from .arrays.shaping import *  # noqa: F401,F403  (names listed in shaping.__all__)
from .arrays.padding import *  # noqa: F401,F403  (names listed in padding.__all__)
from .arrays.dtypes import *  # noqa: F401,F403  (names listed in dtypes.__all__: aliases, constants, dtype functions)
from .display import get_printoptions, printoptions
from .compute.elementwise import *  # noqa: F401,F403  (names listed in elementwise.__all__)
from .compute.elementary import *  # noqa: F401,F403
from .compute.transcendental import *  # noqa: F401,F403
from .compute.bitwise import *  # noqa: F401,F403
from .compute.statistics import *  # noqa: F401,F403
from .compute.quantiles import *  # noqa: F401,F403
from .compute.membership import *  # noqa: F401,F403
from .compute.closeness import *  # noqa: F401,F403
from .compute.convolution import *  # noqa: F401,F403
from .compute.searching import *  # noqa: F401,F403
from .compute.sorting import *  # noqa: F401,F403
from .compute.sets import *  # noqa: F401,F403
from .errors import (
    ArgumentTypeError,
    ArgumentValueError,
    AxisError,
    DomainError,
    FormatError,
    GentensorError,
    NoSolutionError,
    IndexingError,
    LimitError,
    NonSquareError,
    NotDiagonalizableError,
    NotDivisibleError,
    NotRegularFileError,
    NotPositiveDefiniteError,
    OpsMismatchError,
    ReadOnlyError,
    ShapeError,
    SingularMatrixError,
    UndecidableError,
)
from .resources import Limits, get_limits, limits, set_limits
from .arrays.manipulation import (
    broadcast_arrays,
    broadcast_to,
    diagonal,
    expand_dims,
    flip,
    matrix_transpose,
    moveaxis,
    permute_dims,
    reshape,
    shares_memory,
    squeeze,
    swapaxes,
)
from .io.interop import *  # noqa: F401,F403  (names listed in interop.__all__)
from .ops import (
    as_ops,
    BaseOps,
    Capabilities,
    ElementOps,
    provider,
    provider_info,
    register_provider,
    booleans,
    complexes,
    floats,
    integers,
    modular,
    objects,
    Packing,
    polynomials,
    rationals,
    register_ops,
    result_ops,
    symbolic,
    ZeroTest,
)

from .parallel import *  # noqa: F401,F403  (names listed in parallel.__all__)
from .compute.products import *  # noqa: F401,F403  (names listed in products.__all__)
from .compute.reductions import *  # noqa: F401,F403  (names listed in reductions.__all__)
from .compute.numtheory import *  # noqa: F401,F403  (names listed in numtheory.__all__)
from .compute import numtheory as _numtheory

from .arrays import creation as _creation
from .arrays import dtypes as _dtypes
from .arrays import grids as _grids
from .arrays import manipulation as _manipulation
from .arrays import shaping as _shaping
from .arrays import padding as _padding
from .compute import bitwise as _bitwise
from .compute import elementary as _elementary
from .compute import searching as _searching
from .compute import sets as _sets
from .compute import sorting as _sorting
from .compute import statistics as _statistics
from .compute import quantiles as _quantiles
from .compute import membership as _membership
from .compute import closeness as _closeness
from .compute import convolution as _convolution
from .compute import transcendental as _transcendental
from .display import rich as _rich
from . import display as _display
from . import _numpy_protocol
from . import errors as _errors
from . import _hints

__version__ = "0.1.0"

#: The version of the Array API standard this namespace follows (see docs/arrayapi.md).
__array_api_version__ = "2024.12"
__array_namespace_info__ = _dtypes.array_namespace_info

__all__ = [
    # the tensor
    "Tensor",
    # element operations
    "ElementOps",
    "BaseOps",
    "integers",
    "rationals",
    "symbolic",
    "floats",
    "complexes",
    "objects",
    "booleans",
    "modular",
    "polynomials",
    "register_ops",
    "result_ops",
    "as_ops",
    "Capabilities",
    "Packing",
    "register_provider",
    "provider",
    "provider_info",
    "ZeroTest",
    # display
    "printoptions",
    "get_printoptions",
    # resource limits and the zero test's budget
    "limits",
    "get_limits",
    "set_limits",
    "Limits",
    # matrix calculus and symbolic tools (gentensor.compute.calculus; wronskian from gt.linalg;
    # conjugate, the other name of conj, comes with the element functions)
    "jacobian",
    "hessian",
    "wronskian",
    "lambdify",
    # linear algebra lives in the gt.linalg namespace (matrix_power also here, as NumPy has it)
    "linalg",
    "matrix_power",
]
# Each layer lists its public names in its own __all__: the views, the errors, ...
__all__ += _manipulation.__all__ + _errors.__all__
__all__ += _creation.__all__ + _grids.__all__ + _shaping.__all__ + _padding.__all__ + _dtypes.__all__
__all__ += _composition.__all__ + _elementwise.__all__ + _reductions.__all__ + _products.__all__
__all__ += _elementary.__all__ + _transcendental.__all__ + _bitwise.__all__ + _statistics.__all__
__all__ += _searching.__all__ + _sorting.__all__ + _sets.__all__ + _quantiles.__all__ + _membership.__all__ + _closeness.__all__
__all__ += _convolution.__all__
__all__ += _parallel.__all__ + _interop.__all__ + _numtheory.__all__


def __getattr__(name: str) -> _Any:
    """A NumPy name gentensor spells differently (or does not have) raises with a hint (see ``gentensor._hints``)."""
    raise AttributeError(_hints.message(name))


__dir__ = _public_dir(globals())


# Tensor's operators and the methods served by the layers above are made from one table, last
# (see gentensor/_methods.py); NumPy's dispatch and __array_namespace__ find the namespace in _namespace.
from . import _namespace, _methods

_namespace.connect(_sys.modules[__name__])
_methods.install()

del annotations  # the __future__ feature name: compile-time only, not part of the namespace
