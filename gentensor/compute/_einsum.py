"""einsum: parse Einstein subscripts, then contract the operands pairwise.

Parsing turns every axis into a *label* (a letter, or an int for each axis
covered by ``...``), checks every letter against the operand it indexes and
reports a bad subscript with its position.  Evaluation never loops over
index tuples in Python:

* repeated letters in one term (traces, diagonals) and length-1 axes that
  broadcast become strides of a view (the strides of a repeated letter add
  up; a broadcast axis gets stride 0);
* a label that only one operand carries and nobody needs later is summed
  out of that operand first (row sums of one gather);
* two neighbouring operands are contracted as a batched matrix product
  ``(batch, m, k) @ (batch, k, n)`` through `gentensor.compute._contract`, so
  ``'ij,jk->ik'`` runs the same kernel as ``matmul``.

Only neighbours are paired (the cheapest pair first), which keeps the
factors of every product in operand order: non-commutative rings are safe.
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache
from math import prod
from string import ascii_letters
from typing import Any, NamedTuple, Union

from ..core import kernels as _kernels
from ._contract import batched_matmul_flat, row_sums
from ..core.layout import Layout
from ..core.operands import convert_values
from ..core.tensor import Tensor
from ..errors import ArgumentTypeError, ShapeError
from ..ops import ElementOps, provider_info
from ..resources import check_shape

__all__ = ["parse", "contract"]

Label = Union[str, int]
_LETTERS = frozenset(ascii_letters)


class Subscripts(NamedTuple):
    """Parsed subscripts: labels per input axis, output labels, and the length of each label."""

    inputs: list[list[Label]]
    output: list[Label]
    sizes: dict[Label, int]


def _bad(subscripts: str, pos: int, what: str) -> ShapeError:
    pointer = " " * pos + "^"
    return ShapeError(f"einsum: {what} at position {pos} of {subscripts!r}\n    {subscripts}\n    {pointer}")


def _scan(subscripts: str, start: int, end: int) -> list[tuple[str, int]]:
    """The letters and ``'...'`` of one term, each with its position."""
    items: list[tuple[str, int]] = []
    i = start
    while i < end:
        c = subscripts[i]
        if c in _LETTERS:
            items.append((c, i))
            i += 1
        elif c == " ":
            i += 1
        elif c == "." and subscripts.startswith("...", i) and i + 3 <= end:
            if any(t == "..." for t, _ in items):
                raise _bad(subscripts, i, "a second '...' in one term")
            items.append(("...", i))
            i += 3
        elif c == ".":
            raise _bad(subscripts, i, "a '.' that is not part of '...'")
        else:
            raise _bad(
                subscripts, i, f"invalid character {c!r} (subscripts are letters a-z, A-Z, ',', '->' and '...')"
            )
    return items


#: Subscripts up to this length have their parse kept (`_parse_kept`): a loop of ``einsum`` calls parses once.
_KEPT_LENGTH = 128


def parse(subscripts: str, shapes: list[tuple[int, ...]]) -> Subscripts:
    """Check ``subscripts`` against the operand shapes and resolve labels and lengths.

    The result of a short ``subscripts`` is kept for the same shapes (the
    same object comes back: callers only read it).

    Examples
    --------
    >>> spec = parse("ij,jk", [(2, 3), (3, 4)])
    >>> spec.inputs, spec.output, spec.sizes == {"i": 2, "j": 3, "k": 4}
    ([['i', 'j'], ['j', 'k']], ['i', 'k'], True)
    >>> parse("...i,i->...", [(5, 2, 3), (3,)]).output
    [0, 1]
    """
    if type(subscripts) is str and len(subscripts) <= _KEPT_LENGTH:
        return _parse_kept(subscripts, tuple(shapes))
    return _parse(subscripts, shapes)


@lru_cache(maxsize=256)
def _parse_kept(subscripts: str, shapes: tuple[tuple[int, ...], ...]) -> Subscripts:
    return _parse(subscripts, list(shapes))  # an error is raised again on every call (lru_cache keeps results only)


def _parse(subscripts: str, shapes: list[tuple[int, ...]]) -> Subscripts:
    if not isinstance(subscripts, str):
        raise ArgumentTypeError(f"einsum: subscripts must be a string such as 'ij,jk->ik' (got {subscripts!r})")
    arrow = subscripts.find("->")
    lhs_end = arrow if arrow >= 0 else len(subscripts)
    if arrow >= 0 and subscripts.find("->", arrow + 2) >= 0:
        raise _bad(subscripts, subscripts.find("->", arrow + 2), "a second '->'")
    bounds = []
    start = 0
    for i in range(lhs_end):
        if subscripts[i] == ",":
            bounds.append((start, i))
            start = i + 1
    bounds.append((start, lhs_end))
    if len(bounds) != len(shapes):
        raise ShapeError(
            f"einsum: the subscripts {subscripts!r} have {len(bounds)} input term(s) but "
            f"{len(shapes)} operand(s) were given"
        )
    terms = [_scan(subscripts, lo, hi) for lo, hi in bounds]
    ellipsis_dims = _ellipsis_dims(subscripts, terms, bounds, shapes)
    width = max(ellipsis_dims, default=0)
    inputs: list[list[Label]] = []
    where: dict[Label, list[tuple[int, int, int]]] = {}  # label -> (operand, length, position)
    for k, (items, shape, e) in enumerate(zip(terms, shapes, ellipsis_dims)):
        labels: list[Label] = []
        positions: list[int] = []
        for name, pos in items:
            if name == "...":
                labels.extend(range(width - e, width))
                positions.extend([pos] * e)
            else:
                labels.append(name)
                positions.append(pos)
        for label, n, pos in zip(labels, shape, positions):
            where.setdefault(label, []).append((k, n, pos))
        inputs.append(labels)
    sizes = {label: _label_size(subscripts, label, seen, shapes) for label, seen in where.items()}
    output = _output(subscripts, arrow, terms, width)
    return Subscripts(inputs, output, sizes)


def _ellipsis_dims(
    subscripts: str, terms: list[list[tuple[str, int]]], bounds: list[tuple[int, int]], shapes: list[tuple[int, ...]]
) -> list[int]:
    """How many axes each operand's ``'...'`` covers (0 without one); checks the letter counts."""
    dims = []
    for k, (items, (lo, hi), shape) in enumerate(zip(terms, bounds, shapes)):
        letters = sum(1 for name, _ in items if name != "...")
        has_ellipsis = len(items) != letters
        if letters > len(shape) or (not has_ellipsis and letters != len(shape)):
            term = subscripts[lo:hi]
            raise _bad(
                subscripts,
                lo,
                f"term {term!r} names {letters} axes but operand {k} has {len(shape)} (shape {shape})",
            )
        dims.append(len(shape) - letters if has_ellipsis else 0)
    return dims


