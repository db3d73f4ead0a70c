"""The error tree, the message pattern, and "a call that raises leaves its inputs unchanged"."""

from __future__ import annotations

from fractions import Fraction

import pytest
import sympy

import gentensor as gt
import gentensor.errors as errors
from tests.toyring import Gauss

TREE = {
    "GentensorError": (Exception,),
    "ShapeError": (errors.GentensorError, ValueError),
    "AxisError": (errors.ShapeError, IndexError),
    "NonSquareError": (errors.ShapeError,),
    "OpsMismatchError": (errors.GentensorError, TypeError),
    "DomainError": (errors.GentensorError, TypeError),
    "NotDivisibleError": (errors.GentensorError, ArithmeticError),
    "SingularMatrixError": (errors.GentensorError, ArithmeticError),
    "ReadOnlyError": (errors.GentensorError, ValueError),
    "FormatError": (errors.GentensorError, ValueError),
    "NoSolutionError": (errors.GentensorError, ValueError),
    "NotRegularFileError": (errors.GentensorError, OSError),
    "NotDiagonalizableError": (errors.GentensorError, ArithmeticError),
    "NotPositiveDefiniteError": (errors.GentensorError, ArithmeticError),
    "IndexingError": (errors.GentensorError, IndexError, ValueError),
    "ArgumentTypeError": (errors.GentensorError, TypeError),
    "ArgumentValueError": (errors.GentensorError, ValueError),
    "LimitError": (errors.GentensorError, ValueError),
    "UndecidableError": (errors.DomainError,),
}


@pytest.mark.parametrize("name", sorted(TREE))
def test_the_tree(name):
    cls = getattr(errors, name)
    assert getattr(gt, name) is cls and name in gt.__all__ and name in errors.__all__
    assert cls.__bases__ == TREE[name]
    assert issubclass(cls, errors.GentensorError)
    assert cls.__doc__ and ">>>" in cls.__doc__


def test_errors_module_lists_exactly_the_tree():
    assert sorted(errors.__all__) == sorted(TREE)


# -- messages: "<func>: <what is wrong> (got <value>)[; <how to fix>]" ---------------------

x = gt.arange(6).reshape((2, 3))

