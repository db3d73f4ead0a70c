"""What a matrix is: structure and definiteness predicates (its minors, subspaces and permanent: `.minors`).

The predicates decide with the ring's own zero test (``ops.is_zero``: for
expressions the sound symbolic test, which raises
[`UndecidableError`][gentensor.errors.UndecidableError] rather than guess) and answer ``True``/``False``
for one matrix, a booleans tensor for a stack -- SymPy's ``Matrix.is_*``
properties, which may also answer ``None``.

Definiteness follows SymPy: a matrix is positive definite when its
Hermitian part ``(x + x^H)/2`` is.  The Hermitian part has real eigenvalues,
so the signs of the coefficients of its characteristic polynomial count
them exactly (Descartes' rule of signs is exact for real-rooted polynomials):
no eigenvalue is computed, no square root taken.

Examples
--------
>>> import gentensor as gt
>>> a = gt.tensor([[2, -1], [-1, 2]])
>>> gt.linalg.is_symmetric(a), gt.linalg.is_positive_definite(a), gt.linalg.is_nilpotent(a)
(True, True, False)
>>> gt.linalg.cofactor_matrix(a).tolist()
[[2, 1], [1, 2]]
"""

from __future__ import annotations

from functools import partial
from typing import Any, Callable, Optional

from .._docs import examples, made, section
from ..compute import conjugator
from ..core.operands import as_tensor
from ..core.tensor import Tensor
from ..errors import DomainError
from ..ops import ElementOps, booleans, capabilities_of, symbolic
from . import _policy
from ._stack import Stack, run, stack_of

__all__ = [
    "is_square",
    "is_symmetric",
    "is_hermitian",
    "is_anti_symmetric",
    "is_diagonal",
    "is_lower",
    "is_upper",
    "is_lower_hessenberg",
    "is_upper_hessenberg",
    "is_zero_matrix",
    "is_identity",
    "is_echelon",
    "is_nilpotent",
    "is_positive_definite",
    "is_positive_semidefinite",
    "is_negative_definite",
    "is_negative_semidefinite",
    "is_indefinite",
    "is_strongly_diagonally_dominant",
    "is_weakly_diagonally_dominant",
]

def _answer(results: list[Any], stack: Stack) -> Tensor[Any] | bool:
    if not stack.batch:
        return bool(results[0])
    return Tensor._from_flat([bool(r) for r in results], stack.batch, booleans)


def _predicate(
    x: Any, func: str, test: Callable[[list[list[Any]], ElementOps], bool], square: bool = False, stack: Any = None
) -> Tensor[Any] | bool:
    """``test`` on each matrix (``False`` for every non-square one when ``square``)."""
    stack = stack_of(x, func, square=False) if stack is None else stack
    if square and stack.m != stack.n:
        return _answer([False] * len(stack.matrices), stack)
    return _answer([test(rows, stack.ops) for rows in stack.matrices], stack)


def _zero_outside(rows: list[list[Any]], ops: ElementOps, keep: Callable[[int, int], bool]) -> bool:
    return all(ops.is_zero(v) for i, row in enumerate(rows) for j, v in enumerate(row) if not keep(i, j))


# -- structure ---------------------------------------------------------------------------------------


def is_square(x: Tensor[Any], /) -> bool:
    """True when the last two axes of ``x`` have the same length.

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.linalg.is_square(gt.zeros((2, 3))), gt.linalg.is_square(gt.eye(3))
    (False, True)
    """
    x = as_tensor(x, "is_square")
    return x.ndim >= 2 and x.shape[-1] == x.shape[-2]


def is_symmetric(x: Tensor[Any], /) -> Tensor[Any] | bool:
    """True when ``x == x.mT`` (a non-square matrix is not symmetric).

    Returns
    -------
    bool or Tensor
        A ``bool`` for one matrix, a new booleans tensor for a stack.

    Raises
    ------
    ShapeError
        ``x.ndim < 2``.
    UndecidableError
        An entry's zero test cannot decide (symbolic elements).

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.linalg.is_symmetric(gt.tensor([[1, 2], [2, 1]])), gt.linalg.is_symmetric(gt.tensor([[1, 2], [3, 1]]))
    (True, False)
    """
    return _predicate(x, "is_symmetric", lambda r, o: _mirrored(r, o, lambda v: v), square=True)


