"""Tests of gentensor.parallel: the policy, the engine (run_map / run_tasks), auto, errors, Dask.

Every parallel run is checked against the plain serial computation
``list(map(f, *columns))`` element for element.  Functions sent to worker
processes live in importable modules (``operator``, gentensor's ops, the toy
ring's ``toyring`` module, which worker processes import through the
``sys.path`` they inherit) or are lambdas, which need loky's cloudpickle.
"""

from __future__ import annotations

import asyncio
import concurrent.futures as cf
import decimal
import itertools
import operator
import os
import sys
import threading
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import gentensor as gt
from gentensor.parallel import _auto as _parallel_auto, _core as _parallel_core, _pools as _parallel_pools
from gentensor.parallel import resolve, run_map, run_tasks
from toyring import Gauss, gaussian

try:
    import loky  # noqa: F401

    HAVE_LOKY = True
except ImportError:
    HAVE_LOKY = False

needs_loky = pytest.mark.skipif(not HAVE_LOKY, reason="loky (the 'parallel' extra) is not installed")


# ---------------------------------------------------------------- data


def _symbols(n: int) -> list:
    import sympy

    x, y = sympy.symbols("x y")
    return [(x + i) * (y - i) + sympy.Rational(i, 3) for i in range(n)]


def _kinds(n: int) -> dict[str, tuple]:
    """For each element kind: (ops, first column, second column)."""
    return {
        "integers": (gt.integers, [3**i - 7 * i for i in range(n)], [(-2) ** i + i for i in range(n)]),
        "rationals": (gt.rationals, [Fraction(i, i + 3) for i in range(n)], [Fraction(2 * i - 5, 7) for i in range(n)]),
        "symbolic": (gt.symbolic, _symbols(n), _symbols(n)[::-1]),
        "gaussian": (gaussian, [Gauss(i, 2 - i) for i in range(n)], [Gauss(-i, i * i) for i in range(n)]),
    }


KINDS = ["integers", "rationals", "symbolic", "gaussian"]
N = 41  # not a multiple of the chunk count: uneven chunks


@pytest.fixture(scope="module")
def stdlib_process_pool():
    """A standard-library process pool (functions must be importable: no lambdas)."""
    import multiprocessing

    pool = cf.ProcessPoolExecutor(max_workers=2, mp_context=multiprocessing.get_context("spawn"))
    yield pool
    pool.shutdown(wait=True, cancel_futures=True)


@pytest.fixture(scope="module")
def user_thread_pool():
    pool = cf.ThreadPoolExecutor(max_workers=3)
    yield pool
    pool.shutdown(wait=True)


MODES = ["serial", "threads", "processes", "auto", "thread-executor", "process-executor"]


def _executor(mode: str, request) -> object:
    if mode == "thread-executor":
        return request.getfixturevalue("user_thread_pool")
    if mode == "process-executor":
        return request.getfixturevalue("stdlib_process_pool")
    if mode == "processes" and not HAVE_LOKY:
        pytest.skip("loky (the 'parallel' extra) is not installed: the standard pool is covered by process-executor")
    return mode


# ---------------------------------------------------------------- identical results


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("mode", MODES)
def test_run_map_identical_to_serial(kind, mode, request):
    ops, xs, ys = _kinds(N)[kind]
    executor = _executor(mode, request)
    for f in (ops.mul, ops.add, ops.sub):
        expected = list(map(f, xs, ys))
        got = run_map(f, [xs, ys], executor=executor, workers=2)
        assert got == expected
        assert [type(v) for v in got] == [type(v) for v in expected]


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("mode", MODES)
def test_context_policy_identical_to_serial(kind, mode, request):
    ops, xs, _ = _kinds(N)[kind]
    expected = list(map(ops.neg, xs))
    with gt.parallel(_executor(mode, request), workers=2):
        assert run_map(ops.neg, [xs]) == expected


@pytest.mark.parametrize("mode", ["threads", "processes", "auto"])
def test_symbolic_results_are_the_same_objects(mode, request):
    """SymPy results shipped back from workers are rebuilt without re-evaluation: same structure."""
    import sympy

    executor = _executor(mode, request)
    xs = [(sympy.Symbol("s") + i) ** 3 for i in range(12)]
    expected = list(map(sympy.expand, xs))
    got = run_map(sympy.expand, [xs], executor=executor, workers=2)
    assert [sympy.srepr(v) for v in got] == [sympy.srepr(v) for v in expected]
    assert [hash(v) for v in got] == [hash(v) for v in expected]


