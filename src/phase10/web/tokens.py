"""Seat tokens and invite codes.

A seat token is 32 random bytes, given to its holder once and stored only as a SHA-256
digest: a stolen database does not seat anyone. Tokens are long and random, so a plain
digest (no salt, no slow hash) is the right tool; the comparison is constant-time.

>>> token = new_token()
>>> len(token) >= 40 and matches(token, digest(token)) and not matches("x", digest(token))
True
>>> code = new_code()
>>> len(code) == 6 and set(code) <= set(CODE_ALPHABET)
True
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from typing import Final

#: Letters and digits nobody mixes up when reading a code aloud (no 0/O, 1/I/L, 5/S, 2/Z).
CODE_ALPHABET: Final = "ABCDEFGHJKMNPQRTUVWXY346789"
CODE_LENGTH: Final = 6


def new_token() -> str:
    """A new seat token, URL-safe."""
    return secrets.token_urlsafe(32)


def digest(token: str) -> str:
    """The stored form of ``token``."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def matches(token: str, stored: str | None) -> bool:
    """Whether ``token`` is the one whose digest is ``stored``."""
    if stored is None:
        return False
    return hmac.compare_digest(digest(token), stored)


def new_code() -> str:
    """A short invite code (``K7MPQX``): 27**6, about 387 million codes."""
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def normalise_code(text: str) -> str:
    """A code as typed (``k7m-pqx``) in its stored form (``K7MPQX``).

    >>> normalise_code(" k7m-pqx ")
    'K7MPQX'
    """
    return "".join(ch for ch in text.upper() if ch.isalnum())