def _label_size(
    subscripts: str, label: Label, seen: list[tuple[int, int, int]], shapes: list[tuple[int, ...]]
) -> int:
    """The common length of a label's axes; length-1 axes broadcast (NumPy rules)."""
    size = 1
    first: tuple[int, int, int] | None = None
    for k, n, pos in seen:
        if n == 1:
            continue
        if first is None:
            first, size = (k, n, pos), n
        elif n != size:
            k0, n0, _ = first
            what = f"letter {label!r} stands" if isinstance(label, str) else "the axes covered by '...' stand"
            raise _bad(
                subscripts,
                pos,
                f"{what} for lengths {n0} (operand {k0}, shape {shapes[k0]}) and {n} "
                f"(operand {k}, shape {shapes[k]}), which do not broadcast",
            )
    return size


def _output(subscripts: str, arrow: int, terms: list[list[tuple[str, int]]], width: int) -> list[Label]:
    counts = Counter(name for items in terms for name, _ in items if name != "...")
    if arrow < 0:
        return [*range(width), *sorted(name for name, c in counts.items() if c == 1)]
    output: list[Label] = []
    has_ellipsis = False
    for name, pos in _scan(subscripts, arrow + 2, len(subscripts)):
        if name == "...":
            has_ellipsis = True
            output.extend(range(width))
        elif name in output:
            raise _bad(subscripts, pos, f"letter {name!r} appears twice in the output")
        elif name not in counts:
            raise _bad(subscripts, pos, f"output letter {name!r} does not appear in any input term")
        else:
            output.append(name)
    if width and not has_ellipsis:
        raise _bad(
            subscripts,
            arrow,
            f"the inputs use '...' for {width} axes but the output has no '...' (add it to the output)",
        )
    return output


class _Operand(NamedTuple):
    """A strided view with one label per axis (all distinct), over storage of some ops."""

    data: Any
    layout: Layout
    ops: ElementOps
    labels: list[Label]


def _prepare(x: Tensor[Any], labels: list[Label], sizes: dict[Label, int]) -> _Operand:
    """The view of ``x`` with repeated labels merged (strides added) and length-1 axes broadcast."""
    if len(set(labels)) == len(labels) and all(n == sizes[lb] for lb, n in zip(labels, x.shape)):
        return _Operand(x._store, x._layout, x._ops, list(labels))  # nothing to merge or broadcast: x's own layout
    order: list[Label] = []
    strides: dict[Label, int] = {}
    for label, n, s in zip(labels, x.shape, x.strides):
        step = s if n == sizes[label] else 0
        if label in strides:
            strides[label] += step
        else:
            order.append(label)
            strides[label] = step
    layout = Layout(tuple(sizes[lb] for lb in order), tuple(strides[lb] for lb in order), x._layout.offset)
    return _Operand(x._store, layout, x._ops, order)


