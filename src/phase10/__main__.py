"""``python -m phase10``: the same command line as ``phase10``."""

from __future__ import annotations

from phase10.cli.main import main

if __name__ == "__main__":
    raise SystemExit(main())
