"""What ``phase10 serve`` checks and prepares of its database before opening it.

- **The URL**: only SQLite and PostgreSQL are supported; a bare path, or another kind of
  database, is refused with what to write instead (SQLAlchemy's own words, "Could not parse
  SQLAlchemy URL" or "No module named 'MySQLdb'", do not say it).
- **The SQLite file's folder**: only the default data folder is created, private to the
  server's user. A folder named in ``--database`` that does not exist is refused: a typo
  would otherwise make folders (as root, under a service) and an empty database.
- **The SQLite file**: created readable by its owner only, as SQLite then creates its
  ``-wal`` and ``-shm`` files with the file's own mode: it holds every game's seed (every
  hand) and every invite code. A file the operator made keeps its mode; one every user may
  read is warned of in the log.
- **One server per SQLite file**: a second server on a file would show the games as it
  loaded them and refuse moves the first one stored. Each server holds an exclusive lock on
  ``FILE.lock`` for its life; the system drops it with the process, so a crashed server
  never blocks its restart.

>>> check_url("sqlite:///games.db"), check_url("postgresql://phase10@127.0.0.1/phase10")
(None, None)
>>> try:
...     check_url("games.db")
... except DatabaseFileError as refused:
...     print(refused)
games.db is not a database URL: for a SQLite file write sqlite:///games.db
"""

from __future__ import annotations

import contextlib
import logging
import os
import stat
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Final

from phase10.kernel.i18n import N_

__all__ = [
    "DatabaseFileError",
    "check_url",
    "lock_path",
    "prepare_sqlite",
    "served_alone",
    "sqlite_file",
    "warn_if_readable",
]

log = logging.getLogger("phase10.web")

#: The URL schemes served (a driver may follow a ``+``: ``postgresql+psycopg``).
SUPPORTED: Final = ("sqlite", "postgresql", "postgres")


class DatabaseFileError(Exception):
    """The database cannot be served: ``message`` is an English msgid with ``{}`` fields
    filled from ``params`` (the command line translates it)."""

    def __init__(self, message: str, **params: str) -> None:
        super().__init__(message.format(**params))
        self.message = message
        self.params = params


def sqlite_file(url: str) -> str | None:
    """The file a ``sqlite:///`` URL names, as written (``None``: another database, in
    memory, or a ``file:`` URI).

    >>> sqlite_file("sqlite:///games.db?timeout=9"), sqlite_file("sqlite:///:memory:")
    ('games.db', None)
    """
    name = url.removeprefix("sqlite:///").partition("?")[0]
    if not url.startswith("sqlite:///") or name in ("", ":memory:") or name.startswith("file:"):
        return None
    return name


def check_url(url: str) -> None:
    """``DatabaseFileError`` unless ``url`` is a SQLite or PostgreSQL URL.

    >>> try:
    ...     check_url("mysql://phase10@127.0.0.1/phase10")
    ... except DatabaseFileError as refused:
    ...     print(refused)
    mysql:// databases are not supported: only sqlite:// and postgresql://
    """
    scheme, sep, _ = url.partition("://")
    if not sep:
        raise DatabaseFileError(
            N_("{url} is not a database URL: for a SQLite file write {suggested}"),
            url=url,
            suggested=f"sqlite:///{url}",
        )
    if scheme.partition("+")[0].lower() not in SUPPORTED:
        raise DatabaseFileError(
            N_("{scheme}:// databases are not supported: only sqlite:// and postgresql://"),
            scheme=scheme,
        )


def prepare_sqlite(file: str, *, create_folder: bool) -> None:
    """Make ready the SQLite ``file`` (as the URL names it): its folder created, private,
    where ``create_folder`` (the default data folder), else ``DatabaseFileError`` if it is
    missing; the file itself, if new, created readable by its owner only."""
    path = Path(file)
    folder = path.parent
    if not folder.is_dir():
        if not create_folder:
            raise DatabaseFileError(
                N_("the folder {folder} does not exist (create it, or correct the path)"),
                folder=os.path.abspath(folder),
            )
        # Only the last folder gets the mode (Python leaves its parents to the umask): the
        # parents of a data folder are the user's own (~/.local/share) or the operator's.
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    try:
        created = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        return  # the operator's file keeps the mode they gave it
    except OSError as exc:
        raise _cannot_create(path, exc) from None
    os.close(created)


def _cannot_create(path: Path, exc: OSError) -> DatabaseFileError:
    """The refusal of a file the server could not make (the database, or its lock)."""
    return DatabaseFileError(
        N_("cannot create the database {file}: {reason}"),
        file=os.path.abspath(path),
        reason=exc.strerror or str(exc),
    )


def warn_if_readable(file: str) -> None:
    """Log a warning if every user of the machine may read the SQLite ``file``."""
    with contextlib.suppress(OSError):
        mode = os.stat(file).st_mode
        if mode & stat.S_IROTH:
            log.warning(
                "the database %s is readable by every user of this machine (mode %o), and "
                "it holds every game's cards and invite codes: chmod 600 it, and its -wal "
                "and -shm files",
                os.path.abspath(file),
                stat.S_IMODE(mode),
            )


def lock_path(file: str) -> Path:
    """The lock file a server holds for the SQLite ``file``: beside it, not the file itself,
    whose locks are SQLite's own.

    >>> lock_path("/srv/phase10/phase10.db").name
    'phase10.db.lock'
    """
    return Path(f"{file}.lock")


@contextlib.contextmanager
def served_alone(file: str) -> Iterator[None]:
    """Hold the lock on the SQLite ``file`` while serving it: ``DatabaseFileError``, naming
    the process that holds it, if another server does. Where the system has no ``flock``
    (Windows), nothing is locked."""
    if sys.platform == "win32":
        yield
        return
    import fcntl

    path = lock_path(file)
    try:
        # Not O_TRUNC: the holder's process number stays readable until the lock is ours.
        fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
    except OSError as exc:
        raise _cannot_create(path, exc) from None
    try:
        try:
            # flock, not lockf: the lock belongs to the open file, which the system closes
            # with the process however it ends (kill -9 too). The worker processes are
            # spawned, not forked, so none of them keeps it open after the server is gone.
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            holder = os.read(fd, 32).decode("ascii", "replace").strip()
            where = os.path.abspath(file)
            if holder.isdigit():
                raise DatabaseFileError(
                    N_(
                        "{file} is served already, by process {pid}: one server per SQLite "
                        "file (several processes need PostgreSQL)"
                    ),
                    file=where,
                    pid=holder,
                ) from None
            raise DatabaseFileError(
                N_(
                    "{file} is served already, by another process: one server per SQLite "
                    "file (several processes need PostgreSQL)"
                ),
                file=where,
            ) from None
        os.ftruncate(fd, 0)
        os.write(fd, f"{os.getpid()}\n".encode())
        yield
    finally:
        os.close(fd)  # drops the lock; the file stays, holding no lock, for the next server