@pytest.mark.parametrize("mode", ["serial", "threads", "processes", "auto"])
def test_run_tasks_one_matrix_per_task(mode, request):
    from gentensor.linalg._dense import det_bareiss

    executor = _executor(mode, request)
    mats = [[[(i * 7 + r * 3 + c * c) % 11 - 5 for c in range(4)] for r in range(4)] for i in range(9)]
    expected = [det_bareiss([row[:] for row in m], gt.integers) for m in mats]
    det = _Det(gt.integers)
    assert run_tasks(det, [[row[:] for row in m] for m in mats], executor=executor, workers=2) == expected
    assert mats == [[[(i * 7 + r * 3 + c * c) % 11 - 5 for c in range(4)] for r in range(4)] for i in range(9)]


class _Det:
    """det of one matrix given as rows (picklable: a module-level class holding an ops)."""

    def __init__(self, ops):
        self.ops = ops

    def __call__(self, rows):
        from gentensor.linalg._dense import det_bareiss

        return det_bareiss(rows, self.ops)


@needs_loky
def test_processes_accept_lambdas_and_closures():
    offset = Fraction(1, 3)
    xs = [Fraction(i, 5) for i in range(20)]
    got = run_map(lambda a: a * a + offset, [xs], executor="processes", workers=2)
    assert got == [a * a + offset for a in xs]


@needs_loky
def test_modular_ops_travel_to_processes():
    ops = gt.modular(7)
    xs, ys = list(range(30)), [(3 * i + 1) % 7 for i in range(30)]
    assert run_map(ops.mul, [xs, ys], executor="processes", workers=2) == list(map(ops.mul, xs, ys))


def test_empty_and_single_columns():
    for mode in ("serial", "threads", "auto"):
        assert run_map(operator.add, [[], []], executor=mode) == []
        assert run_map(operator.neg, [[5]], executor=mode) == [-5]


@settings(max_examples=25, deadline=None)
@given(
    st.lists(st.integers(-(10**30), 10**30), max_size=60),
    st.integers(1, 5),
    st.sampled_from(["serial", "threads", "auto"]),
)
def test_property_order_and_values(xs, workers, mode):
    ys = xs[::-1]
    assert run_map(operator.mul, [xs, ys], executor=mode, workers=workers) == [a * b for a, b in zip(xs, ys)]


def test_chunk_bounds_cover_in_order():
    for n in range(0, 30):
        for k in range(1, 9):
            bounds = _parallel_core.chunk_bounds(3, 3 + n, k)
            flat = [i for lo, hi in bounds for i in range(lo, hi)]
            assert flat == list(range(3, 3 + n))
            sizes = [hi - lo for lo, hi in bounds]
            assert max(sizes) - min(sizes) <= 1


# ---------------------------------------------------------------- errors carry indices


def _reciprocal(a):
    return Fraction(1, a)


@pytest.mark.parametrize("mode", MODES)
def test_failing_element_reports_its_multi_index(mode, request):
    executor = _executor(mode, request)
    xs = [i - 13 for i in range(20)]  # 0 at flat position 13 = (3, 1) in shape (4, 5)
    with pytest.raises(ZeroDivisionError, match=r"map: _reciprocal raised ZeroDivisionError at index \(2, 3\)") as info:
        run_map(_reciprocal, [xs], executor=executor, workers=2, index_shape=(4, 5))
    assert isinstance(info.value.__cause__, ZeroDivisionError)
    with pytest.raises(ZeroDivisionError, match=r"at index 13:"):
        run_map(_reciprocal, [xs], executor=executor, workers=2)


@pytest.mark.parametrize("mode", ["serial", "threads", "processes", "process-executor"])
def test_first_failing_element_wins(mode, request):
    executor = _executor(mode, request)
    xs = [1] * 40
    for bad in (37, 5, 22):
        xs[bad] = 0
    with pytest.raises(ZeroDivisionError, match=r"at index 5:"):
        run_map(_reciprocal, [xs], executor=executor, workers=2)


@pytest.mark.parametrize("mode", ["serial", "threads", "processes"])
def test_gentensor_errors_keep_their_type(mode, request):
    executor = _executor(mode, request)
    xs, ys = [6, 8, 7, 9], [3, 2, 2, 3]
    with pytest.raises(gt.NotDivisibleError, match=r"^floor_divide: NotDivisibleError at index \(1, 0\): integers.exquo: 7 is not divisible by 2"):
        run_map(gt.integers.exquo, [xs, ys], executor=executor, workers=2, index_shape=(2, 2), where="floor_divide")
    assert xs == [6, 8, 7, 9] and ys == [3, 2, 2, 3]  # inputs untouched


class TwoArgError(Exception):
    def __init__(self, code, detail):
        super().__init__(code, detail)
        self.code = code


