"""Hypothesis strategies for testing code that uses gentensor.

``gentensor.testing`` is a public submodule (``import gentensor.testing``; it
is not part of ``gt.*``).  It needs the `hypothesis` package, which the
``test`` extra installs: ``pip install "gentensor[test]"``.

Examples
--------
>>> import gentensor as gt
>>> from gentensor.testing import tensors
>>> from hypothesis import given
>>> @given(tensors(ops=gt.rationals, shape=(2, 3)))
... def test_transpose_twice(x):
...     assert gt.array_equal(x.T.T, x)

Strategies: `shapes`, `broadcastable_shapes`, `elements`
(for every built-in ops and ``gt.modular(n)``), and `tensors`, which can
also draw strided views (``views=True``) and takes an ``elements=`` strategy
for a user ring.
"""

from __future__ import annotations

import math
from typing import Any, Sequence

from ._docs import public_dir as _public_dir, section, sections
from .errors import ArgumentTypeError, ArgumentValueError

try:
    from hypothesis import strategies as st
except ImportError as e:  # pragma: no cover - exercised only without the test extra
    raise ImportError(
        "gentensor.testing needs hypothesis; install it with: pip install 'gentensor[test]'"
    ) from e

from .core.tensor import Tensor
from .arrays.dtypes import isdtype
from .arrays.manipulation import permute_dims
from .ops import ElementOps, OpsSpec, as_ops, capabilities_of, integers

__all__ = ["shapes", "broadcastable_shapes", "elements", "tensors"]
__dir__ = _public_dir(globals())  # the public names, not the imports this module is built from

SearchStrategy = st.SearchStrategy

#: What the two shape strategies return (see gentensor._docs).
_SHAPES = section("Returns", ("SearchStrategy[tuple[int, ...]]", ""))


@sections(_SHAPES)
def shapes(*, min_dims: int = 0, max_dims: int = 3, min_side: int = 0, max_side: int = 4) -> SearchStrategy[tuple[int, ...]]:
    """Tensor shapes: tuples of ``min_dims`` to ``max_dims`` lengths in ``[min_side, max_side]``.

    Examples
    --------
    >>> from hypothesis import given
    >>> @given(shapes(min_dims=1, max_dims=2, max_side=3))
    ... def check(shape):
    ...     assert 1 <= len(shape) <= 2 and all(0 <= n <= 3 for n in shape)
    >>> check()
    """
    _check_range("shapes", "dims", min_dims, max_dims)
    _check_range("shapes", "side", min_side, max_side)
    return st.lists(st.integers(min_side, max_side), min_size=min_dims, max_size=max_dims).map(tuple)


@sections(_SHAPES)
def broadcastable_shapes(
    shape: Sequence[int], /, *, min_dims: int = 0, max_dims: int | None = None, min_side: int = 1, max_side: int = 4
) -> SearchStrategy[tuple[int, ...]]:
    """Shapes that broadcast with ``shape`` (NumPy rules).

    Each drawn shape has ``min_dims`` to ``max_dims`` axes (default: up to
    ``len(shape) + 2``); an axis aligned with an axis of ``shape`` is equal to
    it or 1 (or anything when that axis of ``shape`` is 1), the other axes
    have lengths in ``[min_side, max_side]``.

    Examples
    --------
    >>> import gentensor as gt
    >>> from hypothesis import given
    >>> @given(broadcastable_shapes((3, 1)))
    ... def check(other):
    ...     assert all(a == b or 1 in (a, b) for a, b in zip(other[::-1], (1, 3)))
    >>> check()
    """
    base = tuple(shape)
    top = len(base) + 2 if max_dims is None else max_dims
    _check_range("broadcastable_shapes", "dims", min_dims, top)
    _check_range("broadcastable_shapes", "side", min_side, max_side)

    @st.composite
    def draw_shape(draw: Any) -> tuple[int, ...]:
        ndim = draw(st.integers(min_dims, top))
        out = []
        for k in range(1, ndim + 1):
            if k <= len(base):
                n = base[-k]
                choices = st.integers(min_side, max_side) if n == 1 else st.sampled_from((n, 1))
                out.append(draw(choices))
            else:
                out.append(draw(st.integers(min_side, max_side)))
        return tuple(reversed(out))

    return draw_shape()


def elements(ops: OpsSpec = integers, /, *, min_value: Any = None, max_value: Any = None) -> SearchStrategy[Any]:
    """Elements of a built-in ops: what a tensor of that ops holds.

    Parameters
    ----------
    ops : ops object, type or name
        ``gt.integers``, ``gt.rationals``, ``gt.floats`` (finite),
        ``gt.complexes`` (finite), ``gt.booleans``, ``gt.symbolic`` (small
        polynomials and rational functions in ``x, y, z``), ``gt.objects``
        (ints and Fractions) or ``gt.modular(n)``.  A user ring has no
        built-in strategy: pass ``elements=`` to `tensors` instead.
    min_value, max_value
        Bounds, for the ordered ops (integers, rationals, floats).

    Returns
    -------
    SearchStrategy

    Raises
    ------
    ArgumentTypeError
        No strategy is known for ``ops``.

    Examples
    --------
    >>> import gentensor as gt
    >>> from hypothesis import given
    >>> @given(elements(gt.modular(5)))
    ... def check(v):
    ...     assert 0 <= v < 5
    >>> check()
    """
    target = as_ops(ops, "elements")
    caps = capabilities_of(target)
    bounds = {"min_value": min_value, "max_value": max_value}
    if caps.index:
        return st.integers(**bounds)
    if caps.rational:
        return st.fractions(**bounds, max_denominator=1000)
    if caps.floating and not caps.complex:
        return st.floats(**bounds, allow_nan=False, allow_infinity=False)
    if min_value is not None or max_value is not None:
        raise ArgumentTypeError(f"elements: min_value/max_value apply to integers, rationals and floats (got ops={target!r})")
    if caps.mask:
        return st.booleans()
    if caps.complex:
        return st.complex_numbers(allow_nan=False, allow_infinity=False, max_magnitude=1e150)
    if caps.residues and caps.characteristic:
        return st.integers(0, caps.characteristic - 1)
    if caps.symbolic:
        return _symbolic_elements()
    if isdtype(target, "object"):  # any Python value: numbers it can order
        return st.one_of(st.integers(), st.fractions(max_denominator=1000))
    raise ArgumentTypeError(
        f"elements: no built-in strategy for the ops {target!r}; "
        "pass tensors(ops=..., elements=<a strategy of your elements>)"
    )