def _read(item: _Operand, order: list[Label], ops: ElementOps) -> list[Any]:
    """The elements of ``item`` with its axes in ``order``, in C order, converted to ``ops``."""
    layout = item.layout.permute([item.labels.index(lb) for lb in order])
    return convert_values(_kernels.gather(item.data, layout), item.ops, ops)


def _flat(values: list[Any], labels: list[Label], sizes: dict[Label, int], ops: ElementOps) -> _Operand:
    return _Operand(values, Layout.contiguous(tuple(sizes[lb] for lb in labels)), ops, labels)


def _sum_out(item: _Operand, drop: list[Label], sizes: dict[Label, int], ops: ElementOps) -> _Operand:
    keep = [lb for lb in item.labels if lb not in drop]
    values = _read(item, keep + drop, ops)
    sums = row_sums(ops, values, prod(sizes[lb] for lb in drop), prod(sizes[lb] for lb in keep))
    return _flat(sums, keep, sizes, ops)


def _pair(a: _Operand, b: _Operand, needed: set[Label], sizes: dict[Label, int], ops: ElementOps) -> _Operand:
    """Contract neighbours ``a`` and ``b``, keeping the labels in ``needed``."""
    drop_a = [lb for lb in a.labels if lb not in b.labels and lb not in needed]
    if drop_a:
        a = _sum_out(a, drop_a, sizes, ops)
    drop_b = [lb for lb in b.labels if lb not in a.labels and lb not in needed]
    if drop_b:
        b = _sum_out(b, drop_b, sizes, ops)
    shared = [lb for lb in a.labels if lb in b.labels]
    batch = [lb for lb in shared if lb in needed]
    summed = [lb for lb in shared if lb not in needed]
    free_a = [lb for lb in a.labels if lb not in shared]
    free_b = [lb for lb in b.labels if lb not in shared]
    check_shape([sizes[lb] for lb in batch + free_a + free_b], "einsum")  # an intermediate result, before building it
    values = batched_matmul_flat(
        ops,
        _read(a, batch + free_a + summed, ops),
        _read(b, batch + summed + free_b, ops),
        prod(sizes[lb] for lb in batch),
        prod(sizes[lb] for lb in free_a),
        prod(sizes[lb] for lb in summed),
        prod(sizes[lb] for lb in free_b),
        _matmul_kernel(ops),
    )
    return _flat(values, batch + free_a + free_b, sizes, ops)


def _matmul_kernel(ops: ElementOps) -> Any:
    """The ring's ``"matmul"`` kernel provider (the one ``matmul`` uses), or None."""
    info = provider_info(ops, "matmul")
    return None if info is None else info.function


def _result_size(a: _Operand, b: _Operand, needed: set[Label], sizes: dict[Label, int]) -> int:
    labels = set(a.labels) | set(b.labels)
    return prod(sizes[lb] for lb in labels if lb in needed)


def contract(spec: Subscripts, operands: list[Tensor[Any]], ops: ElementOps) -> Any:
    """Evaluate parsed subscripts over the operands; the result's elements are of ``ops``.

    Returns the element itself when the output has no axes, else a new tensor.

    Examples
    --------
    >>> import gentensor as gt
    >>> a = gt.tensor([[1, 2], [3, 4]])
    >>> contract(parse("ii", [a.shape]), [a], gt.integers)
    5
    """
    sizes = spec.sizes
    check_shape([sizes[lb] for lb in spec.output], "einsum")
    items = [_prepare(x, labels, sizes) for x, labels in zip(operands, spec.inputs)]
    output = spec.output
    while len(items) > 1:
        best: tuple[int, int, set[Label]] | None = None
        for i in range(len(items) - 1):
            needed = set(output).union(*(items[j].labels for j in range(len(items)) if j not in (i, i + 1)))
            cost = _result_size(items[i], items[i + 1], needed, sizes)
            if best is None or cost < best[0]:
                best = (cost, i, needed)
        assert best is not None
        _, i, needed = best
        items[i : i + 2] = [_pair(items[i], items[i + 1], needed, sizes, ops)]
    item = items[0]
    drop = [lb for lb in item.labels if lb not in output]
    if drop:
        item = _sum_out(item, drop, sizes, ops)
    values = _read(item, output, ops)
    if not output:
        return values[0]
    return Tensor._from_flat(values, tuple(sizes[lb] for lb in output), ops)