def _mirrored(rows: list[list[Any]], ops: ElementOps, f: Callable[[Any], Any]) -> bool:
    n = len(rows)
    return all(ops.equal(rows[i][j], f(rows[j][i])) for i in range(n) for j in range(i, n))


def is_hermitian(x: Tensor[Any], /) -> Tensor[Any] | bool:
    """True when ``x == x.H`` (the conjugate transpose); for real rings the same as [`is_symmetric`][gentensor.linalg.properties.is_symmetric].

    Examples
    --------
    >>> import gentensor as gt, sympy
    >>> gt.linalg.is_hermitian(gt.tensor([[1, 2 + sympy.I], [2 - sympy.I, 3]]))
    True
    """
    stack = stack_of(x, "is_hermitian", square=False)
    conj = conjugator(stack.ops, "is_hermitian") or (lambda v: v)
    return _predicate(x, "is_hermitian", lambda r, o: _mirrored(r, o, conj), square=True, stack=stack)


def is_anti_symmetric(x: Tensor[Any], /) -> Tensor[Any] | bool:
    """True when ``x == -x.mT``.

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.linalg.is_anti_symmetric(gt.tensor([[0, 2], [-2, 0]]))
    True
    """
    return _predicate(x, "is_anti_symmetric", lambda r, o: _mirrored(r, o, o.neg), square=True)


#: What the predicates return (see gentensor._docs).
_ANSWER = section("Returns", ("bool or Tensor", "A ``bool`` for one matrix, a new booleans tensor for a stack."))
#: What minor and permanent return, and the error they share.
_PER_MATRIX = section(
    "Returns", ("element or Tensor", "One element for a matrix; a new tensor of shape ``x.shape[:-2]`` for a stack.")
)
_NOT_SQUARE = ("NonSquareError", "``x`` is not square.")
_NO_SIGN = section(
    "Raises",
    (
        "DomainError",
        "A sign cannot be decided (free symbols), or the ring has no order or\nconjugation (integers mod n).",
    ),
)


def _made_predicate(
    predicate: Any, name: str, summary: str, example: list[list[int]], *more: str
) -> Callable[..., Tensor[Any] | bool]:
    """``predicate`` as the public ``name``, its docstring made of ``summary``, `_ANSWER`, ``more`` sections and an example."""
    call = f"gt.linalg.{name}(gt.tensor({example}))"
    return made(predicate, name, __name__, "\n\n".join([summary, _ANSWER, *more, examples(call, "True")]))


def _band(
    name: str, keep: Callable[[int, int], bool], when: str, example: list[list[int]]
) -> Callable[..., Tensor[Any] | bool]:
    """The predicate ``name``: true when every entry ``(i, j)`` outside ``keep(i, j)`` is zero, documented by ``when``.

    Made once for the family below (each a function of its own on the
    pages, in ``help()`` and to doctest); ``example`` is a matrix it holds for.
    """

    def predicate(x: Tensor[Any], /) -> Tensor[Any] | bool:
        return _predicate(x, name, lambda r, o: _zero_outside(r, o, keep))

    return _made_predicate(predicate, name, f"True when {when}.", example)


# The matrices that are zero outside a band around the main diagonal (rectangular ones too).
is_diagonal = _band(
    "is_diagonal",
    lambda i, j: i == j,
    "every entry off the main diagonal is zero (rectangular matrices too)",
    [[1, 0, 0], [0, 2, 0]],
)
is_lower = _band(
    "is_lower",
    lambda i, j: j <= i,
    "``x`` is lower triangular: zero above the main diagonal",
    [[1, 0], [5, 2]],
)
is_upper = _band(
    "is_upper",
    lambda i, j: j >= i,
    "``x`` is upper triangular: zero below the main diagonal",
    [[1, 3], [0, 2]],
)
is_lower_hessenberg = _band(
    "is_lower_hessenberg",
    lambda i, j: j <= i + 1,
    "``x`` is zero above the first superdiagonal",
    [[1, 2, 0], [1, 2, 3], [1, 2, 3]],
)
is_upper_hessenberg = _band(
    "is_upper_hessenberg",
    lambda i, j: i <= j + 1,
    "``x`` is zero below the first subdiagonal (see [`hessenberg`][gentensor.linalg.forms.hessenberg])",
    [[1, 2, 3], [4, 5, 6], [0, 7, 8]],
)
is_zero_matrix = _band(
    "is_zero_matrix",
    lambda i, j: False,
    "every entry is zero",
    [[0, 0], [0, 0]],
)