def _symbolic_elements() -> SearchStrategy[Any]:
    import sympy

    x, y, z = sympy.symbols("x y z")
    leaves = st.one_of(
        st.integers(-5, 5).map(sympy.Integer),
        st.fractions(min_value=-5, max_value=5, max_denominator=6).map(lambda q: sympy.Rational(q.numerator, q.denominator)),
        st.sampled_from((x, y, z)),
    )

    def combine(children: SearchStrategy[Any]) -> SearchStrategy[Any]:
        return st.one_of(
            st.tuples(children, children).map(lambda ab: ab[0] + ab[1]),
            st.tuples(children, children).map(lambda ab: ab[0] * ab[1]),
            st.tuples(children, st.integers(2, 3)).map(lambda bk: bk[0] ** bk[1]),
        )

    return st.recursive(leaves, combine, max_leaves=4)


def tensors(
    *,
    ops: OpsSpec = integers,
    shape: Any = None,
    elements: SearchStrategy[Any] | None = None,
    views: bool = False,
) -> SearchStrategy[Tensor[Any]]:
    """Tensors of ``ops`` with a given or drawn shape, optionally as strided views.

    Parameters
    ----------
    ops : ops object, type or name
        The element operations (any built-in ops, ``gt.modular(n)``, or a
        user ring together with ``elements=``).
    shape : int, tuple or strategy, optional
        The shape, or a strategy of shapes (default: `shapes`).
    elements : strategy, optional
        The elements to draw (default: `elements` of ``ops``); values are
        passed through ``ops.convert``.
    views : bool
        When true the tensor may be a strided view of a larger tensor:
        transposed, sliced with steps of 1 or 2 in either direction, with an
        offset (its ``base`` is the larger tensor).  Code under test must then
        treat views correctly.

    Returns
    -------
    SearchStrategy[Tensor]
        Each drawn value is a new tensor (or a view of a new tensor).

    Examples
    --------
    >>> import gentensor as gt
    >>> from hypothesis import given, settings
    >>> @settings(max_examples=10)
    ... @given(tensors(ops=gt.rationals, shape=(2, 3), views=True))
    ... def check(x):
    ...     assert x.shape == (2, 3) and x.ops is gt.rationals
    ...     assert x.tolist() == x.copy().tolist()
    >>> check()
    """
    target = as_ops(ops, "tensors")
    values = elements if elements is not None else globals()["elements"](target)
    if shape is None:
        shape_strategy: SearchStrategy[Any] = shapes()
    elif isinstance(shape, SearchStrategy):
        shape_strategy = shape
    else:
        shape_strategy = st.just(shape)

    @st.composite
    def draw_tensor(draw: Any) -> Tensor[Any]:
        dims = _as_shape(draw(shape_strategy))
        if not views:
            return _owner(draw, values, target, dims)
        return _view(draw, values, target, dims)

    return draw_tensor()


def _owner(draw: Any, values: SearchStrategy[Any], ops: ElementOps, dims: tuple[int, ...]) -> Tensor[Any]:
    n = math.prod(dims)
    flat = draw(st.lists(values, min_size=n, max_size=n))
    return Tensor._from_flat(list(map(ops.convert, flat)), dims, ops)


def _view(draw: Any, values: SearchStrategy[Any], ops: ElementOps, dims: tuple[int, ...]) -> Tensor[Any]:
    """A view of shape ``dims`` taken from a larger tensor by slicing and permuting."""
    ndim = len(dims)
    perm = draw(st.permutations(range(ndim))) if ndim else []
    pre = [0] * ndim  # the shape before permuting: pre[perm[i]] == dims[i]
    for i, p in enumerate(perm):
        pre[p] = dims[i]
    base_shape, index = [], []
    for n in pre:
        step = draw(st.sampled_from((1, 2, -1, -2)))
        lead = draw(st.integers(0, 2))
        length = lead + abs(step) * n + draw(st.integers(0, 1))
        base_shape.append(length)
        if step > 0 or n == 0:
            index.append(slice(lead, lead + step * n, step))
        else:
            start = length - 1 - lead
            stop = start + step * n
            index.append(slice(start, stop if stop >= 0 else None, step))
    base = _owner(draw, values, ops, tuple(base_shape))
    sliced = base[tuple(index)] if ndim else base[...]
    return permute_dims(sliced, perm) if ndim else sliced


def _as_shape(shape: Any) -> tuple[int, ...]:
    return (shape,) if isinstance(shape, int) else tuple(shape)


def _check_range(func: str, what: str, lo: int, hi: int) -> None:
    if not 0 <= lo <= hi:
        raise ArgumentValueError(f"{func}: need 0 <= min_{what} <= max_{what} (got {lo} and {hi})")
