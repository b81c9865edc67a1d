"""How this program is started again: the command that resumes a saved game, printed for a
player to copy. It works from any directory and without ``phase10`` on the PATH, because it
names this Python (and the PYTHONPATH the package was found through) when it must, and the
data folder where ``PHASE10_DATA_DIR`` moved it.

>>> resume_command("game.json").endswith("resume " + os.path.abspath("game.json"))
True
"""

from __future__ import annotations

import os
import shlex
import shutil
import sys
from pathlib import Path
from typing import Final

from phase10.storage import DATA_DIR_VARIABLE

__all__ = ["APP", "join_command", "program_command", "resume_command"]

#: The installed command's name.
APP: Final = "phase10"


def program_command() -> list[str]:
    """The words that run this program as installed: ``phase10`` when that command on the
    PATH belongs to this Python, else this Python with ``-m phase10`` (and the PYTHONPATH it
    needs, when the package is found only through PYTHONPATH)."""
    found = shutil.which(APP)
    here = Path(sys.executable).parent
    if found is not None and Path(found).parent in (here, here.resolve()):
        return [APP]
    words = [sys.executable, "-m", APP]
    pythonpath = os.environ.get("PYTHONPATH")
    package_root = Path(__file__).resolve().parents[1]
    if pythonpath and any(
        Path(entry).resolve() == package_root for entry in pythonpath.split(os.pathsep) if entry
    ):
        words = [f"PYTHONPATH={pythonpath}", *words]
    return words


def _command(*arguments: str) -> str:
    words = program_command()
    env = [w for w in words if w.startswith("PYTHONPATH=")]
    rest = [w for w in words if not w.startswith("PYTHONPATH=")]
    prefix = "".join(f"PYTHONPATH={shlex.quote(w.partition('=')[2])} " for w in env)
    # The data folder holds the key that signs the saves and the online seats: run without
    # the variable that moved it, the command found another folder's key and called a good
    # save damaged.
    data = os.environ.get(DATA_DIR_VARIABLE)
    if data:
        prefix = f"{DATA_DIR_VARIABLE}={shlex.quote(os.path.abspath(data))} " + prefix
    return prefix + shlex.join([*rest, *arguments])


def resume_command(path: str) -> str:
    """A shell command that resumes the game saved at ``path``, from any directory."""
    return _command("resume", os.path.abspath(path))


def join_command(url: str) -> str:
    """A shell command that sits at the online table at ``url`` again, as installed.

    >>> join_command("http://h:8000/t/Ab9").endswith("join http://h:8000/t/Ab9")
    True
    """
    return _command("join", url)