BAD_CALLS = [
    ("tensor", lambda: gt.tensor([[1, 2], [3]]), gt.ShapeError),
    ("tensor", lambda: gt.tensor("12"), TypeError),
    ("tensor", lambda: gt.tensor([1], ops="nope"), TypeError),
    ("zeros", lambda: gt.zeros((2, -1)), gt.ShapeError),
    ("ones", lambda: gt.ones(2.5), TypeError),
    ("full", lambda: gt.full((-1,), 0), gt.ShapeError),
    ("eye", lambda: gt.eye(-2), gt.ShapeError),
    ("arange", lambda: gt.arange(0, 1, 0), ValueError),
    ("arange", lambda: gt.arange("a"), TypeError),
    ("symbols", lambda: gt.symbols("1x", 2), TypeError),
    ("fromfunction", lambda: gt.fromfunction(lambda i: i, (-1,)), gt.ShapeError),
    ("reshape", lambda: x.reshape(4), gt.ShapeError),
    ("reshape", lambda: x.T.reshape(6, copy=False), gt.ShapeError),
    ("reshape", lambda: x.reshape((2.5, 2)), TypeError),
    ("permute_dims", lambda: gt.permute_dims(x, (0, 0)), gt.ShapeError),
    ("swapaxes", lambda: gt.swapaxes(x, 0, 2), gt.AxisError),
    ("moveaxis", lambda: gt.moveaxis(x, 0, 5), gt.AxisError),
    ("squeeze", lambda: gt.squeeze(x, axis=0), gt.ShapeError),
    ("expand_dims", lambda: gt.expand_dims(x, axis=3), gt.AxisError),
    ("flip", lambda: gt.flip(x, axis=2), gt.AxisError),
    ("broadcast_to", lambda: gt.broadcast_to(x, (3, 3)), gt.ShapeError),
    ("diagonal", lambda: gt.diagonal(x[0]), gt.ShapeError),
    ("mT", lambda: x[0].mT, gt.ShapeError),
    ("shares_memory", lambda: gt.shares_memory(x, "ab"), TypeError),
    ("__getitem__", lambda: x[2], IndexError),
    ("__getitem__", lambda: x[0, -4], IndexError),
    ("__getitem__", lambda: x["a"], TypeError),
    ("__getitem__", lambda: x[0, 0, 0], IndexError),
    ("__setitem__", lambda: x.__setitem__((0, 5), 1), IndexError),
    ("__setitem__", lambda: x.__setitem__(0, [1, 2]), gt.ShapeError),
    ("__setitem__", lambda: gt.broadcast_to(x, (2, 2, 3)).__setitem__(0, 1), gt.ReadOnlyError),
    ("item", lambda: x.item(), gt.ShapeError),
    ("len", lambda: len(gt.tensor(1)), TypeError),
    ("iter", lambda: iter(gt.tensor(1)).__next__(), TypeError),
    ("__bool__", lambda: bool(x), ValueError),
    ("astype", lambda: x.astype(3), TypeError),
    ("integers.convert", lambda: x.__setitem__(0, Fraction(1, 2)), TypeError),
    ("result_ops", lambda: gt.result_ops(gt.modular(2), gt.modular(3)), gt.OpsMismatchError),
    ("integers.exquo", lambda: gt.integers.exquo(3, 2), gt.NotDivisibleError),
    ("integers.div", lambda: gt.integers.div(3, 2), gt.DomainError),
    ("modular(4).div", lambda: gt.modular(4).div(1, 2), gt.NotDivisibleError),
    ("register_ops", lambda: gt.register_ops(Gauss, object()), TypeError),
    ("modular", lambda: gt.modular(1), ValueError),
    ("printoptions", lambda: gt.printoptions(threshold=-1).__enter__(), ValueError),
    # the inputs of issue 14 that raised plain built-ins
    ("zeros", lambda: gt.zeros((2.5,)), gt.ArgumentTypeError),
    ("__getitem__", lambda: gt.tensor([1, 2])[5], gt.IndexingError),
    ("__getitem__", lambda: gt.tensor([1, 2])[::0], gt.IndexingError),
    ("modular", lambda: gt.modular(1), gt.ArgumentValueError),
    ("zeros", lambda: gt.zeros((2**63,)), gt.LimitError),
    ("modular", lambda: gt.modular(10**5000 + 1), gt.LimitError),
    ("det", lambda: gt.linalg.det(gt.tensor([[sympy.Symbol("a", commutative=False)]])), gt.DomainError),
    ("limits", lambda: gt.limits(max_digits=0).__enter__(), gt.ArgumentValueError),
    ("limits", lambda: gt.limits(max_dgits=5).__enter__(), gt.ArgumentTypeError),
]


@pytest.mark.parametrize("func, call, exc", BAD_CALLS, ids=[f"{i}-{c[0]}" for i, c in enumerate(BAD_CALLS)])
def test_messages_name_the_function(func, call, exc):
    with pytest.raises(exc) as info:
        call()
    message = str(info.value)
    assert message.startswith(f"{func}: "), message
    assert len(message) > len(func) + 10
    assert isinstance(info.value, gt.GentensorError), f"{type(info.value).__name__} is not a class of the tree"


def test_index_errors_name_axis_and_size():
    with pytest.raises(IndexError, match=r"^__getitem__: index 5 is out of range for axis 1 with size 3$"):
        x[1, 5]
    with pytest.raises(IndexError, match=r"^__getitem__: index -3 is out of range for axis 0 with size 2$"):
        x[-3]
    with pytest.raises(IndexError, match=r"^__getitem__: index 4 is out of range for axis 2 with size 3$"):
        gt.zeros((1, 2, 3))[0, :, [0, 4]]


