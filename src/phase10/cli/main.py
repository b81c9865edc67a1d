"""Entry point of the ``phase10`` command."""

from __future__ import annotations


def main(argv: list[str] | None = None) -> int:
    """Run the command line; returns the exit code."""
    return 0