def is_identity(x: Tensor[Any], /) -> Tensor[Any] | bool:
    """True when ``x`` is square with ones on the diagonal and zeros elsewhere.

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.linalg.is_identity(gt.eye(3)), gt.linalg.is_identity(gt.eye(2, 3))
    (True, False)
    """

    def test(rows: list[list[Any]], ops: ElementOps) -> bool:
        return all(ops.equal(v, ops.one if i == j else ops.zero) for i, row in enumerate(rows) for j, v in enumerate(row))

    return _predicate(x, "is_identity", test, square=True)


def is_echelon(x: Tensor[Any], /) -> Tensor[Any] | bool:
    """True when ``x`` is in row echelon form: each row's first non-zero entry right of the one above, zero rows last.

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.linalg.is_echelon(gt.tensor([[1, 2, 3], [0, 0, 4], [0, 0, 0]]))
    True
    >>> gt.linalg.is_echelon(gt.tensor([[0, 1], [1, 0]]))
    False
    """

    def test(rows: list[list[Any]], ops: ElementOps) -> bool:
        last = -1
        for row in rows:
            lead = next((j for j, v in enumerate(row) if not ops.is_zero(v)), None)
            if lead is None:
                last = len(row)
                continue
            if lead <= last:
                return False
            last = lead
        return True

    return _predicate(x, "is_echelon", test)


# -- spectrum-based ----------------------------------------------------------------------------------


def is_nilpotent(x: Tensor[Any], /, *, executor: Any = None, workers: Optional[int] = None) -> Tensor[Any] | bool:
    """True when some power of ``x`` is zero: the coefficients of its characteristic polynomial (division-free)
    below the leading one are nilpotent -- all zero over an integral domain; over ``modular(n)`` a power of each is.

    Raises
    ------
    NonSquareError
        ``x`` is not square (as SymPy).
    DomainError
        The ring is not commutative, or has zero divisors and is not ``modular(n)`` (and the polynomial is not ``t**n``).

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.linalg.is_nilpotent(gt.tensor([[0, 1, 2], [0, 0, 3], [0, 0, 0]])), gt.linalg.is_nilpotent(gt.eye(2))
    (True, False)
    >>> gt.linalg.is_nilpotent(gt.tensor([[2]], ops=gt.modular(4)))  # 2 * 2 == 0 mod 4
    True
    """
    stack = stack_of(x, "is_nilpotent", square=True)
    caps = _policy.check_commutative(stack.ops, "is_nilpotent")
    task = partial(_policy.charpoly, ops=stack.ops, provider=_policy.kernel_of(stack.ops, "charpoly"))
    coefficients = run(task, stack, "is_nilpotent", executor, workers)
    return _answer([_nilpotent_coefficients(cs[1:], stack.ops, caps) for cs in coefficients], stack)


def _nilpotent_coefficients(cs: list[Any], ops: ElementOps, caps: Any) -> bool:
    """Whether the coefficients below the leading one of a characteristic polynomial are all nilpotent elements.

    That is the matrix being nilpotent, over any commutative ring (it is, over each residue field).  Without zero
    divisors the only nilpotent element is 0; a residue ``c`` mod ``n`` is nilpotent when ``c**k`` is ``0`` for the
    largest exponent ``k`` in ``n``'s factorisation, at most ``n.bit_length()``.
    """
    if all(ops.is_zero(c) for c in cs):
        return True  # x**n == 0 by Cayley-Hamilton, in any commutative ring
    if caps.integral_domain:
        return False
    n = caps.characteristic
    if caps.residues and isinstance(n, int) and n > 1:
        return all(pow(int(c), n.bit_length(), n) == 0 for c in cs)
    raise DomainError(
        f"is_nilpotent: over {ops.name}, a ring with zero divisors, the characteristic polynomial decides only "
        "with its nilpotent elements known; compute powers of the matrix instead (gt.linalg.matrix_power)"
    )


