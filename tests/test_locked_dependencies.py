"""The lock files (``requirements/*.txt``, written by ``make lock``) hold what ``make play``,
``make serve`` and ``make test`` install: every pin with its hashes, consistent with
``pyproject.toml`` and with each other, and installed here exactly as locked
(docs/decisions/0012-locked-dependencies.md)."""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path

import pytest
from packaging.markers import Marker
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name
from packaging.version import Version

ROOT = Path(__file__).resolve().parents[1]
LOCKS = ROOT / "requirements"
PIN = re.compile(
    r"^(?P<name>[A-Za-z0-9][A-Za-z0-9._-]*)==(?P<version>\S+)(?:\s*;\s*(?P<marker>.+?))?\s*\\?$"
)


@dataclass(frozen=True)
class Pin:
    """One entry of a lock file: a name, its exact version, where it applies, its hashes."""

    name: str
    version: str
    marker: str | None
    hashes: tuple[str, ...]

    def applies_here(self) -> bool:
        return self.marker is None or Marker(self.marker).evaluate()


def read_lock(path: Path) -> list[Pin]:
    """The pins of a lock file written by ``uv pip compile --generate-hashes``."""
    pins: list[Pin] = []
    lines = path.read_text(encoding="utf-8").splitlines()
    for number, line in enumerate(lines):
        found = PIN.match(line)
        if found is None:
            continue
        hashes = []
        for following in lines[number + 1 :]:
            text = following.strip().removesuffix("\\").strip()
            if not text.startswith("--hash="):
                break
            hashes.append(text.removeprefix("--hash="))
        name = canonicalize_name(found["name"])
        pins.append(Pin(name, found["version"], found["marker"], tuple(hashes)))
    return pins


def _pinned_here(path: Path) -> dict[str, str]:
    return {pin.name: pin.version for pin in read_lock(path) if pin.applies_here()}


def _requirements(extras: list[str]) -> list[Requirement]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    wanted = [*project["project"]["dependencies"], *project["build-system"]["requires"]]
    optional = project["project"]["optional-dependencies"]
    for extra in extras:
        wanted += optional[extra]
    return [Requirement(text) for text in wanted]


ALL_EXTRAS = ["dev", "tui", "sim", "web", "rl", "train"]
SETS = {"test": ALL_EXTRAS, "serve": ["tui", "web"], "play": ["tui"]}


@pytest.mark.parametrize("name", SETS)
def test_every_pin_carries_its_hashes(name: str) -> None:
    pins = read_lock(LOCKS / f"{name}.txt")
    assert len(pins) > 10, f"{name}.txt holds {len(pins)} pins: is it a lock file?"
    bare = [pin.name for pin in pins if not pin.hashes]
    assert not bare, f"pinned without a hash in {name}.txt: {bare}"
    assert all(h.startswith("sha256:") for pin in pins for h in pin.hashes)


@pytest.mark.parametrize("name", SETS)
def test_the_lock_satisfies_the_project(name: str) -> None:
    """Every dependency pyproject.toml names for this set (and the build backend) is pinned,
    at a version it accepts: a dependency added or changed without ``make lock`` fails."""
    pinned = _pinned_here(LOCKS / f"{name}.txt")
    problems = []
    for requirement in _requirements(SETS[name]):
        if requirement.marker is not None and not requirement.marker.evaluate():
            continue
        key = canonicalize_name(requirement.name)
        if key not in pinned:
            problems.append(f"{requirement} is not in the lock")
        elif not requirement.specifier.contains(Version(pinned[key]), prereleases=True):
            problems.append(f"{requirement} does not accept the locked {pinned[key]}")
    assert not problems, f"run make lock; {name}.txt: " + "; ".join(problems)


@pytest.mark.parametrize("name", ["play", "serve"])
def test_the_smaller_sets_take_their_versions_from_the_test_set(name: str) -> None:
    """What a player installs is what the tests ran with."""
    tested: dict[str, set[str]] = {}
    for pin in read_lock(LOCKS / "test.txt"):
        tested.setdefault(pin.name, set()).add(pin.version)
    for pin in read_lock(LOCKS / f"{name}.txt"):
        assert pin.version in tested.get(pin.name, set()), pin


def test_this_environment_holds_exactly_the_locked_versions() -> None:
    """``make test`` installed the test set as locked, and nothing pyproject.toml asks for
    came from anywhere else."""
    wrong = []
    for name, version in _pinned_here(LOCKS / "test.txt").items():
        try:
            installed = metadata.version(name)
        except metadata.PackageNotFoundError:
            wrong.append(f"{name} {version} is not installed")
            continue
        if Version(installed) != Version(version):
            wrong.append(f"{name} {installed} installed, {version} locked")
    assert not wrong, "; ".join(wrong)
