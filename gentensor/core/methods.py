"""The Array API's attributes and NumPy's familiar methods on tensors, as a base class of ``Tensor``.

``x.dtype`` (the ops), ``x.device`` (``"cpu"``), ``x.to_device``,
``x.__array_namespace__()``, NumPy's protocols (``__array_function__``,
``__array_ufunc__``), and methods a NumPy user types: ``x.mean()``,
``x.argmax()``, ``x.cumsum()``, ``x.flatten()``, ...  Each one calls the
public function of the same name through :data:`gentensor.core.layers.upper`
(the one way the core reaches the layers above it).

>>> import gentensor as gt
>>> x = gt.tensor([[3, 1], [2, 5]])
>>> x.dtype, x.device, x.mean(), x.argmax(), x.flatten().tolist()
(integers, 'cpu', Fraction(11, 4), 3, [3, 1, 2, 5])
"""

from __future__ import annotations

from typing import Any

from .layers import upper

__all__ = ["ArrayMethods", "API_VERSIONS"]

#: The versions of the Array API standard ``__array_namespace__`` accepts.
API_VERSIONS = ("2021.12", "2022.12", "2023.12", "2024.12")


class ArrayMethods:
    """Array API attributes, NumPy protocols and NumPy-style methods (a base class of ``Tensor``).

    >>> import gentensor as gt
    >>> gt.tensor([1.0]).__array_namespace__() is gt
    True
    """

    __slots__ = ()

    # -- the Array API ------------------------------------------------------------------------
    @property
    def dtype(self) -> Any:
        """The data type, which is the ops: ``x.dtype is x.ops`` (``gt.int64`` names ``gt.integers``).

        >>> import gentensor as gt
        >>> gt.tensor([1.5]).dtype is gt.float64
        True
        """
        return self._ops  # type: ignore[attr-defined]

    @property
    def device(self) -> str:
        """The device the tensor lives on: always ``"cpu"``.

        >>> import gentensor as gt
        >>> gt.tensor([1]).device
        'cpu'
        """
        return "cpu"

    def to_device(self, device: Any, /, *, stream: Any = None) -> Any:
        """The tensor on ``device``: ``x`` itself for ``"cpu"`` (the only device).

        >>> import gentensor as gt
        >>> x = gt.tensor([1]); x.to_device("cpu") is x
        True
        """
        if device != "cpu":
            raise ValueError(f"to_device: unknown device {device!r}; gentensor tensors live on the only device 'cpu'")
        if stream is not None:
            raise ValueError(f"to_device: the cpu device has no streams (got stream={stream!r})")
        return self

    def __array_namespace__(self, /, *, api_version: str | None = None) -> Any:
        """The namespace of the Array API functions for this tensor: the ``gentensor`` module.

        >>> import gentensor as gt
        >>> gt.tensor([1]).__array_namespace__(api_version="2023.12").__name__
        'gentensor'
        """
        if api_version is not None and api_version not in API_VERSIONS:
            raise ValueError(
                f"__array_namespace__: unsupported Array API version {api_version!r}; use one of {', '.join(API_VERSIONS)}"
            )
        return upper.namespace

    # -- NumPy protocols ----------------------------------------------------------------------
    def __array_function__(self, func: Any, types: Any, args: Any, kwargs: Any) -> Any:
        """NumPy functions on tensors run gentensor's (``np.sum(x)`` is ``gt.sum(x)``); see ``gentensor._numpy_protocol``.

        >>> import gentensor as gt, numpy as np
        >>> np.sum(gt.tensor([1, 2])), np.sort(gt.tensor([3, 1, 2])).tolist()
        (3, [1, 2, 3])
        """
        return upper.numpy.array_function(func, types, args, kwargs)

    def __array_ufunc__(self, ufunc: Any, method: str, *inputs: Any, **kwargs: Any) -> Any:
        """NumPy ufuncs on tensors run gentensor's element-wise functions (``np.add(x, 1)`` is ``gt.add(x, 1)``).

        >>> import gentensor as gt, numpy as np
        >>> np.add(gt.tensor([1, 2]), 1).tolist(), (np.array([1, 2]) * gt.tensor([3, 4])).tolist()
        ([2, 3], [3, 8])
        """
        return upper.numpy.array_ufunc(ufunc, method, inputs, kwargs)

    # -- NumPy-style methods ------------------------------------------------------------------
    def mean(self, axis: Any = None, keepdims: bool = False) -> Any:
        """The mean over ``axis`` (exact: integers give rationals); see :func:`gentensor.mean`.

        >>> import gentensor as gt
        >>> gt.tensor([1, 2]).mean()
        Fraction(3, 2)
        """
        return upper.statistics.mean(self, axis=axis, keepdims=keepdims)

    def var(self, axis: Any = None, keepdims: bool = False, *, correction: Any = 0) -> Any:
        """The variance over ``axis`` (exact on exact rings); see :func:`gentensor.var`.

        >>> import gentensor as gt
        >>> gt.tensor([1, 2, 3]).var()
        Fraction(2, 3)
        """
        return upper.statistics.var(self, axis=axis, correction=correction, keepdims=keepdims)

    def std(self, axis: Any = None, keepdims: bool = False, *, correction: Any = 0) -> Any:
        """The standard deviation over ``axis``; see :func:`gentensor.std`.

        >>> import gentensor as gt
        >>> gt.tensor([1.0, 3.0]).std()
        1.0
        """
        return upper.statistics.std(self, axis=axis, correction=correction, keepdims=keepdims)

    def argmax(self, axis: Any = None, keepdims: bool = False) -> Any:
        """The position of the largest element; see :func:`gentensor.argmax`.

        >>> import gentensor as gt
        >>> gt.tensor([[1, 9], [8, 2]]).argmax(axis=1).tolist()
        [1, 0]
        """
        return upper.searching.argmax(self, axis=axis, keepdims=keepdims)

    def argmin(self, axis: Any = None, keepdims: bool = False) -> Any:
        """The position of the smallest element; see :func:`gentensor.argmin`.

        >>> import gentensor as gt
        >>> gt.tensor([4, 1, 3]).argmin()
        1
        """
        return upper.searching.argmin(self, axis=axis, keepdims=keepdims)

    def argsort(self, axis: int = -1, *, descending: bool = False) -> Any:
        """The positions that sort ``x`` along ``axis`` (stable); see :func:`gentensor.argsort`.

        >>> import gentensor as gt
        >>> gt.tensor([3, 1, 2]).argsort().tolist()
        [1, 2, 0]
        """
        return upper.sorting.argsort(self, axis=axis, descending=descending)

    def nonzero(self) -> Any:
        """The positions of the non-zero elements, one tensor per axis; see :func:`gentensor.nonzero`.

        >>> import gentensor as gt
        >>> [t.tolist() for t in gt.tensor([0, 3, 0, 4]).nonzero()]
        [[1, 3]]
        """
        return upper.searching.nonzero(self)

    def cumsum(self, axis: Any = None) -> Any:
        """Running sums (of the flattened tensor when ``axis`` is ``None``); see :func:`gentensor.cumsum`.

        >>> import gentensor as gt
        >>> gt.tensor([[1, 2], [3, 4]]).cumsum().tolist()
        [1, 3, 6, 10]
        """
        return upper.statistics.cumsum(self, axis=axis)

    def cumprod(self, axis: Any = None) -> Any:
        """Running products (of the flattened tensor when ``axis`` is ``None``); see :func:`gentensor.cumprod`.

        >>> import gentensor as gt
        >>> gt.tensor([1, 2, 3]).cumprod().tolist()
        [1, 2, 6]
        """
        return upper.statistics.cumprod(self, axis=axis)

    def clip(self, min: Any = None, max: Any = None) -> Any:
        """Each element clamped to ``[min, max]``; see :func:`gentensor.clip`.

        >>> import gentensor as gt
        >>> gt.tensor([-1, 5, 9]).clip(0, 6).tolist()
        [0, 5, 6]
        """
        return upper.namespace.clip(self, min, max)

    def flatten(self) -> Any:
        """The elements in C order as a new 1-d tensor (a copy); see :func:`gentensor.flatten`.

        >>> import gentensor as gt
        >>> gt.tensor([[1, 2], [3, 4]]).T.flatten().tolist()
        [1, 3, 2, 4]
        """
        return upper.namespace.flatten(self)

    def ravel(self) -> Any:
        """The elements in C order as a 1-d tensor, a view when possible; see :func:`gentensor.ravel`.

        >>> import gentensor as gt
        >>> gt.tensor([[1, 2], [3, 4]]).ravel().tolist()
        [1, 2, 3, 4]
        """
        return upper.namespace.ravel(self)

    def squeeze(self, axis: Any = None) -> Any:
        """Length-1 axes removed: a view; see :func:`gentensor.squeeze`.

        >>> import gentensor as gt
        >>> gt.zeros((1, 3, 1)).squeeze().shape
        (3,)
        """
        return upper.manipulation.squeeze(self, axis)

    def swapaxes(self, axis1: int, axis2: int) -> Any:
        """Two axes exchanged: a view; see :func:`gentensor.swapaxes`.

        >>> import gentensor as gt
        >>> gt.zeros((2, 3, 4)).swapaxes(0, 2).shape
        (4, 3, 2)
        """
        return upper.manipulation.swapaxes(self, axis1, axis2)

    def diagonal(self, offset: int = 0, axis1: int = 0, axis2: int = 1) -> Any:
        """The diagonal of the ``(axis1, axis2)`` planes (NumPy's default axes 0 and 1): a view.

        >>> import gentensor as gt
        >>> gt.tensor([[1, 2], [3, 4]]).diagonal().tolist()
        [1, 4]
        """
        return upper.manipulation.diagonal(self, offset=offset, axis1=axis1, axis2=axis2)

    def trace(self, offset: int = 0, axis1: int = 0, axis2: int = 1) -> Any:
        """The sum of the diagonal of the ``(axis1, axis2)`` planes (NumPy's default axes 0 and 1).

        >>> import gentensor as gt
        >>> gt.tensor([[1, 2], [3, 4]]).trace()
        5
        """
        return upper.products.trace(self, offset=offset, axis1=axis1, axis2=axis2)

    def conj(self) -> Any:
        """The complex conjugate of each element; see :func:`gentensor.conj`.

        >>> import gentensor as gt
        >>> gt.tensor([1j]).conj().tolist()
        [-1j]
        """
        return upper.namespace.conj(self)

    def repeat(self, repeats: Any, axis: Any = None) -> Any:
        """Each element repeated; see :func:`gentensor.repeat`.

        >>> import gentensor as gt
        >>> gt.tensor([1, 2]).repeat(2).tolist()
        [1, 1, 2, 2]
        """
        return upper.namespace.repeat(self, repeats, axis=axis)

    def take(self, indices: Any, axis: Any = None) -> Any:
        """The elements at ``indices`` (of the flattened tensor when ``axis`` is ``None``); see :func:`gentensor.take`.

        >>> import gentensor as gt
        >>> gt.tensor([[5, 6], [7, 8]]).take([0, 3]).tolist()
        [5, 8]
        """
        return upper.namespace.take(self, indices, axis=axis)
