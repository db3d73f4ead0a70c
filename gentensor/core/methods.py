"""The named methods of ``Tensor`` that are the public functions of higher layers, as a base class.

The rule of the split: ``core/tensor.py`` holds what a tensor *is* (storage,
layout, ops, indexing, views, conversions, operators and the other dunders);
this module holds every named method whose whole job is to call a public
function of a higher layer on ``self`` -- reductions (``x.sum()``), linear
algebra (``x.det()``, ``x.eigenvals()``), SymPy conveniences (``x.subs()``,
``x.jacobian()``), NumPy's familiar methods and the Array API's attributes.

``x.dtype`` (the ops), ``x.device`` (``"cpu"``), ``x.to_device``,
``x.__array_namespace__()``, NumPy's protocols (``__array_function__``,
``__array_ufunc__``), and methods a NumPy user types: ``x.mean()``,
``x.argmax()``, ``x.cumsum()``, ``x.flatten()``, ...  Each one calls the
public function of the same name through `gentensor.core.layers.upper`
(the one way the core reaches the layers above it).

Examples
--------
>>> import gentensor as gt
>>> x = gt.tensor([[3, 1], [2, 5]])
>>> x.dtype, x.device, x.mean(), x.argmax(), x.flatten().tolist()
(integers, 'cpu', Fraction(11, 4), 3, [3, 1, 2, 5])
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from .layers import upper
from ..errors import ArgumentValueError

if TYPE_CHECKING:
    import sympy
    from typing_extensions import Self

    from ..ops import ElementOps

__all__ = ["TensorMethods", "API_VERSIONS"]

#: The versions of the Array API standard ``__array_namespace__`` accepts.
API_VERSIONS = ("2021.12", "2022.12", "2023.12", "2024.12")


class TensorMethods:
    """The named methods served by higher layers, the Array API attributes and NumPy's protocols (a base of ``Tensor``).

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.tensor([1.0]).__array_namespace__() is gt
    True
    """

    __slots__ = ()

    # -- the Array API ------------------------------------------------------------------------
    @property
    def dtype(self) -> ElementOps:
        """The data type, which is the ops: ``x.dtype is x.ops`` (``gt.int64`` names ``gt.integers``).

        Examples
        --------
        >>> import gentensor as gt
        >>> gt.tensor([1.5]).dtype is gt.float64
        True
        """
        return self._ops  # type: ignore[attr-defined]

    @property
    def device(self) -> str:
        """The device the tensor lives on: always ``"cpu"``.

        Examples
        --------
        >>> import gentensor as gt
        >>> gt.tensor([1]).device
        'cpu'
        """
        return "cpu"

    def to_device(self, device: Any, /, *, stream: Any = None) -> Self:
        """The tensor on ``device``: ``x`` itself for ``"cpu"`` (the only device).

        Examples
        --------
        >>> import gentensor as gt
        >>> x = gt.tensor([1]); x.to_device("cpu") is x
        True
        """
        if device != "cpu":
            raise ArgumentValueError(f"to_device: unknown device {device!r}; gentensor tensors live on the only device 'cpu'")
        if stream is not None:
            raise ArgumentValueError(f"to_device: the cpu device has no streams (got stream={stream!r})")
        return self

    def __array_namespace__(self, /, *, api_version: str | None = None) -> Any:
        """The namespace of the Array API functions for this tensor: the ``gentensor`` module.

        Examples
        --------
        >>> import gentensor as gt
        >>> gt.tensor([1]).__array_namespace__(api_version="2023.12").__name__
        'gentensor'
        """
        if api_version is not None and api_version not in API_VERSIONS:
            raise ArgumentValueError(
                f"__array_namespace__: unsupported Array API version {api_version!r}; use one of {', '.join(API_VERSIONS)}"
            )
        return upper.namespace

    # -- NumPy protocols ----------------------------------------------------------------------
    def __array_function__(self, func: Any, types: Any, args: Any, kwargs: Any) -> Any:
        """NumPy functions on tensors run gentensor's (``np.sum(x)`` is ``gt.sum(x)``); see ``gentensor._numpy_protocol``.

        Examples
        --------
        >>> import gentensor as gt, numpy as np
        >>> np.sum(gt.tensor([1, 2])), np.sort(gt.tensor([3, 1, 2])).tolist()
        (3, [1, 2, 3])
        """
        return upper.numpy.array_function(func, types, args, kwargs)

    def __array_ufunc__(self, ufunc: Any, method: str, *inputs: Any, **kwargs: Any) -> Any:
        """NumPy ufuncs on tensors run gentensor's element-wise functions (``np.add(x, 1)`` is ``gt.add(x, 1)``).

        Examples
        --------
        >>> import gentensor as gt, numpy as np
        >>> np.add(gt.tensor([1, 2]), 1).tolist(), (np.array([1, 2]) * gt.tensor([3, 4])).tolist()
        ([2, 3], [3, 8])
        """
        return upper.numpy.array_ufunc(ufunc, method, inputs, kwargs)

    # -- NumPy-style methods ------------------------------------------------------------------
    def mean(self, axis: Any = None, keepdims: bool = False) -> Self | Any:
        """The mean over ``axis`` (exact: integers give rationals); see [`gentensor.mean`][gentensor.compute.statistics.mean].

        Examples
        --------
        >>> import gentensor as gt
        >>> gt.tensor([1, 2]).mean()
        Fraction(3, 2)
        """
        return upper.statistics.mean(self, axis=axis, keepdims=keepdims)

    def var(self, axis: Any = None, keepdims: bool = False, *, correction: Any = 0) -> Self | Any:
        """The variance over ``axis`` (exact on exact rings); see [`gentensor.var`][gentensor.compute.statistics.var].

        Examples
        --------
        >>> import gentensor as gt
        >>> gt.tensor([1, 2, 3]).var()
        Fraction(2, 3)
        """
        return upper.statistics.var(self, axis=axis, correction=correction, keepdims=keepdims)

    def std(self, axis: Any = None, keepdims: bool = False, *, correction: Any = 0) -> Self | Any:
        """The standard deviation over ``axis``; see [`gentensor.std`][gentensor.compute.statistics.std].

        Examples
        --------
        >>> import gentensor as gt
        >>> gt.tensor([1.0, 3.0]).std()
        1.0
        """
        return upper.statistics.std(self, axis=axis, correction=correction, keepdims=keepdims)

    def argmax(self, axis: Any = None, keepdims: bool = False) -> Self | int:
        """The position of the largest element; see [`gentensor.argmax`][gentensor.compute.searching.argmax].

        Examples
        --------
        >>> import gentensor as gt
        >>> gt.tensor([[1, 9], [8, 2]]).argmax(axis=1).tolist()
        [1, 0]
        """
        return upper.searching.argmax(self, axis=axis, keepdims=keepdims)

    def argmin(self, axis: Any = None, keepdims: bool = False) -> Self | int:
        """The position of the smallest element; see [`gentensor.argmin`][gentensor.compute.searching.argmin].

        Examples
        --------
        >>> import gentensor as gt
        >>> gt.tensor([4, 1, 3]).argmin()
        1
        """
        return upper.searching.argmin(self, axis=axis, keepdims=keepdims)

    def argsort(self, axis: int = -1, *, descending: bool = False) -> Self:
        """The positions that sort ``x`` along ``axis`` (stable); see [`gentensor.argsort`][gentensor.compute.sorting.argsort].

        Examples
        --------
        >>> import gentensor as gt
        >>> gt.tensor([3, 1, 2]).argsort().tolist()
        [1, 2, 0]
        """
        return upper.sorting.argsort(self, axis=axis, descending=descending)

    def nonzero(self) -> tuple[Self, ...]:
        """The positions of the non-zero elements, one tensor per axis; see [`gentensor.nonzero`][gentensor.compute.searching.nonzero].

        Examples
        --------
        >>> import gentensor as gt
        >>> [t.tolist() for t in gt.tensor([0, 3, 0, 4]).nonzero()]
        [[1, 3]]
        """
        return upper.searching.nonzero(self)

    def cumsum(self, axis: Any = None) -> Self:
        """Running sums (of the flattened tensor when ``axis`` is ``None``); see [`gentensor.cumsum`][gentensor.compute.statistics.cumsum].

        Examples
        --------
        >>> import gentensor as gt
        >>> gt.tensor([[1, 2], [3, 4]]).cumsum().tolist()
        [1, 3, 6, 10]
        """
        return upper.statistics.cumsum(self, axis=axis)

    def cumprod(self, axis: Any = None) -> Self:
        """Running products (of the flattened tensor when ``axis`` is ``None``); see [`gentensor.cumprod`][gentensor.compute.statistics.cumprod].

        Examples
        --------
        >>> import gentensor as gt
        >>> gt.tensor([1, 2, 3]).cumprod().tolist()
        [1, 2, 6]
        """
        return upper.statistics.cumprod(self, axis=axis)

    def clip(self, min: Any = None, max: Any = None) -> Self:
        """Each element clamped to ``[min, max]``; see [`gentensor.clip`][gentensor.compute.elementary.clip].

        Examples
        --------
        >>> import gentensor as gt
        >>> gt.tensor([-1, 5, 9]).clip(0, 6).tolist()
        [0, 5, 6]
        """
        return upper.namespace.clip(self, min, max)

    def flatten(self) -> Self:
        """The elements in C order as a new 1-d tensor (a copy); see [`gentensor.flatten`][gentensor.arrays.shaping.flatten].

        Examples
        --------
        >>> import gentensor as gt
        >>> gt.tensor([[1, 2], [3, 4]]).T.flatten().tolist()
        [1, 3, 2, 4]
        """
        return upper.namespace.flatten(self)

    def ravel(self) -> Self:
        """The elements in C order as a 1-d tensor, a view when possible; see [`gentensor.ravel`][gentensor.arrays.shaping.ravel].

        Examples
        --------
        >>> import gentensor as gt
        >>> gt.tensor([[1, 2], [3, 4]]).ravel().tolist()
        [1, 2, 3, 4]
        """
        return upper.namespace.ravel(self)

    def squeeze(self, axis: Any = None) -> Self:
        """Length-1 axes removed: a view; see [`gentensor.squeeze`][gentensor.arrays.manipulation.squeeze].

        Examples
        --------
        >>> import gentensor as gt
        >>> gt.zeros((1, 3, 1)).squeeze().shape
        (3,)
        """
        return upper.manipulation.squeeze(self, axis)

    def swapaxes(self, axis1: int, axis2: int) -> Self:
        """Two axes exchanged: a view; see [`gentensor.swapaxes`][gentensor.arrays.manipulation.swapaxes].

        Examples
        --------
        >>> import gentensor as gt
        >>> gt.zeros((2, 3, 4)).swapaxes(0, 2).shape
        (4, 3, 2)
        """
        return upper.manipulation.swapaxes(self, axis1, axis2)

    def diagonal(self, offset: int = 0, axis1: int = 0, axis2: int = 1) -> Self:
        """The diagonal of the ``(axis1, axis2)`` planes (NumPy's default axes 0 and 1): a view.

        Examples
        --------
        >>> import gentensor as gt
        >>> gt.tensor([[1, 2], [3, 4]]).diagonal().tolist()
        [1, 4]
        """
        return upper.manipulation.diagonal(self, offset=offset, axis1=axis1, axis2=axis2)

    def trace(self, offset: int = 0, axis1: int = 0, axis2: int = 1) -> Self | Any:
        """The sum of the diagonal of the ``(axis1, axis2)`` planes (NumPy's default axes 0 and 1).

        Examples
        --------
        >>> import gentensor as gt
        >>> gt.tensor([[1, 2], [3, 4]]).trace()
        5
        """
        return upper.products.trace(self, offset=offset, axis1=axis1, axis2=axis2)

    def conj(self) -> Self:
        """The complex conjugate of each element; see [`gentensor.conj`][gentensor.compute.elementary.conj].

        Examples
        --------
        >>> import gentensor as gt
        >>> gt.tensor([1j]).conj().tolist()
        [-1j]
        """
        return upper.namespace.conj(self)

    def repeat(self, repeats: Any, axis: Any = None) -> Self:
        """Each element repeated; see [`gentensor.repeat`][gentensor.arrays.composition.repeat].

        Examples
        --------
        >>> import gentensor as gt
        >>> gt.tensor([1, 2]).repeat(2).tolist()
        [1, 1, 2, 2]
        """
        return upper.namespace.repeat(self, repeats, axis=axis)

    def take(self, indices: Any, axis: Any = None) -> Self:
        """The elements at ``indices`` (of the flattened tensor when ``axis`` is ``None``); see [`gentensor.take`][gentensor.arrays.composition.take].

        Examples
        --------
        >>> import gentensor as gt
        >>> gt.tensor([[5, 6], [7, 8]]).take([0, 3]).tolist()
        [5, 8]
        """
        return upper.namespace.take(self, indices, axis=axis)

    # -- reductions, linear algebra and symbolic conveniences (the higher layers' functions) ----
    def sum(self, axis: Any = None, keepdims: bool = False) -> Self | Any:
        """Sum over ``axis`` (all axes when ``None``); see [`gentensor.sum`][gentensor.compute.reductions.sum].

        Examples
        --------
        >>> import gentensor as gt
        >>> gt.tensor([[1, 2], [3, 4]]).sum()
        10
        """
        return upper.reductions.sum(self, axis=axis, keepdims=keepdims)

    def prod(self, axis: Any = None, keepdims: bool = False) -> Self | Any:
        """Product over ``axis`` (all axes when ``None``); see [`gentensor.prod`][gentensor.compute.reductions.prod].

        Examples
        --------
        >>> import gentensor as gt
        >>> gt.tensor([[1, 2], [3, 4]]).prod(axis=1).tolist()
        [2, 12]
        """
        return upper.reductions.prod(self, axis=axis, keepdims=keepdims)

    def min(self, axis: Any = None, keepdims: bool = False) -> Self | Any:
        """Smallest element over ``axis`` (all axes when ``None``); see [`gentensor.min`][gentensor.compute.reductions.min].

        Examples
        --------
        >>> import gentensor as gt
        >>> x = gt.tensor([[3, 1], [2, 5]])
        >>> x.min(), x.min(axis=0).tolist()
        (1, [2, 1])
        """
        return upper.reductions.min(self, axis=axis, keepdims=keepdims)

    def max(self, axis: Any = None, keepdims: bool = False) -> Self | Any:
        """Largest element over ``axis`` (all axes when ``None``); see [`gentensor.max`][gentensor.compute.reductions.max].

        Examples
        --------
        >>> import gentensor as gt
        >>> x = gt.tensor([[3, 1], [2, 5]])
        >>> x.max(), x.max(axis=1).tolist()
        (5, [3, 5])
        """
        return upper.reductions.max(self, axis=axis, keepdims=keepdims)

    def all(self, axis: Any = None, keepdims: bool = False) -> Self | bool:
        """True where every element over ``axis`` is non-zero; see [`gentensor.all`][gentensor.compute.reductions.all].

        Examples
        --------
        >>> import gentensor as gt
        >>> x = gt.tensor([[1, 0], [2, 3]])
        >>> x.all(), x.all(axis=1).tolist()
        (False, [False, True])
        """
        return upper.reductions.all(self, axis=axis, keepdims=keepdims)

    def any(self, axis: Any = None, keepdims: bool = False) -> Self | bool:
        """True where some element over ``axis`` is non-zero; see [`gentensor.any`][gentensor.compute.reductions.any].

        Examples
        --------
        >>> import gentensor as gt
        >>> x = gt.tensor([[0, 0], [2, 0]])
        >>> x.any(), x.any(axis=1).tolist()
        (True, [False, True])
        """
        return upper.reductions.any(self, axis=axis, keepdims=keepdims)

    def det(self, *, method: str = "auto") -> Self | Any:
        """Determinant; see [`gentensor.linalg.det`][gentensor.linalg.det].

        Examples
        --------
        >>> import gentensor as gt
        >>> gt.tensor([[1, 2], [3, 4]]).det()
        -2
        """
        return upper.linalg.det(self, method=method)

    def inv(self) -> Self:
        """Exact inverse; see [`gentensor.linalg.inv`][gentensor.linalg.inv].

        Examples
        --------
        >>> import gentensor as gt
        >>> gt.tensor([[2, 0], [0, 4]]).inv().tolist()
        [[Fraction(1, 2), Fraction(0, 1)], [Fraction(0, 1), Fraction(1, 4)]]
        """
        return upper.linalg.inv(self)  # type: ignore[no-any-return]

    def rank(self) -> Self | int:
        """Rank; see [`gentensor.linalg.rank`][gentensor.linalg.rank].

        Examples
        --------
        >>> import gentensor as gt
        >>> gt.tensor([[1, 2], [2, 4]]).rank()
        1
        """
        return upper.linalg.rank(self)

    # -- symbolic conveniences ---------------------------------------------------
    def applyfunc(self, f: Callable[[Any], Any]) -> Self:
        """``f`` applied to every element: [`gentensor.map`][gentensor.compute.elementwise.map] with one tensor.

        Examples
        --------
        >>> import gentensor as gt
        >>> gt.tensor([1, 2]).applyfunc(lambda v: v * 10).tolist()
        [10, 20]
        """
        return upper.elementwise.map(f, self)  # type: ignore[no-any-return]

    def subs(self, *args: Any, **kwargs: Any) -> Self:
        """SymPy ``subs`` applied to every element; keywords name symbols (``x.subs(a=1)``).

        Examples
        --------
        >>> import gentensor as gt, sympy
        >>> x = sympy.Symbol("x")
        >>> gt.tensor([x**2, x + 1]).subs(x, 2)
        tensor([4, 3], ops=symbolic)
        >>> gt.tensor([x**2, x + 1]).subs(x=3).tolist()
        [9, 4]
        """
        return upper.elementwise.subs(self, *args, **kwargs)  # type: ignore[no-any-return]

    def diff(self, *symbols: Any) -> Self:
        """The derivative of every element.

        Examples
        --------
        >>> import gentensor as gt, sympy
        >>> x = sympy.Symbol("x")
        >>> gt.tensor([x**3, x + 1]).diff(x).tolist()
        [3*x**2, 1]
        """
        return upper.elementwise.diff(self, *symbols)  # type: ignore[no-any-return]

    def expand(self) -> Self:
        """SymPy ``expand`` applied to every element.

        Examples
        --------
        >>> import gentensor as gt, sympy
        >>> x = sympy.Symbol("x")
        >>> gt.tensor([(x + 1)**2]).expand().tolist()
        [x**2 + 2*x + 1]
        """
        return upper.elementwise.expand(self)  # type: ignore[no-any-return]

    def simplify(self) -> Self:
        """SymPy ``simplify`` applied to every element.

        Examples
        --------
        >>> import gentensor as gt, sympy
        >>> x = sympy.Symbol("x")
        >>> gt.tensor([(x**2 - 1) / (x - 1), sympy.sin(x)**2 + sympy.cos(x)**2]).simplify().tolist()
        [x + 1, 1]
        """
        return upper.elementwise.simplify(self)  # type: ignore[no-any-return]

    def evalf(self, n: int = 15) -> Self:
        """Every element evaluated numerically to ``n`` digits.

        Examples
        --------
        >>> import gentensor as gt, sympy
        >>> gt.tensor([sympy.pi, sympy.sqrt(2)]).evalf(5).tolist()
        [3.1416, 1.4142]
        """
        return upper.elementwise.evalf(self, n=n)  # type: ignore[no-any-return]

    # -- matrix calculus and eigen-theory (SymPy Matrix names) -----------------------
    @property
    def H(self) -> Self:
        """The conjugate transpose of a matrix or stack (a new tensor); see [`gentensor.conjugate`][gentensor.compute.elementary.conj].

        Examples
        --------
        >>> import gentensor as gt
        >>> gt.tensor([[1, 1j], [0, 2]]).H.tolist()
        [[(1-0j), -0j], [-1j, (2-0j)]]
        """
        return upper.calculus.conjugate_transpose(self)  # type: ignore[no-any-return]

    def conjugate(self) -> Self:
        """The complex conjugate of every element; see [`gentensor.conjugate`][gentensor.compute.elementary.conj].

        Examples
        --------
        >>> import gentensor as gt
        >>> gt.tensor([1 + 1j, 2]).conjugate().tolist()
        [(1-1j), (2-0j)]
        """
        return upper.calculus.conjugate(self)  # type: ignore[no-any-return]

    def jacobian(self, variables: Any) -> Self:
        """All first derivatives, shape ``x.shape + variables.shape``; see [`gentensor.jacobian`][gentensor.compute.calculus.jacobian].

        Examples
        --------
        >>> import gentensor as gt, sympy
        >>> a, b = sympy.symbols("a b")
        >>> gt.tensor([a * b, a + b]).jacobian([a, b]).tolist()
        [[b, a], [1, 1]]
        """
        return upper.calculus.jacobian(self, variables)  # type: ignore[no-any-return]

    @property
    def free_symbols(self) -> set[Any]:
        """The SymPy symbols occurring in the elements.

        Examples
        --------
        >>> import gentensor as gt
        >>> sorted(gt.symbols("a", 2).free_symbols, key=str)
        [a_0, a_1]
        """
        return upper.calculus.free_symbols(self)  # type: ignore[no-any-return]

    def has(self, *patterns: Any) -> bool:
        """True when some element contains one of ``patterns`` (SymPy's ``has``).

        Examples
        --------
        >>> import gentensor as gt, sympy
        >>> gt.tensor([sympy.sin(sympy.Symbol("t")), 1]).has(sympy.sin)
        True
        """
        return upper.calculus.has(self, *patterns)  # type: ignore[no-any-return]

    def xreplace(self, rule: dict[Any, Any]) -> Self:
        """SymPy ``xreplace`` (exact subtree replacement) in every element.

        Examples
        --------
        >>> import gentensor as gt, sympy
        >>> t = sympy.Symbol("t")
        >>> gt.tensor([t + 1, t**2]).xreplace({t: 2}).tolist()
        [3, 4]
        """
        return upper.calculus.xreplace(self, rule)  # type: ignore[no-any-return]

    def integrate(self, *args: Any, **kwargs: Any) -> Self:
        """``sympy.integrate`` of every element.

        Examples
        --------
        >>> import gentensor as gt, sympy
        >>> t = sympy.Symbol("t")
        >>> gt.tensor([1, t]).integrate((t, 0, 1)).tolist()
        [1, 1/2]
        """
        return upper.calculus.integrate(self, *args, **kwargs)  # type: ignore[no-any-return]

    def limit(self, variable: Any, point: Any, dir: str = "+") -> Self:
        """``sympy.limit`` of every element.

        Examples
        --------
        >>> import gentensor as gt, sympy
        >>> t = sympy.Symbol("t")
        >>> gt.tensor([sympy.sin(t) / t]).limit(t, 0).tolist()
        [1]
        """
        return upper.calculus.limit(self, variable, point, dir)  # type: ignore[no-any-return]

    def series(self, variable: Any = None, x0: Any = 0, n: int = 6, dir: str = "+") -> Self:
        """SymPy's ``series`` of every element (order terms kept).

        Examples
        --------
        >>> import gentensor as gt, sympy
        >>> t = sympy.Symbol("t")
        >>> gt.tensor([sympy.sin(t)]).series(t, 0, 4).tolist()
        [t - t**3/6 + O(t**4)]
        """
        return upper.calculus.series(self, variable, x0, n, dir)  # type: ignore[no-any-return]

    def charpoly(self, symbol: Any = None) -> Self | Any:
        """The characteristic polynomial; see [`gentensor.linalg.charpoly`][gentensor.linalg.eigen.charpoly].

        Examples
        --------
        >>> import gentensor as gt, sympy
        >>> gt.tensor([[1, 2], [3, 4]]).charpoly(sympy.Symbol("t"))
        t**2 - 5*t - 2
        """
        return upper.linalg.charpoly(self, symbol)

    def eigenvals(self, *, multiple: bool = False) -> Self | Any:
        """Exact eigenvalues with multiplicities; see [`gentensor.linalg.eigenvals`][gentensor.linalg.eigen.eigenvals].

        Examples
        --------
        >>> import gentensor as gt
        >>> gt.tensor([[2, 1], [0, 2]]).eigenvals()
        {2: 2}
        """
        return upper.linalg.eigenvals(self, multiple=multiple)

    def eigenvects(self) -> Any:
        """Eigenvalues, multiplicities and eigenspace bases; see [`gentensor.linalg.eigenvects`][gentensor.linalg.eigen.eigenvects].

        Examples
        --------
        >>> import gentensor as gt
        >>> spaces = gt.tensor([[2, 0], [0, 3]]).eigenvects()
        >>> spaces[0].value, spaces[0].multiplicity, spaces[0].basis.tolist()
        (2, 1, [[1], [0]])
        """
        return upper.linalg.eigenvects(self)

    def diagonalize(self) -> Any:
        """``(p, d)`` with ``x == p @ d @ inv(p)``; see [`gentensor.linalg.diagonalize`][gentensor.linalg.eigen.diagonalize].

        Examples
        --------
        >>> import gentensor as gt
        >>> gt.tensor([[1, 2], [2, 1]]).diagonalize().d.tolist()
        [[-1, 0], [0, 3]]
        """
        return upper.linalg.diagonalize(self)

    def jordan_form(self) -> Any:
        """``(p, j)`` with ``x == p @ j @ inv(p)``; see [`gentensor.linalg.jordan_form`][gentensor.linalg.eigen.jordan_form].

        Examples
        --------
        >>> import gentensor as gt
        >>> gt.tensor([[1, 1], [0, 1]]).jordan_form().j.tolist()
        [[1, 1], [0, 1]]
        """
        return upper.linalg.jordan_form(self)

    def to_sympy(self) -> sympy.ImmutableMatrix | sympy.ImmutableDenseNDimArray:
        """The elements as a SymPy ``Matrix`` (2-d) or N-dim array.

        Examples
        --------
        >>> import gentensor as gt
        >>> gt.tensor([[1, 2], [3, 4]]).to_sympy()
        Matrix([
        [1, 2],
        [3, 4]])
        """
        return upper.interop.to_sympy(self)

    # -- SymPy's printing protocol: its printers look for these before dispatching on the class name --------

    def _sympystr(self, printer: Any) -> Any:
        """SymPy's ``str`` printer (``sympy.sstr``, a tensor inside a printed expression): as the SymPy matrix.

        Examples
        --------
        >>> import gentensor as gt, sympy
        >>> sympy.sstr(gt.tensor([[sympy.Symbol("x"), 1]]))
        'Matrix([[x, 1]])'
        """
        return printer._print(self.to_sympy())

    def _sympyrepr(self, printer: Any) -> Any:
        """SymPy's ``srepr`` printer: the SymPy matrix's form.

        Examples
        --------
        >>> import gentensor as gt, sympy
        >>> sympy.srepr(gt.tensor([[1]]))
        'ImmutableDenseMatrix([[Integer(1)]])'
        """
        return printer._print(self.to_sympy())

    def _latex(self, printer: Any) -> Any:
        """SymPy's LaTeX printer (``sympy.latex(t)``): as the SymPy matrix.

        Examples
        --------
        >>> import gentensor as gt, sympy
        >>> sympy.latex(gt.tensor([[1, 2], [3, 4]]))
        '\\\\left[\\\\begin{matrix}1 & 2\\\\\\\\3 & 4\\\\end{matrix}\\\\right]'
        """
        return printer._print(self.to_sympy())

    def _pretty(self, printer: Any) -> Any:
        """SymPy's pretty printer (``sympy.pprint(t)``, ``sympy.pretty(t)``): as the SymPy matrix.

        Examples
        --------
        >>> import gentensor as gt, sympy
        >>> sympy.pprint(gt.tensor([[1, 2], [3, 4]]), use_unicode=False)
        [1  2]
        [    ]
        [3  4]
        """
        return printer._print(self.to_sympy())