def _sign(c: Any, ops: ElementOps, func: str) -> int:
    """The sign of a real element, decided exactly (an ordered ring's order, or enclosures of a SymPy number)."""
    if ops.is_zero(c):
        return 0
    caps = capabilities_of(ops)
    if caps.ordered:
        return 1 if ops.lt(ops.zero, c) else -1  # type: ignore[attr-defined]
    from ..ops import enclose_algebraic

    value = symbolic.convert(c)
    if value.free_symbols:  # SymPy's assumptions prove a sign or say nothing
        if value.is_positive:
            return 1
        if value.is_negative:
            return -1
        raise DomainError(
            f"{func}: cannot decide the sign of {value} (got free symbols whose assumptions do not fix it); "
            "declare them positive/negative, or substitute values"
        )
    for prec in (64, 256, 1024):
        box = enclose_algebraic(value, prec)
        if box is None:
            break
        from ..ops import interval_negative as _negative, interval_positive as _positive

        if _positive(box[0]):
            return 1
        if _negative(box[0]):
            return -1
    raise DomainError(f"{func}: cannot decide the sign of {value}; simplify the entries first")


def _inertia(rows: list[list[Any]], ops: ElementOps, func: str) -> tuple[int, int, int]:
    """``(positive, negative, zero)`` eigenvalue counts of the Hermitian part of ``rows``.

    First by congruence (Sylvester's law of inertia): symmetric elimination
    with 1x1 pivots of known sign, and 2x2 pivots ``[[0, h], [conj(h), 0]]``
    (one positive, one negative eigenvalue) when the diagonal is zero; if a
    pivot's sign cannot be decided, by the signs of the characteristic
    polynomial's coefficients (Descartes).
    """
    n = len(rows)
    field = _policy.field_ops(ops)
    conj = conjugator(field, func) or (lambda v: v)
    half = field.div(field.one, field.add(field.one, field.one))
    H = [[field.mul(half, field.add(field.convert(rows[i][j]), conj(field.convert(rows[j][i])))) for j in range(n)] for i in range(n)]
    try:
        return _congruence_inertia([r[:] for r in H], field, conj, func)
    except DomainError:
        return _descartes_inertia(H, field, func)


def _congruence_inertia(S: list[list[Any]], F: ElementOps, conj: Callable[[Any], Any], func: str) -> tuple[int, int, int]:
    """Inertia by symmetric elimination (``S`` Hermitian, consumed).

    Uses ``F.is_zero, F.sub, F.mul, F.div`` and `_sign`.
    """
    positive = negative = 0
    while S:
        m = len(S)
        pivot = next((i for i in range(m) if not F.is_zero(S[i][i])), None)
        if pivot is not None:
            d = S[pivot][pivot]
            if _sign(d, F, func) > 0:
                positive += 1
            else:
                negative += 1
            rest = [i for i in range(m) if i != pivot]
            S = [[F.sub(S[i][j], F.div(F.mul(S[i][pivot], S[pivot][j]), d)) for j in rest] for i in rest]
            continue
        pair = next(((i, j) for i in range(m) for j in range(i + 1, m) if not F.is_zero(S[i][j])), None)
        if pair is None:
            break  # the rest is zero
        i, j = pair
        positive += 1
        negative += 1
        h = S[i][j]
        norm = F.mul(h, conj(h))  # the 2x2 block [[0, h], [conj h, 0]] has inverse [[0, 1/conj h], [1/h, 0]]
        rest = [k for k in range(m) if k not in (i, j)]

        def reduced(a: int, b: int) -> Any:
            # S[a][b] - [S[a][i], S[a][j]] B^-1 [S[i][b], S[j][b]]^T with B^-1 = [[0, h], [conj h, 0]] / |h|^2
            t = F.add(F.mul(S[a][i], F.mul(h, S[j][b])), F.mul(S[a][j], F.mul(conj(h), S[i][b])))
            return F.sub(S[a][b], F.div(t, norm))

        S = [[reduced(a, b) for b in rest] for a in rest]
    return positive, negative, len(S)


