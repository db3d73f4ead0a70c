"""The printed tour behind ``python -m gentensor demo``."""

from __future__ import annotations

from fractions import Fraction
from typing import Callable

__all__ = ["run"]


def run(echo: Callable[[str], None] = print) -> None:
    """Print a short tour: views, an exact determinant, a symbolic one, a Hilbert inverse."""
    import sympy

    import gentensor as gt

    def section(title: str) -> None:
        echo("")
        echo(f"== {title}")

    echo(f"gentensor {gt.__version__}: N-dimensional tensors over any element type")

    section("Views share storage (O(1) transpose and slicing)")
    x = gt.arange(12).reshape((3, 4))
    echo(f">>> x = gt.arange(12).reshape((3, 4))\n{x!r}")
    t = x.T
    t[0, 2] = 100
    echo(">>> t = x.T; t[0, 2] = 100     # writes through the view")
    echo(f">>> x\n{x!r}")
    echo(f">>> gt.shares_memory(x, t), t.base is x, t.strides\n{(gt.shares_memory(x, t), t.base is x, t.strides)}")

    section("An exact integer determinant (fraction-free Bareiss)")
    a = gt.fromfunction(lambda i, j: (i * i * j + 5 * i + 11 * j * j) % 31 - 15, (10, 10))
    echo(f">>> a = gt.fromfunction(lambda i, j: (i*i*j + 5*i + 11*j*j) % 31 - 15, (10, 10))\n{a!r}")
    d = gt.linalg.det(a)
    echo(f">>> gt.linalg.det(a)          # an exact int, not a float\n{d}")
    echo(f">>> gt.linalg.det(a.astype(gt.modular(7))) == det(a) % 7\n{gt.linalg.det(a.astype(gt.modular(7))) == d % 7}")

    section("A symbolic determinant")
    s = gt.symbols("a", (3, 3))
    d = gt.linalg.det(s)
    echo(f">>> s = gt.symbols('a', (3, 3))\n{s!r}")
    echo(f">>> gt.linalg.det(s)\n{d}")
    echo(f">>> sympy.Matrix(s.tolist()).det() - gt.linalg.det(s) expands to {sympy.expand(sympy.Matrix(s.tolist()).det() - d)}")

    section("The exact inverse of the 6x6 Hilbert matrix")
    h = gt.fromfunction(lambda i, j: Fraction(1, i + j + 1), (6, 6))
    hinv = gt.linalg.inv(h)
    echo(f">>> h = gt.fromfunction(lambda i, j: Fraction(1, i + j + 1), (6, 6))\n>>> gt.linalg.inv(h)\n{hinv!r}")
    check = h @ hinv
    echo(f">>> gt.array_equal(h @ gt.linalg.inv(h), gt.eye(6))\n{gt.array_equal(check, gt.eye(6))}")
