"""gentensor: N-dimensional tensors over any element type, with exact linear algebra.

``import gentensor as gt``.  Every public name is re-exported here; the
modules below are the implementation (see ``docs/`` for the guide).

>>> import gentensor as gt
>>> x = gt.tensor([[2, 1], [1, 3]])
>>> x.T.tolist(), gt.shares_memory(x, x.T)
([[2, 1], [1, 3]], True)
"""

from __future__ import annotations

from .arrays import composition as _composition
from .compute import elementwise as _elementwise
from .compute import calculus as _calculus
from .compute.calculus import conjugate, hessian, jacobian, lambdify
from .io import interop as _interop
from . import linalg
from .linalg import matrix_power, wronskian
from . import parallel as _parallel
from .compute import products as _products
from .compute import reductions as _reductions
from .core import layers as _layers
from .core import operands as _operands
from .core.tensor import Tensor
from .arrays.composition import *  # noqa: F401,F403  (names listed in composition.__all__)
from .arrays.creation import arange, eye, fromfunction, full, ones, symbols, tensor, zeros
from .display import get_printoptions, printoptions
from .compute.elementwise import *  # noqa: F401,F403  (names listed in elementwise.__all__)
from .errors import (
    AxisError,
    DomainError,
    FormatError,
    GentensorError,
    InconsistentSystemError,
    NonSquareError,
    NotDiagonalizableError,
    NotDivisibleError,
    NotPositiveDefiniteError,
    OpsMismatchError,
    ReadOnlyError,
    ShapeError,
    SingularMatrixError,
)
from .arrays.manipulation import (
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
    rationals,
    register_ops,
    result_ops,
    symbolic,
)

from .parallel import *  # noqa: F401,F403  (names listed in parallel.__all__)
from .compute.products import *  # noqa: F401,F403  (names listed in products.__all__)
from .compute.reductions import *  # noqa: F401,F403  (names listed in reductions.__all__)

from .arrays import creation as _creation
from .arrays import manipulation as _manipulation
from .display import _rich
from . import display as _display

# Tensor's operators and methods reach the layers above it through this table
# (see gentensor/core/layers.py): the one way the core calls upward.
_layers.connect(
    operands=_operands,
    creation=_creation,
    manipulation=_manipulation,
    elementwise=_elementwise,
    calculus=_calculus,
    reductions=_reductions,
    products=_products,
    linalg=linalg,
    interop=_interop,
    display=_display,
    rich=_rich,
)

__version__ = "0.1.0"

__all__ = [
    # the tensor and its creation
    "Tensor",
    "tensor",
    "zeros",
    "ones",
    "full",
    "eye",
    "arange",
    "fromfunction",
    "symbols",
    # views
    "reshape",
    "permute_dims",
    "matrix_transpose",
    "moveaxis",
    "swapaxes",
    "squeeze",
    "expand_dims",
    "flip",
    "broadcast_to",
    "diagonal",
    "shares_memory",
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
    "register_ops",
    "result_ops",
    "Capabilities",
    "register_provider",
    "provider",
    "provider_info",
    # display
    "printoptions",
    "get_printoptions",
    # errors
    "GentensorError",
    "ShapeError",
    "AxisError",
    "NonSquareError",
    "OpsMismatchError",
    "DomainError",
    "NotDivisibleError",
    "SingularMatrixError",
    "ReadOnlyError",
    "FormatError",
    "NotDiagonalizableError",
    "NotPositiveDefiniteError",
    "InconsistentSystemError",
    # matrix calculus and symbolic tools (gentensor.compute.calculus; wronskian from gt.linalg)
    "jacobian",
    "hessian",
    "wronskian",
    "conjugate",
    "lambdify",
    # linear algebra lives in the gt.linalg namespace (matrix_power also here, as NumPy has it)
    "linalg",
    "matrix_power",
]
# Each layer lists its public names in its own __all__.
__all__ += _composition.__all__ + _elementwise.__all__ + _reductions.__all__ + _products.__all__
__all__ += _parallel.__all__ + _interop.__all__