def _raise_two_arg(a):
    if a == 3:
        raise TwoArgError(42, "three is bad")
    return a


@pytest.mark.parametrize("mode", ["serial", "threads", "processes"])
def test_exception_with_custom_constructor(mode, request):
    executor = _executor(mode, request)
    with pytest.raises(TwoArgError, match="at index 3") as info:
        run_map(_raise_two_arg, [list(range(6))], executor=executor, workers=2)
    assert info.value.code == 42
    assert isinstance(info.value.__cause__, TwoArgError)


@pytest.mark.parametrize("during", ["sample", "rest"])
def test_auto_errors_carry_indices(during):
    n = 5000
    bad = 0 if during == "sample" else n - 1
    xs = [1] * n
    xs[bad] = 0
    with pytest.raises(ZeroDivisionError, match=rf"at index {bad}:"):
        run_map(operator.floordiv, [[7] * n, xs], executor="auto")


def test_index_shape_and_columns_are_validated():
    with pytest.raises(ValueError, match=r"index_shape .* product is the number of elements 4 \(got \(3, 2\)\)"):
        run_map(operator.neg, [[1, 2, 3, 4]], index_shape=(3, 2))
    with pytest.raises(ValueError, match=r"equal lengths \(got lengths \[2, 3\]\)"):
        run_map(operator.add, [[1, 2], [1, 2, 3]])
    with pytest.raises(ValueError, match="at least one argument column"):
        run_map(operator.neg, [])


# ---------------------------------------------------------------- bad input


def test_unknown_mode_lists_the_choices():
    for bad in ("gpu", "Threads", ""):
        with pytest.raises(ValueError, match=r"unknown parallel mode .*'serial', 'threads', 'processes', 'auto' or a concurrent.futures.Executor"):
            gt.parallel(bad).__enter__()
        with pytest.raises(ValueError, match="valid:"):
            run_map(operator.neg, [[1]], executor=bad)


def test_non_executor_is_a_type_error():
    for bad in (42, object(), ["threads"]):
        with pytest.raises(TypeError, match=r"must be 'serial', 'threads', 'processes', 'auto' or a concurrent.futures.Executor instance"):
            gt.parallel(bad).__enter__()
    with pytest.raises(TypeError, match=r"executor class ThreadPoolExecutor, not an instance"):
        run_map(operator.neg, [[1]], executor=cf.ThreadPoolExecutor)


def test_bad_workers():
    for bad in (0, -3):
        with pytest.raises(ValueError, match=rf"workers must be at least 1 \(got {bad}\)"):
            gt.parallel("threads", workers=bad).__enter__()
        with pytest.raises(ValueError, match="workers must be at least 1"):
            run_map(operator.neg, [[1]], workers=bad)
    for bad in (1.5, "2", True):
        with pytest.raises(TypeError, match="workers must be a positive int or None"):
            gt.parallel("threads", workers=bad).__enter__()
    assert gt.get_parallel().mode == "serial"  # nothing was left set


def test_shut_down_executor():
    pool = cf.ThreadPoolExecutor(max_workers=2)
    pool.shutdown()
    with pytest.raises(RuntimeError, match="executor has been shut down"):
        gt.parallel(pool).__enter__()
    with pytest.raises(RuntimeError, match="executor has been shut down"):
        run_map(operator.neg, [[1, 2]], executor=pool)

    pool = cf.ThreadPoolExecutor(max_workers=2)
    with gt.parallel(pool):
        pool.shutdown()
        with pytest.raises(RuntimeError, match=r"map: the executor has been shut down .*; pass a running executor"):
            run_map(operator.neg, [[1, 2]])


class _OpaqueExecutor(cf.Executor):
    """An executor that hides its shutdown state until submit (like many third-party ones)."""

    def submit(self, fn, /, *args, **kwargs):
        raise RuntimeError("cannot schedule new futures after shutdown")


def test_shut_down_detected_at_submit():
    with pytest.raises(RuntimeError, match="executor has been shut down") as info:
        run_map(operator.neg, [[1, 2]], executor=_OpaqueExecutor())
    assert "cannot schedule" in str(info.value.__cause__)


def test_unsendable_function_with_the_standard_pool(stdlib_process_pool):
    with pytest.raises(TypeError, match=r"cannot send the function .*<lambda> to worker processes.*'threads'.*gentensor\[parallel\]"):
        run_map(lambda a: a, [[1, 2]], executor=stdlib_process_pool)


