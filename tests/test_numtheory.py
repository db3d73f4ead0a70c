"""Element-wise number theory (gentensor.compute.numtheory) against NumPy, Python and SymPy.

``gcd``/``lcm``/``divmod`` follow NumPy's broadcasting and NumPy's values on
int64 (object arrays beyond); ``invmod``/``powmod``/``isqrt`` follow Python's
``pow`` and ``math.isqrt``; ``crt``, ``is_prime`` and ``next_prime`` follow
SymPy.  The Gaussian integers (a user ring declaring itself Euclidean) and
the errors of rings without Euclidean division are covered too.
"""

from __future__ import annotations

import math
import random
from fractions import Fraction
from typing import Any

import numpy as np
import pytest
import sympy
from hypothesis import given, settings
from hypothesis import strategies as st
from sympy.ntheory.modular import crt as sympy_crt

import gentensor as gt
from toyring import Gauss, gaussian, gaussian_euclidean, norm

small_shapes = st.lists(st.integers(0, 3), min_size=0, max_size=3).map(tuple)
ints = st.integers(-(10**12), 10**12)


@st.composite
def broadcast_pair(draw: Any, elements: Any = ints) -> tuple[np.ndarray, np.ndarray]:
    shape = draw(small_shapes)
    other = tuple(draw(st.sampled_from([d, 1])) for d in shape)[draw(st.integers(0, len(shape))) :]
    size_a, size_b = math.prod(shape), math.prod(other)
    a = np.array(draw(st.lists(elements, min_size=size_a, max_size=size_a)), dtype=object).reshape(shape)
    b = np.array(draw(st.lists(elements, min_size=size_b, max_size=size_b)), dtype=object).reshape(other)
    return a, b


def as_list(x: Any) -> Any:
    return x.tolist() if isinstance(x, (gt.Tensor, np.ndarray)) else x