def _descartes_inertia(H: list[list[Any]], field: ElementOps, func: str) -> tuple[int, int, int]:
    """Inertia from the signs of the characteristic polynomial's coefficients (its roots are real)."""
    n = len(H)
    coeffs = _policy.charpoly(H, field, _policy.kernel_of(field, "charpoly"))  # highest degree first
    signs = [_sign(c, field, func) for c in coeffs]
    zeros = 0
    while zeros < n and signs[n - zeros] == 0:
        zeros += 1
    kept = signs[: n + 1 - zeros]
    positive = _variations(kept)
    negative = _variations([s if (len(kept) - 1 - k) % 2 == 0 else -s for k, s in enumerate(kept)])
    return positive, negative, zeros


def _variations(signs: list[int]) -> int:
    nonzero = [s for s in signs if s]
    return sum(1 for a, b in zip(nonzero, nonzero[1:]) if a != b)


def _definiteness(
    name: str, decide: Callable[[int, int, int, int], bool], when: str, example: list[list[int]]
) -> Callable[..., Tensor[Any] | bool]:
    """The predicate ``name`` on the inertia of the Hermitian part: ``decide(positive, negative, zero, n)``.

    A non-square matrix answers ``False``.  Made once for the family below,
    documented by ``when``; ``example`` is a matrix it holds for.
    """

    def predicate(x: Tensor[Any], /) -> Tensor[Any] | bool:
        stack = stack_of(x, name, square=False)
        _policy.check_numbers(stack.ops, name, "an order")
        if stack.m != stack.n:
            return _answer([False] * len(stack.matrices), stack)
        return _answer([decide(*_inertia(rows, stack.ops, name), stack.n) for rows in stack.matrices], stack)

    return _made_predicate(predicate, name, f"True when the Hermitian part of ``x`` has {when}.", example, _NO_SIGN)


# The definiteness of a matrix, read off the inertia of its Hermitian part (Sylvester's law).
is_positive_definite = _definiteness(
    "is_positive_definite",
    lambda p, q, z, n: p == n,
    "only positive eigenvalues (``v^H x v > 0`` for ``v != 0``)",
    [[2, 1], [1, 2]],
)
is_positive_semidefinite = _definiteness(
    "is_positive_semidefinite",
    lambda p, q, z, n: q == 0,
    "no negative eigenvalue",
    [[1, 1], [1, 1]],
)
is_negative_definite = _definiteness(
    "is_negative_definite",
    lambda p, q, z, n: q == n,
    "only negative eigenvalues",
    [[-2, 1], [1, -2]],
)
is_negative_semidefinite = _definiteness(
    "is_negative_semidefinite",
    lambda p, q, z, n: p == 0,
    "no positive eigenvalue",
    [[0, 0], [0, -1]],
)
is_indefinite = _definiteness(
    "is_indefinite",
    lambda p, q, z, n: p > 0 and q > 0,
    "both positive and negative eigenvalues",
    [[1, 2], [2, 1]],
)


def _dominance(
    name: str, strict: bool, example: list[list[int]]
) -> Callable[..., Tensor[Any] | bool]:
    """``is_strongly_diagonally_dominant`` (``strict``) or ``is_weakly_diagonally_dominant``: each diagonal entry against its row."""

    def test(rows: list[list[Any]], ops: ElementOps) -> bool:
        field = _policy.field_ops(ops)
        absolute = getattr(field, "abs", None)
        if absolute is None:
            raise DomainError(f"{name}: the ring has no absolute value (got ops {ops!r})")
        for i, row in enumerate(rows):
            off = field.sum(absolute(field.convert(v)) for j, v in enumerate(row) if j != i)
            s = _sign(field.sub(absolute(field.convert(row[i])), off), field, name)
            if s < 0 or (strict and s == 0):
                return False
        return True

    def test_numbers(rows: list[list[Any]], ops: ElementOps) -> bool:
        _policy.check_numbers(ops, name, "an absolute value and an order")
        return test(rows, ops)

    def predicate(x: Tensor[Any], /) -> Tensor[Any] | bool:
        return _predicate(x, name, test_numbers, square=True)

    relation = ">" if strict else ">="
    return _made_predicate(predicate, name, f"True when ``|x[i, i]| {relation} sum(|x[i, j]|, j != i)`` for every row.", example)


is_strongly_diagonally_dominant = _dominance("is_strongly_diagonally_dominant", True, [[3, 1], [1, 3]])
is_weakly_diagonally_dominant = _dominance("is_weakly_diagonally_dominant", False, [[1, 1], [1, 1]])