def test_unsendable_function_without_loky(monkeypatch):
    monkeypatch.setattr(_parallel_pools, "_loky", lambda: None)
    with pytest.raises(TypeError, match=r"map: cannot send the function .*<lambda> .*'parallel' extra"):
        run_map(lambda a: a, [[1, 2]], executor="processes", workers=2)
    with gt.parallel("processes", workers=2):
        with pytest.raises(TypeError, match="test_unsendable_function_without_loky.<locals>.square"):

            def square(a):
                return a * a

            run_map(square, [[1, 2]], where="map")


@needs_loky
def test_unsendable_even_for_cloudpickle():
    lock = threading.Lock()

    def locked(a):
        with lock:
            return a

    with pytest.raises(TypeError, match=r"cannot send the function .*locked to worker processes \(got .*lock"):
        run_map(locked, [[1, 2]], executor="processes", workers=2)
    assert run_map(locked, [[1, 2]], executor="threads", workers=2) == [1, 2]


class _Unpicklable:
    def __reduce__(self):
        raise TypeError("no pickling for you")


def test_unpicklable_elements_give_a_clear_error(stdlib_process_pool):
    with pytest.raises(TypeError, match=r"could not exchange elements or results of repr"):
        run_map(repr, [[_Unpicklable(), _Unpicklable()]], executor=stdlib_process_pool, workers=2)


# ---------------------------------------------------------------- the context variable


def test_policy_restored_after_block_and_after_errors():
    assert gt.get_parallel() == _parallel_core.SERIAL
    with gt.parallel("threads", workers=3) as outer:
        assert gt.get_parallel() is outer
        with gt.parallel("auto"):
            assert gt.get_parallel().mode == "auto"
        assert gt.get_parallel() == ("threads", 3, None, None)
        with pytest.raises(KeyError):
            with gt.parallel("processes"):
                raise KeyError("boom")
        assert gt.get_parallel().mode == "threads"
    assert gt.get_parallel().mode == "serial"