@given(broadcast_pair())
def test_gcd_lcm_divmod_like_numpy(pair: tuple[np.ndarray, np.ndarray]) -> None:
    a, b = pair
    ta, tb = gt.tensor(a), gt.tensor(b)
    assert as_list(gt.gcd(ta, tb)) == as_list(np.frompyfunc(math.gcd, 2, 1)(a, b))
    assert as_list(gt.lcm(ta, tb)) == as_list(np.frompyfunc(math.lcm, 2, 1)(a, b))
    if a.size and b.size and (np.vectorize(lambda v: v == 0, otypes=[bool])(b)).any():
        with pytest.raises(ZeroDivisionError, match=r"^divmod: division by zero at index"):
            gt.divmod(ta, tb)
    else:
        q, r = gt.divmod(ta, tb)
        assert as_list(q) == as_list(a // b) and as_list(r) == as_list(a % b)


def test_int64_agrees_with_numpy_gcd_lcm() -> None:
    rng = np.random.default_rng(0)
    a = rng.integers(-10**6, 10**6, size=(4, 5))
    b = rng.integers(-10**6, 10**6, size=(5,))
    assert gt.gcd(gt.tensor(a), gt.tensor(b)).tolist() == np.gcd(a, b).tolist()
    assert gt.lcm(gt.tensor(a), gt.tensor(b)).tolist() == np.lcm(a, b).tolist()
    q, r = gt.divmod(gt.tensor(a), gt.tensor(b))
    nq, nr = np.divmod(a, b)
    assert (q.tolist(), r.tolist()) == (nq.tolist(), nr.tolist())


def flat(x: Any) -> list[Any]:
    """Python ints in C order (never through NumPy's int64)."""
    x = as_list(x)
    if not isinstance(x, list):
        return [x]
    return [v for item in x for v in flat(item)]


@given(broadcast_pair())
def test_gcdex_bezout(pair: tuple[np.ndarray, np.ndarray]) -> None:
    a, b = pair
    g, s, t = gt.gcdex(gt.tensor(a), gt.tensor(b))
    full = np.broadcast_arrays(a, b)
    for x, y, gv, sv, tv in zip(full[0].ravel(), full[1].ravel(), flat(g), flat(s), flat(t)):
        assert gv == math.gcd(x, y) and sv * x + tv * y == gv


@given(st.lists(ints, min_size=0, max_size=6), st.integers(1, 10**15))
def test_invmod_powmod(values: list[int], m: int) -> None:
    x = gt.tensor(values, ops=gt.integers)
    good = [v for v in values if math.gcd(v, m) == 1]
    if good:
        assert gt.invmod(gt.tensor(good), m).tolist() == [pow(v, -1, m) for v in good]
    bad = [v for v in values if math.gcd(v, m) != 1]
    if bad and m > 1:
        with pytest.raises(gt.NotDivisibleError, match=r"^invmod: at index \(0,\) .* has no inverse mod"):
            gt.invmod(gt.tensor(bad), m)
    for k in (0, 1, 7, 10**20):
        assert gt.powmod(x, k, m).tolist() == [pow(v, k, m) for v in values]
    assert gt.powmod(gt.tensor(good or [1]), -3, m).tolist() == [pow(v, -3, m) for v in (good or [1])]


def test_invmod_of_modular_elements() -> None:
    ops = gt.modular(12)
    assert gt.invmod(gt.tensor([1, 5, 7, 11], ops=ops)).tolist() == [1, 5, 7, 11]
    with pytest.raises(gt.NotDivisibleError, match=r"invmod: at index \(1,\) .*modular\(12\).inverse: 8 is not a unit mod 12"):
        gt.invmod(gt.tensor([5, 8], ops=ops))
    assert gt.invmod(gt.tensor([Fraction(2, 3)])).tolist() == [Fraction(3, 2)]
    with pytest.raises(gt.DomainError, match=r"invmod: give the modulus m for elements of integers"):
        gt.invmod(gt.tensor([3]))
    with pytest.raises(gt.NotDivisibleError, match=r"the modulus must be positive"):
        gt.invmod(gt.tensor([3]), 0)


@given(st.lists(st.integers(0, 10**40), max_size=8))
def test_isqrt(values: list[int]) -> None:
    assert gt.isqrt(gt.tensor(values, ops=gt.integers)).tolist() == [math.isqrt(v) for v in values]


def test_isqrt_refuses_negatives_and_non_integers() -> None:
    with pytest.raises(gt.DomainError, match=r"isqrt: at index \(1,\) \(got -4\)"):
        gt.isqrt(gt.tensor([4, -4]))
    with pytest.raises(gt.DomainError, match=r"isqrt: needs integers \(got ops=rationals\)"):
        gt.isqrt(gt.tensor([Fraction(1, 2)]))


@given(st.lists(st.integers(-50, 10**6), max_size=12))
def test_primes_like_sympy(values: list[int]) -> None:
    x = gt.tensor(values, ops=gt.integers)
    assert gt.is_prime(x).tolist() == [sympy.isprime(v) for v in values]
    assert gt.is_prime(x).ops is gt.booleans
    assert gt.next_prime(x).tolist() == [sympy.nextprime(v) for v in values]


def test_primes_large() -> None:
    big = [2**89 - 1, 2**89 + 1, 10**30 + 57, 3317044064679887385961981 + 2]
    assert gt.is_prime(gt.tensor(big)).tolist() == [sympy.isprime(v) for v in big]
    assert gt.next_prime(10**25) == sympy.nextprime(10**25)


@settings(max_examples=25, deadline=None)
@given(bits=st.integers(256, 700), seed=st.integers(0, 2**32), window=st.sampled_from([4096, 8, 1]), before_prime=st.booleans())
def test_next_prime_of_large_numbers_sieves_a_window(bits, seed, window, before_prime) -> None:
    """From 256 bits next_prime sieves windows of odd candidates (several when a window is short) before testing
    any: the same primes as SymPy's nextprime, the primes themselves and the numbers just below them included."""
    from gentensor.compute import _numtheory_kernels

    a = random.Random(seed).getrandbits(bits) | (1 << (bits - 1))
    if before_prime:  # a prime itself, or the number just below one
        a = sympy.nextprime(a) - random.Random(seed).choice([0, 1, 2])
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(_numtheory_kernels, "_WINDOW", window)
        assert gt.next_prime(a) == sympy.nextprime(a)


@settings(max_examples=40)
@given(st.lists(st.integers(1, 60), min_size=1, max_size=4), st.data())
def test_crt_like_sympy(moduli: list[int], data: Any) -> None:
    count = data.draw(st.integers(0, 5))
    residues = data.draw(st.lists(st.lists(st.integers(-100, 100), min_size=len(moduli), max_size=len(moduli)), min_size=count, max_size=count))
    x = gt.tensor(residues, ops=gt.integers) if count else gt.zeros((0, len(moduli)))
    expected = [sympy_crt(moduli, r) for r in residues]
    if all(e is not None for e in expected):
        got = gt.crt(x, moduli)
        assert got.shape == (count,)
        lcm = math.lcm(*moduli)
        assert got.tolist() == [int(e[0]) % lcm for e in expected]
        # along another axis: the same numbers
        assert gt.crt(x.T, moduli, axis=0).tolist() == got.tolist()
    else:
        with pytest.raises(gt.NoSolutionError, match=r"^crt: the residues at index \(\d+,\) are inconsistent"):
            gt.crt(x, moduli)


def test_crt_shapes_and_errors() -> None:
    assert gt.crt(gt.tensor([2, 3, 2]), [3, 5, 7]) == 23
    x = gt.tensor([[[1, 2], [3, 4]], [[0, 1], [2, 3]]])
    assert gt.crt(x, [5, 7], axis=-1).shape == (2, 2)
    xl = x.tolist()
    by_hand = [[gt.crt(gt.tensor([xl[i][0][j], xl[i][1][j]]), [5, 7]) for j in range(2)] for i in range(2)]
    assert gt.crt(x, [5, 7], axis=1).tolist() == by_hand
    with pytest.raises(gt.ShapeError, match=r"crt: moduli must be a sequence of 2 moduli"):
        gt.crt(x, [5, 7, 9])
    with pytest.raises(ValueError, match=r"crt: the moduli must be non-zero"):
        gt.crt(gt.tensor([1, 2]), [0, 3])
    with pytest.raises(gt.DomainError, match=r"crt: needs a Euclidean domain"):
        gt.crt(gt.tensor([1, 2], ops=gt.modular(7)), [2, 3])


def test_scalars_and_zero_size() -> None:
    assert gt.gcd(12, 18) == 6 and gt.lcm(4, 6) == 12 and gt.gcdex(240, 46) == (2, -9, 47)
    assert gt.divmod(7, 2) == (3, 1) and gt.powmod(2, 10, 1000) == 24 and gt.isqrt(99) == 9
    assert gt.is_prime(97) is True and gt.next_prime(97) == 101
    assert gt.gcd(gt.zeros((0, 3)), 5).shape == (0, 3)
    assert gt.gcd([True, False], 4).tolist() == [1, 4]  # booleans read as integers


# -- Gaussian integers and rings that are not Euclidean ---------------------------------------------


gauss = st.builds(Gauss, st.integers(-30, 30), st.integers(-30, 30))


@given(st.lists(gauss, min_size=1, max_size=5), st.lists(gauss, min_size=1, max_size=5))
def test_gaussian_integers(a: list[Gauss], b: list[Gauss]) -> None:
    ops = gaussian_euclidean
    n = min(len(a), len(b))
    a, b = a[:n], b[:n]
    ta, tb = gt.tensor(a, ops=ops), gt.tensor(b, ops=ops)
    g, s, t = (v.tolist() for v in gt.gcdex(ta, tb))
    assert gt.gcd(ta, tb).tolist() == g
    for x, y, gv, sv, tv in zip(a, b, g, s, t):
        assert ops.add(ops.mul(sv, x), ops.mul(tv, y)) == gv
        if not ops.is_zero(gv):
            assert ops.is_zero(ops.divmod(x, gv)[1]) and ops.is_zero(ops.divmod(y, gv)[1])
            assert gv.re > 0 and gv.im >= 0  # canonical associate
    l = gt.lcm(ta, tb).tolist()
    for x, y, gv, lv in zip(a, b, g, l):
        assert norm(lv) * norm(gv) == norm(x) * norm(y)
    nonzero = [i for i, v in enumerate(b) if not ops.is_zero(v)]
    if nonzero:
        q, r = gt.divmod(gt.tensor([a[i] for i in nonzero], ops=ops), gt.tensor([b[i] for i in nonzero], ops=ops))
        for i, qv, rv in zip(nonzero, q.tolist(), r.tolist()):
            assert ops.add(ops.mul(b[i], qv), rv) == a[i] and 2 * norm(rv) <= norm(b[i])


def test_gaussian_inverse_and_power() -> None:
    ops = gaussian_euclidean
    m = Gauss(3, 2)  # norm 13: a Gaussian prime
    x = gt.tensor([Gauss(1, 1), Gauss(2, 0)], ops=ops)
    inv = gt.invmod(x, gt.tensor([m], ops=ops)).tolist()
    for a, ia in zip(x.tolist(), inv):
        assert ops.is_zero(ops.divmod(ops.sub(ops.mul(a, ia), ops.one), m)[1])
    p = gt.powmod(x, gt.tensor([3, 0]), gt.tensor([m], ops=ops)).tolist()
    cube = ops.mul(ops.mul(Gauss(1, 1), Gauss(1, 1)), Gauss(1, 1))
    assert ops.is_zero(ops.divmod(ops.sub(p[0], cube), m)[1]) and p[1] == ops.one


@pytest.mark.parametrize("func", [gt.gcd, gt.lcm, gt.divmod, gt.gcdex])
@pytest.mark.parametrize("ops", [gt.rationals, gt.floats, gt.modular(7), gaussian, gt.symbolic])
def test_non_euclidean_rings_are_refused(func: Any, ops: Any) -> None:
    x = gt.tensor([1, 2], ops=ops)
    with pytest.raises(gt.DomainError, match=rf"^{func.__name__}: needs a Euclidean domain with ops.divmod \(got ops="):
        func(x, x)
