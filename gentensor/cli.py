"""The command line: ``gentensor`` / ``python -m gentensor``."""

from __future__ import annotations

import argparse
import sys
from typing import Sequence

__all__ = ["main"]


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="gentensor", description="N-dimensional tensors over any element type, with exact linear algebra."
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    sub.required = True
    sub.add_parser("demo", help="print a short tour of gentensor", description="Print a short tour of gentensor.")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit code.

    >>> main(["demo"])  # doctest: +ELLIPSIS
    gentensor ...
    0
    """
    args = _parser().parse_args(argv)
    if args.command == "demo":
        from ._demo import run

        run()
    return 0


if __name__ == "__main__":
    sys.exit(main())