def test_policy_isolated_between_threads():
    inside = threading.Event()
    release = threading.Event()
    seen = {}

    def holder():
        with gt.parallel("processes", workers=2):
            inside.set()
            release.wait(5)
            seen["holder"] = gt.get_parallel().mode

    def other():
        inside.wait(5)
        seen["other"] = gt.get_parallel().mode
        with gt.parallel("threads"):
            seen["other-in"] = gt.get_parallel().mode
        release.set()

    threads = [threading.Thread(target=holder), threading.Thread(target=other)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(10)
    assert seen == {"holder": "processes", "other": "serial", "other-in": "threads"}
    assert gt.get_parallel().mode == "serial"


def test_policy_isolated_between_asyncio_tasks():
    async def task(mode):
        with gt.parallel(mode):
            await asyncio.sleep(0)
            first = gt.get_parallel().mode
            await asyncio.sleep(0.01)
            return first, gt.get_parallel().mode

    async def main():
        return await asyncio.gather(task("threads"), task("auto"), task("serial"))

    assert asyncio.run(main()) == [("threads", "threads"), ("auto", "auto"), ("serial", "serial")]
    assert gt.get_parallel().mode == "serial"


def test_per_call_options_override_the_context():
    pool = cf.ThreadPoolExecutor(max_workers=1)
    try:
        with gt.parallel("processes", workers=4):
            assert resolve() == ("processes", 4, None, None)
            assert resolve(workers=2) == ("processes", 2, None, None)
            assert resolve("serial") == ("serial", None, None, None)
            assert resolve(pool) == ("executor", None, pool, None)
            assert resolve(timeout=3) == ("processes", 4, None, 3.0)
        assert resolve(workers=2) == ("auto", 2, None, None)  # workers alone under serial: let auto decide
        with gt.parallel("threads", timeout=10):
            assert resolve() == ("threads", None, None, 10.0)
            assert resolve("serial") == ("serial", None, None, 10.0)  # the block's time limit stays
            assert resolve(workers=2, timeout=1) == ("threads", 2, None, 1.0)
    finally:
        pool.shutdown()


def test_thread_workers_see_the_callers_context_but_a_serial_policy():
    def probe(a):
        return decimal.Decimal(a) / decimal.Decimal(7), gt.get_parallel().mode

    with decimal.localcontext() as ctx:
        ctx.prec = 5
        expected = [(decimal.Decimal(a) / decimal.Decimal(7), "serial") for a in range(1, 9)]
        with gt.parallel("threads", workers=2):
            assert run_map(probe, [list(range(1, 9))]) == expected


def test_thread_pool_is_reused():
    with _parallel_pools.lease("threads", 2) as one, _parallel_pools.lease("threads", 2) as two:
        assert one is two
    names1 = set(run_map(lambda a: threading.current_thread().name, [list(range(16))], executor="threads", workers=2))
    names2 = set(run_map(lambda a: threading.current_thread().name, [list(range(16))], executor="threads", workers=2))
    assert names1 | names2 <= {t.name for t in threading.enumerate()}
    assert len(names1 | names2) <= 2


@needs_loky
def test_process_pool_is_reused():
    first = set(run_map(_pid, [list(range(16))], executor="processes", workers=2))
    second = set(run_map(_pid, [list(range(16))], executor="processes", workers=2))
    assert os.getpid() not in first
    assert first == second or len(first | second) <= 2
    assert _parallel_pools.alive("processes", 2)


def _pid(_):
    return os.getpid()


# ---------------------------------------------------------------- auto


def test_auto_keeps_cheap_work_serial():
    xs = list(range(200_000))
    d = gt.explain_auto(operator.add, [xs, xs])
    # Processes never pay for an int addition; threads could only where the GIL is off.
    allowed = {"serial"} if _parallel_core.gil_enabled() else {"serial", "threads"}
    assert d.mode in allowed and d.size == 200_000 and 0 < d.sampled <= d.size
    assert d.per_element > 0
    assert run_map(operator.add, [xs, xs], executor="auto") == [2 * a for a in xs]
    decision = gt.last_auto_decision()
    assert decision.mode in allowed
    assert f"auto -> {decision.mode}" in str(decision)


def test_auto_reports_the_gil():
    d = gt.explain_auto(operator.add, [[1] * 10, [2] * 10])
    assert d.gil_enabled == _parallel_core.gil_enabled()
    if hasattr(sys, "_is_gil_enabled"):
        assert d.gil_enabled == sys._is_gil_enabled()


def test_auto_computes_each_element_once(monkeypatch):
    """Sampled results are reused: with threads chosen, f runs exactly once per element, in order."""
    monkeypatch.setattr(_parallel_core, "gil_enabled", lambda: False)
    monkeypatch.setattr(_parallel_core, "usable_cpus", lambda: 2)
    monkeypatch.setattr(_parallel_auto, "MIN_PARALLEL_SECONDS", 0.0)
    monkeypatch.setattr(_parallel_auto, "SAFETY", 0.0)
    monkeypatch.setattr(_parallel_auto, "SAMPLE_SECONDS", 1e-12)  # one sampled element
    calls = itertools.count()
    seen = []
    lock = threading.Lock()

    def f(a):
        next(calls)
        with lock:
            seen.append(a)
        return a * a

    n = 3000
    got = run_map(f, [list(range(n))], executor="auto", workers=2)
    decision = gt.last_auto_decision()
    assert decision.mode == "threads", decision
    assert got == [a * a for a in range(n)]
    assert next(calls) == n
    assert sorted(seen) == list(range(n))
    assert decision.sampled >= 1 and decision.chunks >= 2


@needs_loky
def test_auto_can_choose_processes(monkeypatch):
    monkeypatch.setattr(_parallel_auto, "MIN_PARALLEL_SECONDS", 0.0)
    monkeypatch.setattr(_parallel_auto, "SAFETY", 0.0)
    monkeypatch.setattr(_parallel_auto, "PROCESS_START_PRIOR", 0.0)
    monkeypatch.setattr(_parallel_core, "usable_cpus", lambda: 2)
    monkeypatch.setattr(_parallel_auto, "SAMPLE_SECONDS", 1e-12)
    monkeypatch.setattr(_parallel_auto, "CAPACITY_MIN_WORK", 0.0)
    monkeypatch.setattr(_parallel_auto, "MIN_CAPACITY", 0.0)
    xs = [Fraction(i, 7) for i in range(2000)]
    got = run_map(operator.mul, [xs, xs], executor="auto", workers=2)
    decision = gt.last_auto_decision()
    assert decision.mode == "processes"
    assert decision.process_task is not None
    assert 0 < decision.capacity <= 2  # measured on the pool, never more than its workers
    assert decision.predicted_speedup == decision.serial_estimate / decision.parallel_estimate
    assert f"machine capacity {decision.capacity:.2f}x" in str(decision)
    assert got == [a * a for a in xs]


@needs_loky
def test_auto_never_chooses_processes_below_the_capacity_threshold(monkeypatch):
    """A machine whose cores are taken by other work: processes are refused whatever the estimate."""
    monkeypatch.setattr(_parallel_auto, "MIN_PARALLEL_SECONDS", 0.0)
    monkeypatch.setattr(_parallel_auto, "SAFETY", 0.0)
    monkeypatch.setattr(_parallel_auto, "PROCESS_START_PRIOR", 0.0)
    monkeypatch.setattr(_parallel_auto, "CAPACITY_MIN_WORK", 0.0)
    monkeypatch.setattr(_parallel_core, "usable_cpus", lambda: 2)
    monkeypatch.setattr(_parallel_auto, "SAMPLE_SECONDS", 1e-12)
    monkeypatch.setattr(_parallel_auto, "capacity", lambda workers, fresh=False: 1.05)
    xs = [Fraction(i, 7) for i in range(2000)]
    d = gt.explain_auto(operator.mul, [xs, xs], workers=2)
    assert d.mode == "serial" and d.capacity == 1.05
    assert "present capacity is 1.05 cores (< 1.3)" in d.reason


@needs_loky
def test_auto_does_not_send_work_too_short_to_measure_the_machine(monkeypatch):
    monkeypatch.setattr(_parallel_auto, "MIN_PARALLEL_SECONDS", 0.0)
    monkeypatch.setattr(_parallel_auto, "SAFETY", 0.0)
    monkeypatch.setattr(_parallel_auto, "PROCESS_START_PRIOR", 0.0)
    monkeypatch.setattr(_parallel_core, "usable_cpus", lambda: 2)
    monkeypatch.setattr(_parallel_auto, "SAMPLE_SECONDS", 1e-12)
    calls = []
    monkeypatch.setattr(_parallel_auto, "capacity", lambda workers, fresh=False: calls.append(workers) or 2.0)
    xs = [Fraction(i, 7) for i in range(200)]
    d = gt.explain_auto(operator.mul, [xs, xs], workers=2)
    assert d.mode == "serial" and "too little to measure the machine's present capacity" in d.reason
    assert calls == []


@needs_loky
def test_capacity_is_measured_on_the_process_pool():
    c = _parallel_auto.capacity(2, fresh=True)
    assert 0 < c <= 2
    assert _parallel_auto.capacity(2) == c  # reused within the time-to-live


# ---------------------------------------------------------------- a cluster engine: Dask distributed


def test_dask_distributed_local_cluster():
    distributed = pytest.importorskip(
        "distributed", reason="Dask distributed (the 'dask' extra: pip install 'dask[distributed]') is not installed"
    )
    with distributed.LocalCluster(
        n_workers=2, processes=True, threads_per_worker=1, host="127.0.0.1", dashboard_address=None
    ) as cluster, distributed.Client(cluster) as client:
        executor = client.get_executor()
        for kind in KINDS:
            ops, xs, ys = _kinds(N)[kind]
            assert run_map(ops.mul, [xs, ys], executor=executor) == list(map(ops.mul, xs, ys)), kind
        with gt.parallel(executor, workers=2):
            assert run_map(lambda a: a * 3, [list(range(10))]) == [3 * a for a in range(10)]
        with pytest.raises(ZeroDivisionError, match=r"at index \(1, 1\)"):
            run_map(_reciprocal, [[1, 2, 3, 0]], executor=executor, index_shape=(2, 2))
        executor.shutdown()
        with pytest.raises(RuntimeError, match="shut down"):
            run_map(operator.neg, [[1, 2]], executor=executor)


# ---------------------------------------------------------------- shipping elements to processes


def test_fraction_columns_travel_as_ints_and_come_back_exact():
    import pickle

    from gentensor.parallel._wire import FractionColumn, pack_column, unpack_column

    values = [Fraction(-(3**200) + i, 7**90 + 2 * i) for i in range(30)] + [Fraction(0), Fraction(-5, 3)]
    packed = pack_column(values)
    assert type(packed) is FractionColumn
    back = unpack_column(pickle.loads(pickle.dumps(packed)))
    assert back == values
    assert all(type(v) is Fraction for v in back)
    assert [hash(v) for v in back] == [hash(v) for v in values]
    assert [str(v) for v in back] == [str(v) for v in values]
    assert sum(back) == sum(values) and back[3] * back[4] == values[3] * values[4]


class _Half(Fraction):
    pass


def test_columns_that_are_not_plain_fractions_are_left_alone():
    from gentensor.parallel._wire import pack_column

    for column in ([Fraction(1, 2), 3], [_Half(1, 2), _Half(3, 4)], [1, 2, 3], [], [Gauss(1, 2)]):
        assert pack_column(column) is column


def test_sympy_columns_are_rebuilt_without_evaluation_but_identical():
    import pickle

    import sympy

    from gentensor.parallel._wire import SympyColumn, pack_column, unpack_column

    x, y = sympy.symbols("x y")
    a, b = sympy.symbols("a b", commutative=False)
    values = [
        sympy.expand((x + 3) ** 6),
        (x + y) ** sympy.Rational(1, 3),
        x * y**2 - sympy.sin(x) / 3,
        a * b - b * a,
        2 * a * b * x,
        sympy.Integer(7),
        sympy.Rational(-2, 9) * x,
        x**-2 + sympy.exp(x * y),
    ]
    packed = pack_column(values)
    assert type(packed) is SympyColumn
    back = unpack_column(pickle.loads(pickle.dumps(packed)))
    assert back == values
    assert [sympy.srepr(v) for v in back] == [sympy.srepr(v) for v in values]
    assert [hash(v) for v in back] == [hash(v) for v in values]
    assert [v.is_commutative for v in back] == [v.is_commutative for v in values]
    assert sympy.expand(back[0] - values[0]) == 0


def test_transfer_is_measured_per_side():
    from gentensor.parallel._wire import transfer_seconds

    xs = [Fraction(i, 7) for i in range(1, 50)]
    ship = transfer_seconds([xs, xs], [a * a for a in xs])
    assert ship is not None and ship.parent > 0 and ship.worker > 0
    assert transfer_seconds([[_Unpicklable()]], [1]) is None
    assert transfer_seconds([[]], []) is None


class _LockedError(Exception):
    """An exception that cannot be pickled (it holds a lock)."""

    def __init__(self, message):
        super().__init__(message)
        self.lock = threading.Lock()


def _raise_locked(a):
    if a == 4:
        raise _LockedError("locked out")
    return a


@pytest.mark.parametrize("mode", ["processes", "process-executor"])
def test_unpicklable_exception_from_a_worker(mode, request):
    executor = _executor(mode, request)
    with pytest.raises(RuntimeError, match=r"map: _raise_locked raised RuntimeError at index 4: _LockedError: locked out"):
        run_map(_raise_locked, [list(range(8))], executor=executor, workers=2)


# ---------------------------------------------------------------- end to end through gentensor's wiring


@pytest.mark.parametrize("mode", ["serial", "threads", "processes", "auto", "thread-executor", "process-executor"])
def test_batched_det_through_linalg(mode, request):
    executor = _executor(mode, request)
    data = [[[(b * 5 + r * 7 + c * c * 3) % 13 - 6 for c in range(5)] for r in range(5)] for b in range(6)]
    x = gt.tensor(data).reshape((2, 3, 5, 5))
    expected = gt.linalg.det(x)
    got = gt.linalg.det(x, executor=executor, workers=2)
    assert got.shape == (2, 3) and got.tolist() == expected.tolist()
    with gt.parallel(executor, workers=2):
        assert gt.linalg.det(x).tolist() == expected.tolist()


@pytest.mark.parametrize("mode", ["serial", "threads", "processes"])
def test_batched_inverse_failure_names_the_matrix(mode, request):
    executor = _executor(mode, request)
    data = [[[[1, 2], [3, 4]], [[2, 0], [0, 2]]], [[[1, 2], [2, 4]], [[5, 1], [1, 1]]]]  # (1, 0) is singular
    x = gt.tensor(data)
    before = x.tolist()
    with pytest.raises(gt.SingularMatrixError, match=r"^inv: SingularMatrixError at index \(1, 0\): inv: the matrix is singular"):
        gt.linalg.inv(x, executor=executor, workers=2)
    assert x.tolist() == before


@settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(0, 4), min_size=1, max_size=4))
def test_index_columns_match_itertools_product(shape):
    from gentensor.parallel import index_columns

    expected = [list(c) for c in zip(*itertools.product(*map(range, shape)))] or [[] for _ in shape]
    assert index_columns(tuple(shape)) == expected
    got = run_map(lambda *idx: idx, index_columns(tuple(shape)), executor="threads", workers=2)
    assert got == list(itertools.product(*map(range, shape)))


