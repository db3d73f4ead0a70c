"""The Tensor methods that delegate to higher layers: reductions, linear algebra, SymPy, interop.

:class:`~gentensor._tensor.Tensor` inherits these; each imports its layer
inside the call (the layers sit above the tensor core and import it), so
``import gentensor`` stays fast and imports point down.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

if TYPE_CHECKING:
    from .tensor import Tensor

__all__ = ["LayerMethods"]


def _as_tensor(x: "LayerMethods") -> "Tensor[Any]":
    """``x`` itself, typed as the Tensor it is (only Tensor inherits the mixin)."""
    return x  # type: ignore[return-value]


class LayerMethods:
    """Mixin of :class:`~gentensor._tensor.Tensor`: the methods served by higher layers.

    >>> import gentensor as gt
    >>> gt.tensor([[1, 2], [3, 4]]).sum()
    10
    """

    __slots__ = ()

    # -- reductions and linear algebra (higher layers) --------------------------
    def sum(self, axis: Any = None, keepdims: bool = False) -> Any:
        """Sum over ``axis`` (all axes when ``None``); see :func:`gentensor.sum`."""
        from ..compute import reductions  # higher layer

        return reductions.sum(_as_tensor(self), axis=axis, keepdims=keepdims)

    def prod(self, axis: Any = None, keepdims: bool = False) -> Any:
        """Product over ``axis`` (all axes when ``None``); see :func:`gentensor.prod`."""
        from ..compute import reductions  # higher layer

        return reductions.prod(_as_tensor(self), axis=axis, keepdims=keepdims)

    def min(self, axis: Any = None, keepdims: bool = False) -> Any:
        """Smallest element over ``axis`` (all axes when ``None``); see :func:`gentensor.min`.

        >>> import gentensor as gt
        >>> x = gt.tensor([[3, 1], [2, 5]])
        >>> x.min(), x.min(axis=0).tolist()
        (1, [2, 1])
        """
        from ..compute import reductions  # higher layer

        return reductions.min(_as_tensor(self), axis=axis, keepdims=keepdims)

    def max(self, axis: Any = None, keepdims: bool = False) -> Any:
        """Largest element over ``axis`` (all axes when ``None``); see :func:`gentensor.max`.

        >>> import gentensor as gt
        >>> x = gt.tensor([[3, 1], [2, 5]])
        >>> x.max(), x.max(axis=1).tolist()
        (5, [3, 5])
        """
        from ..compute import reductions  # higher layer

        return reductions.max(_as_tensor(self), axis=axis, keepdims=keepdims)

    def all(self, axis: Any = None, keepdims: bool = False) -> Any:
        """True where every element over ``axis`` is non-zero; see :func:`gentensor.all`.

        >>> import gentensor as gt
        >>> x = gt.tensor([[1, 0], [2, 3]])
        >>> x.all(), x.all(axis=1).tolist()
        (False, [False, True])
        """
        from ..compute import reductions  # higher layer

        return reductions.all(_as_tensor(self), axis=axis, keepdims=keepdims)

    def any(self, axis: Any = None, keepdims: bool = False) -> Any:
        """True where some element over ``axis`` is non-zero; see :func:`gentensor.any`.

        >>> import gentensor as gt
        >>> x = gt.tensor([[0, 0], [2, 0]])
        >>> x.any(), x.any(axis=1).tolist()
        (True, [False, True])
        """
        from ..compute import reductions  # higher layer

        return reductions.any(_as_tensor(self), axis=axis, keepdims=keepdims)

    def det(self, *, method: str = "auto") -> Any:
        """Determinant; see :func:`gentensor.linalg.det`."""
        from .. import linalg  # higher layer

        return linalg.det(_as_tensor(self), method=method)

    def inv(self) -> "Tensor[Any]":
        """Exact inverse; see :func:`gentensor.linalg.inv`."""
        from .. import linalg  # higher layer

        return linalg.inv(_as_tensor(self))

    def rank(self) -> Any:
        """Rank; see :func:`gentensor.linalg.rank`."""
        from .. import linalg  # higher layer

        return linalg.rank(_as_tensor(self))

    # -- symbolic conveniences --------------------------------------------------
    def applyfunc(self, f: Callable[[Any], Any]) -> "Tensor[Any]":
        """``f`` applied to every element: :func:`gentensor.map` with one tensor."""
        from ..compute import elementwise  # higher layer

        return elementwise.map(f, _as_tensor(self))

    def subs(self, *args: Any, **kwargs: Any) -> "Tensor[Any]":
        """SymPy ``subs`` applied to every element; see :func:`gentensor.subs`.

        >>> import gentensor as gt, sympy
        >>> x = sympy.Symbol("x")
        >>> gt.tensor([x**2, x + 1]).subs(x, 2)
        tensor([4, 3], ops=symbolic)
        """
        from ..compute import elementwise  # higher layer

        return elementwise.subs(_as_tensor(self), *args, **kwargs)

    def diff(self, *symbols: Any) -> "Tensor[Any]":
        """The derivative of every element; see :func:`gentensor.diff`.

        >>> import gentensor as gt, sympy
        >>> x = sympy.Symbol("x")
        >>> gt.tensor([x**3, x + 1]).diff(x).tolist()
        [3*x**2, 1]
        """
        from ..compute import elementwise  # higher layer

        return elementwise.diff(_as_tensor(self), *symbols)

    def expand(self) -> "Tensor[Any]":
        """SymPy ``expand`` applied to every element; see :func:`gentensor.expand`.

        >>> import gentensor as gt, sympy
        >>> x = sympy.Symbol("x")
        >>> gt.tensor([(x + 1)**2]).expand().tolist()
        [x**2 + 2*x + 1]
        """
        from ..compute import elementwise  # higher layer

        return elementwise.expand(_as_tensor(self))

    def simplify(self) -> "Tensor[Any]":
        """SymPy ``simplify`` applied to every element; see :func:`gentensor.simplify`.

        >>> import gentensor as gt, sympy
        >>> x = sympy.Symbol("x")
        >>> gt.tensor([(x**2 - 1) / (x - 1), sympy.sin(x)**2 + sympy.cos(x)**2]).simplify().tolist()
        [x + 1, 1]
        """
        from ..compute import elementwise  # higher layer

        return elementwise.simplify(_as_tensor(self))

    def evalf(self, n: int = 15) -> "Tensor[Any]":
        """Every element evaluated numerically to ``n`` digits; see :func:`gentensor.evalf`.

        >>> import gentensor as gt, sympy
        >>> gt.tensor([sympy.pi, sympy.sqrt(2)]).evalf(5).tolist()
        [3.1416, 1.4142]
        """
        from ..compute import elementwise  # higher layer

        return elementwise.evalf(_as_tensor(self), n=n)

    # -- interop (a higher layer: NumPy and SymPy conversion, pickling) -----------
    def __array__(self, dtype: Any = None, copy: bool | None = None) -> Any:
        """A NumPy object array of the elements (used by ``np.asarray(x)``); see :mod:`gentensor.interop`.

        >>> import gentensor as gt, numpy as np
        >>> np.asarray(gt.tensor([[1, 2], [3, 4]]).T)
        array([[1, 3],
               [2, 4]], dtype=object)
        """
        from ..io import interop  # higher layer

        return interop.tensor_to_numpy(_as_tensor(self), dtype=dtype, copy=copy)

    def to_sympy(self) -> Any:
        """The elements as a SymPy ``Matrix`` (2-d) or N-dim array; see :func:`gentensor.to_sympy`.

        >>> import gentensor as gt
        >>> gt.tensor([[1, 2], [3, 4]]).to_sympy()
        Matrix([
        [1, 2],
        [3, 4]])
        """
        from ..io import interop  # higher layer

        return interop.to_sympy(_as_tensor(self))

    def __reduce__(self) -> Any:
        """Pickle support: a view pickles only its own elements (see :mod:`gentensor.interop`).

        >>> import gentensor as gt, pickle
        >>> pickle.loads(pickle.dumps(gt.arange(4).reshape((2, 2)).T)).tolist()
        [[0, 2], [1, 3]]
        """
        from ..io import interop  # higher layer

        return interop.tensor_reduce(_as_tensor(self))
