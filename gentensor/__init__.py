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
from .io import interop as _interop
from . import linalg
from .linalg import matrix_power
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
    ArgumentTypeError,
    ArgumentValueError,
    AxisError,
    DomainError,
    FormatError,
    GentensorError,
    IndexingError,
    LimitError,
    NonSquareError,
    NotDivisibleError,
    OpsMismatchError,
    ReadOnlyError,
    ShapeError,
    SingularMatrixError,
    UndecidableError,
)
from .resources import Limits, get_limits, limits, set_limits
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
    ZeroTest,
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
    "ZeroTest",
    # display
    "printoptions",
    "get_printoptions",
    # resource limits and the zero test's budget
    "limits",
    "get_limits",
    "set_limits",
    "Limits",
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
    "IndexingError",
    "ArgumentTypeError",
    "ArgumentValueError",
    "LimitError",
    "UndecidableError",
    # linear algebra lives in the gt.linalg namespace (matrix_power also here, as NumPy has it)
    "linalg",
    "matrix_power",
]
# Each layer lists its public names in its own __all__.
__all__ += _composition.__all__ + _elementwise.__all__ + _reductions.__all__ + _products.__all__
__all__ += _parallel.__all__ + _interop.__all__