def test_columns_must_be_sequences():
    assert run_map(operator.add, [range(5), (1, 2, 3, 4, 5)], executor="threads", workers=2) == [1, 3, 5, 7, 9]
    with pytest.raises(TypeError, match=r"argument column must be a sequence such as a list \(got repeat\)"):
        run_map(operator.add, [[1, 2], itertools.repeat(3)])
    with pytest.raises(TypeError, match="columns must be a list of argument lists"):
        run_map(operator.neg, 5)


@pytest.mark.parametrize("mode", ["serial", "threads", "processes", "auto"])
def test_inplace_failure_leaves_the_target_untouched(mode, request):
    executor = _executor(mode, request)
    x = gt.tensor([[Fraction(i, 3) + j for j in range(5)] for i in range(4)])
    view = x[1:, ::2]
    before = x.tolist()
    y = gt.tensor([[1, 2, 3], [4, 0, 6], [7, 8, 9]])  # one zero divisor
    with gt.parallel(executor, workers=2):
        with pytest.raises(ZeroDivisionError):
            view /= y
        assert x.tolist() == before
        view /= y + 1
    assert x[1:, ::2].tolist() == [[v / (w + 1) for v, w in zip(rv, rw)] for rv, rw in zip(gt.tensor(before)[1:, ::2].tolist(), y.tolist())]