def test_reshape_error_names_both_shapes():
    with pytest.raises(gt.ShapeError, match=r"\(2, 3\).*\(4, 2\)"):
        x.reshape((4, 2))


# -- a call that raises leaves every input unchanged ------------------------------------------


def snapshot(t: gt.Tensor):
    return (t._store, t._store.packing, repr(t._elements()), t._layout, t._ops, t._base, t._readonly)


def failing_calls(t: gt.Tensor):
    v = t.T
    yield lambda: t.__setitem__(..., gt.tensor([[1, 2, 3], [4, 5, Fraction(1, 2)]]))  # last value fails
    yield lambda: t.__setitem__([0, 1], [[7, 7, 7], [7, 7, Fraction(1, 3)]])
    yield lambda: v.__setitem__((slice(None), 0), [9, Fraction(1, 2)])
    yield lambda: t.__setitem__((0, [0, 1, 3]), 9)
    yield lambda: t.__setitem__(gt.tensor([[True, False, True]]), 9)  # mask of the wrong shape
    yield lambda: t.__setitem__(..., gt.tensor([[1], [sympy.Symbol("q")]]))
    yield lambda: t.__setitem__(0, "x")
    yield lambda: t.reshape((4, 2))
    yield lambda: v.reshape(6, copy=False)
    yield lambda: t.astype("no such dtype")  # (a cast to booleans succeeds: nonzero is True)
    yield lambda: gt.squeeze(t, axis=1)
    yield lambda: gt.broadcast_to(t, (3, 3))
    yield lambda: t[0, 0, 0]


@pytest.mark.parametrize("k", range(13))
def test_a_failing_call_leaves_the_tensor_unchanged(k):
    t = gt.arange(6).reshape((2, 3))
    before = snapshot(t)
    call = list(failing_calls(t))[k]
    with pytest.raises((TypeError, ValueError, IndexError)):
        call()
    assert snapshot(t) == before


def test_failing_tensor_call_leaves_nested_data_unchanged():
    data = [[1, 2], [3, Fraction(1, 2)]]
    with pytest.raises(TypeError):
        gt.tensor(data, ops=gt.integers)
    assert data == [[1, 2], [3, Fraction(1, 2)]]
    ragged = [[1, 2], [3]]
    with pytest.raises(gt.ShapeError):
        gt.tensor(ragged)
    assert ragged == [[1, 2], [3]]


# -- every error raised for bad input is a class of the tree ----------------------------------------

# The execution policy (parallel/) and the command line have their own error contracts.
_OWN_CONTRACT = ("parallel", "cli.py")
_BUILTINS = {"TypeError", "ValueError", "IndexError", "KeyError", "OverflowError", "LookupError", "ArithmeticError"}


def _plain_raises() -> list[str]:
    import ast
    from pathlib import Path

    package = Path(gt.__file__).parent
    found = []
    for path in sorted(package.rglob("*.py")):
        rel = path.relative_to(package).as_posix()
        if rel.startswith(_OWN_CONTRACT):
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        # A Mapping's __getitem__ must raise KeyError: that is its protocol, not bad input.
        protocol = {id(n) for f in ast.walk(tree) if isinstance(f, ast.FunctionDef) and f.name == "__getitem__" for n in ast.walk(f)}
        for node in ast.walk(tree):
            if id(node) in protocol:
                continue
            if isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call) and isinstance(node.exc.func, ast.Name):
                if node.exc.func.id in _BUILTINS:
                    found.append(f"{rel}:{node.lineno}: raise {node.exc.func.id}(...)")
    return found


def test_no_plain_builtin_errors_are_raised():
    # Bad input raises a class of gentensor.errors (each also its built-in), never a bare built-in.
    assert _plain_raises() == []


def test_the_scan_sees_a_plain_raise(tmp_path, monkeypatch):
    import ast

    tree = ast.parse("def f():\n    raise ValueError('x')\n")
    raises = [n for n in ast.walk(tree) if isinstance(n, ast.Raise)]
    assert raises and raises[0].exc.func.id in _BUILTINS
