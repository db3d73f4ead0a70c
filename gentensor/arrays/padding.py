"""Padding: NumPy's ``pad`` with its constant, edge, reflect, symmetric and wrap modes.

Each axis is padded in turn (the first axis first), so a corner belongs to
the last axis padded, as in NumPy.  The padding values are elements of the
tensor's own ops: a constant that has no exact value there is refused
(``pad`` of integers with ``0.5`` raises) instead of being rounded.

Examples
--------
>>> import gentensor as gt
>>> gt.pad(gt.tensor([[1, 2], [3, 4]]), 1).tolist()
[[0, 0, 0, 0], [0, 1, 2, 0], [0, 3, 4, 0], [0, 0, 0, 0]]
>>> gt.pad(gt.tensor([1, 2, 3]), (2, 3), mode="reflect").tolist()
[3, 2, 1, 2, 3, 2, 1, 2]
"""

from __future__ import annotations

from typing import Any, Callable

from ..core.operands import as_tensor
from ..core.tensor import Tensor
from ..errors import ArgumentTypeError, ArgumentValueError, ShapeError
from ..resources import check_shape
from .composition import concat, take
from .creation import full

__all__ = ["pad"]


def _edge(p: int, n: int) -> int:
    return min(max(p, 0), n - 1)


def _wrap(p: int, n: int) -> int:
    return p % n


def _reflect(p: int, n: int) -> int:
    if n == 1:
        return 0
    m = p % (2 * n - 2)
    return m if m < n else 2 * n - 2 - m


def _symmetric(p: int, n: int) -> int:
    m = p % (2 * n)
    return m if m < n else 2 * n - 1 - m


#: The modes, and for each but ``constant`` the source index of a padded position ``p`` (``-before <= p < n + after``).
PAD_MODES: dict[str, Callable[[int, int], int] | None] = {
    "constant": None,
    "empty": None,
    "edge": _edge,
    "wrap": _wrap,
    "reflect": _reflect,
    "symmetric": _symmetric,
}


def _pairs(value: Any, ndim: int, func: str, what: str, check: Callable[[Any], Any]) -> list[tuple[Any, Any]]:
    """NumPy's broadcasting of ``pad_width`` / ``constant_values`` to one ``(before, after)`` pair per axis."""
    if isinstance(value, Tensor):
        value = value.tolist()
    if not isinstance(value, (list, tuple)):
        return [(check(value), check(value))] * ndim
    items = list(value)
    if all(not isinstance(v, (list, tuple)) for v in items):
        if len(items) == 1:
            return [(check(items[0]), check(items[0]))] * ndim
        if len(items) == 2:
            return [(check(items[0]), check(items[1]))] * ndim
    elif all(isinstance(v, (list, tuple)) and len(v) in (1, 2) for v in items) and len(items) in (1, ndim):
        rows = [(check(v[0]), check(v[-1])) for v in items]
        return rows * ndim if len(items) == 1 else rows
    raise ShapeError(
        f"{func}: {what} must be a number, (before, after), or one (before, after) per axis of a "
        f"{ndim}-d tensor (got {value!r})"
    )


def _width(w: Any) -> int:
    if isinstance(w, bool) or not isinstance(w, int) and not hasattr(w, "__index__"):
        raise ArgumentTypeError(f"pad: pad widths must be ints (got {w!r})")
    w = int(w.__index__())
    if w < 0:
        raise ArgumentValueError(f"pad: pad widths must be non-negative (got {w})")
    return w


def _element(x: Tensor[Any], value: Any) -> Any:
    try:
        return x.ops.convert(value)
    except (TypeError, ValueError, ArithmeticError) as e:
        raise ArgumentTypeError(
            f"pad: constant_values {value!r} has no exact value in {x.ops!r} ({e}); "
            "convert the tensor first (x.astype(...))"
        ) from None


def pad(x: Any, pad_width: Any, /, *, mode: str = "constant", constant_values: Any = 0) -> Tensor[Any]:
    """``x`` with ``pad_width`` elements added before and after each axis (NumPy's ``pad``).

    Parameters
    ----------
    x : Tensor or array-like
    pad_width : int, (before, after), or one (before, after) per axis
    mode : {"constant", "edge", "reflect", "symmetric", "wrap", "empty"}
        ``"constant"``: ``constant_values``; ``"edge"``: the edge element;
        ``"reflect"``: the mirror image without the edge (``3 2 | 1 2 3``);
        ``"symmetric"``: with the edge (``2 1 | 1 2 3``); ``"wrap"``: the
        other end; ``"empty"``: ``ops.zero`` (NumPy leaves it undefined).
    constant_values : element, (before, after), or one pair per axis
        Converted exactly into ``x``'s ops.

    Returns
    -------
    Tensor
        A new tensor, longer by ``before + after`` along each axis.

    Raises
    ------
    ArgumentValueError
        An unknown mode or a negative width.
    ShapeError
        A ``pad_width`` that does not fit ``x``'s axes, or a mode other than
        ``"constant"``/``"empty"`` padding an axis of length 0.
    ArgumentTypeError
        A constant with no exact value in ``x``'s ops.

    Examples
    --------
    >>> import gentensor as gt
    >>> from fractions import Fraction
    >>> gt.pad(gt.tensor([Fraction(1, 3), 2]), (1, 2), constant_values=(Fraction(1, 2), 9))
    tensor([1/2, 1/3,   2,   9,   9], ops=rationals)
    >>> gt.pad(gt.tensor([[1, 2], [3, 4]]), ((0, 1), (2, 0)), mode="edge").tolist()
    [[1, 1, 1, 2], [3, 3, 3, 4], [3, 3, 3, 4]]
    """
    x = as_tensor(x, "pad")
    if not isinstance(mode, str) or mode not in PAD_MODES:
        raise ArgumentValueError(f"pad: unknown mode {mode!r}; use one of {', '.join(PAD_MODES)}")
    widths = _pairs(pad_width, x.ndim, "pad", "pad_width", _width)
    check_shape(tuple(n + b + a for n, (b, a) in zip(x.shape, widths)), "pad")
    source = PAD_MODES[mode]
    if source is None:
        fill = _pairs(constant_values, x.ndim, "pad", "constant_values", lambda v: v) if mode == "constant" else None
    out = x
    for ax, (before, after) in enumerate(widths):
        if not before and not after:
            continue
        n = out.shape[ax]
        if source is None:
            ends = fill[ax] if fill is not None else (x.ops.zero, x.ops.zero)
            parts = []
            for width, value in ((before, ends[0]), (after, ends[1])):
                shape = out.shape[:ax] + (width,) + out.shape[ax + 1 :]
                parts.append(full(shape, _element(x, value), ops=x.ops) if width else None)
            out = concat([p for p in (parts[0], out, parts[1]) if p is not None], axis=ax)
            continue
        if n == 0:
            raise ShapeError(f"pad: mode {mode!r} cannot extend axis {ax} of length 0 (got shape {x.shape})")
        out = take(out, [source(p, n) for p in range(-before, n + after)], axis=ax)
    return out.copy() if out is x else out