def test_auto_rejects_processes_when_shipping_costs_more_than_the_work(monkeypatch):
    """Even above the 'cheap' threshold, an int addition costs less than sending its operands.

    The sample and the transfer cost are pinned (50 ns per addition, 1 us per
    element each way), so the decision does not depend on how busy the machine is.
    """
    from gentensor.parallel._wire import Transfer

    def pinned_sample(f, columns, n, out):
        rest = map(f, *columns)
        out.append(next(rest))
        return rest, 50e-9

    monkeypatch.setattr(_parallel_auto, "MIN_PARALLEL_SECONDS", 0.0)
    monkeypatch.setattr(_parallel_auto, "_sample", pinned_sample)
    monkeypatch.setattr(_parallel_auto, "transfer_seconds", lambda args, results: Transfer(1e-6, 1e-6))
    monkeypatch.setattr(_parallel_core, "gil_enabled", lambda: True)
    monkeypatch.setattr(_parallel_core, "usable_cpus", lambda: 2)
    xs = list(range(100_000))
    d = gt.explain_auto(operator.add, [xs, xs], workers=2)
    assert d.mode == "serial", d
    assert "shipping the elements" in d.reason and "GIL is on" in d.reason
    assert d.ship_parent > 0 and d.ship_worker > 0 and d.process_task is None


# ---------------------------------------------------------------- end to end: map, element-wise, fromfunction


def _kind_tensors(kind: str) -> tuple:
    ops, xs, ys = _kinds(12)[kind]
    return ops, gt.tensor(xs, ops=ops).reshape((3, 4)), gt.tensor(ys, ops=ops).reshape((3, 4))


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("mode", MODES)
def test_map_and_function_forms_identical_to_serial(kind, mode, request):
    executor = _executor(mode, request)
    ops, a, b = _kind_tensors(kind)
    serial_sum, serial_prod = gt.add(a, b), gt.multiply(a, b.T.T)
    serial_map = gt.map(ops.mul, a, b[0], ops=ops)
    assert gt.array_equal(gt.add(a, b, executor=executor, workers=2), serial_sum)
    assert gt.array_equal(gt.multiply(a, b, executor=executor, workers=2), serial_prod)
    assert gt.array_equal(gt.map(ops.mul, a, b[0], ops=ops, executor=executor, workers=2), serial_map)
    assert gt.array_equal(gt.negative(a, executor=executor, workers=2), gt.negative(a))
    with gt.parallel(executor, workers=2):
        assert gt.array_equal(a + b, serial_sum)  # operators follow the context policy
        assert gt.array_equal(gt.map(ops.mul, a, b[0], ops=ops), serial_map)
        assert gt.array_equal(a == b, gt.equal(a, b, executor="serial"))


@pytest.mark.parametrize("mode", MODES)
def test_fromfunction_identical_to_serial(mode, request):
    executor = _executor(mode, request)
    expected = gt.fromfunction(_hilbert_entry, (5, 4))
    got = gt.fromfunction(_hilbert_entry, (5, 4), executor=executor, workers=2)
    assert got.ops is gt.rationals and got.tolist() == expected.tolist()
    assert gt.fromfunction(_hilbert_entry, (0, 3), executor=executor, workers=2).shape == (0, 3)


@pytest.mark.parametrize("mode", ["threads", "processes", "auto"])
def test_element_wise_errors_carry_the_index_under_a_policy(mode, request):
    executor = _executor(mode, request)
    x = gt.tensor([[1, 2], [3, 0]])
    before = x.tolist()
    with pytest.raises(ZeroDivisionError, match=r"index \(1, 1\)"):
        gt.divide(1, x, executor=executor, workers=2)
    with pytest.raises(ZeroDivisionError, match=r"index \(1, 1\)"):
        gt.map(_reciprocal, x, executor=executor, workers=2)
    with gt.parallel(executor, workers=2):
        with pytest.raises(ZeroDivisionError):
            x //= x  # an in-place failure leaves the target unchanged
    assert x.tolist() == before


def _hilbert_entry(i: int, j: int) -> Fraction:
    return Fraction(1, i + j + 1)
