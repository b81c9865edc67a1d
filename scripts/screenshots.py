"""Capture the browser table's screenshots in docs/screenshots/: the lobby and a table in
play, each at desktop size (1280x800) and phone size (360x740).

It starts ``phase10 serve`` on a free port with a throw-away SQLite database, creates a
Phase 10 table for one person and two computer players, and plays through the page (the
hint's move each turn) until groups lie on the table and it is the person's turn to play.
It needs Playwright and Debian's Chromium (``bash scripts/test-services.sh`` installs it):

    python scripts/screenshots.py            # writes docs/screenshots/*.png
    python scripts/screenshots.py --out DIR  # somewhere else
    python scripts/screenshots.py --out DIR --lang de  # the pages in German

The tests do not run it; run it after a visible change to the pages and commit the images.
"""

from __future__ import annotations

import argparse
import json
import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

from playwright.sync_api import Page, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 360, "height": 740}
_DIRECT = urllib.request.build_opener(urllib.request.ProxyHandler({}))


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def start_server(folder: Path) -> tuple[subprocess.Popen[bytes], str]:
    """``phase10 serve`` on a free port; returns the process and its address once healthy."""
    port = free_port()
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    command = [sys.executable, "-m", "phase10", "serve", "--port", str(port)]
    command += ["--database", f"sqlite:///{folder / 'screens.db'}"]
    command += ["--bot-delay", "0.05", "--bot-workers", "0"]
    process = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}"
    for _ in range(200):
        try:
            with _DIRECT.open(f"{url}/healthz", timeout=1) as response:
                if response.status == 200:
                    return process, url
        except OSError:
            time.sleep(0.1)
    process.kill()
    raise SystemExit("the server did not start")


def post(url: str, body: object, token: str | None = None) -> dict[str, object]:
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    request = urllib.request.Request(url, json.dumps(body).encode(), headers, method="POST")
    with _DIRECT.open(request, timeout=10) as response:
        data: dict[str, object] = json.loads(response.read())
        return data


def play_until_groups(page: Page, limit: float = 90.0) -> None:
    """Play the hint's move on each of the person's turns until groups are down and the
    person is to play after a draw (so the page shows every kind of move)."""
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        groups = page.locator("#groups .group").count()
        playing = page.locator("#moves [data-group=discard]").count() > 0
        if groups >= 2 and playing:
            return
        if page.locator("#game-summary:not([hidden])").count():
            return
        if page.locator("#moves [data-key=hint]").count() == 0:
            page.wait_for_timeout(50)
            continue
        before = page.locator("#moves").get_attribute("data-version")
        page.locator("#moves [data-key=hint]").click()
        page.locator("#moves [data-key=hint-play]").click()
        page.wait_for_function(
            "(v) => document.getElementById('moves').dataset.version !== v", arg=before
        )
    raise SystemExit("no groups on the table in time")


def capture(out: Path, lang: str = "en") -> None:
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as folder:
        process, url = start_server(Path(folder))
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
                for size, viewport in (("desktop", DESKTOP), ("phone", PHONE)):
                    page = browser.new_page(viewport=viewport)  # type: ignore[arg-type]
                    page.goto(f"{url}/?lang={lang}")
                    page.locator("#name").fill("Ada")
                    page.locator("h1").focus()
                    page.evaluate("window.scrollTo(0, 0)")
                    page.screenshot(path=out / f"lobby-{size}.png")
                    page.close()
                made = post(
                    f"{url}/api/tables",
                    {
                        "game": "phase10",
                        "name": "Ada",
                        "seats": [
                            {"kind": "person"},
                            {"kind": "bot", "level": "medium"},
                            {"kind": "bot", "level": "easy"},
                        ],
                    },
                )
                table, token = str(made["table"]), str(made["token"])
                post(f"{url}/api/tables/{table}/start", {}, token)
                pages = []
                for viewport in (DESKTOP, PHONE):
                    context = browser.new_context(viewport=viewport)  # type: ignore[arg-type]
                    context.add_init_script(
                        f"localStorage.setItem('phase10:token:{table}', {json.dumps(token)})"
                    )
                    page = context.new_page()
                    page.goto(f"{url}/t/{table}?lang={lang}")
                    pages.append(page)
                desktop, phone = pages
                play_until_groups(desktop)
                # Two cards chosen, to show how a choice looks.
                for page in pages:
                    page.locator("#hand [role=option]").nth(0).click()
                    page.locator("#hand [role=option]").nth(1).click()
                    page.locator("#hand [role=option]").nth(1).focus()
                desktop.evaluate("window.scrollTo(0, 0)")
                desktop.screenshot(path=out / "table-desktop.png")
                # A phone's first screen: the decision at hand fits it, unscrolled.
                phone.evaluate("window.scrollTo(0, 0)")
                phone.screenshot(path=out / "table-phone.png")
                browser.close()
        finally:
            process.terminate()
            process.wait(timeout=10)
    for path in sorted(out.glob("*.png")):
        print(
            f"{path.relative_to(ROOT) if path.is_relative_to(ROOT) else path}: "
            f"{path.stat().st_size // 1024} KB"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshots")
    parser.add_argument("--lang", default="en", choices=["en", "fr", "de", "nl"])
    arguments = parser.parse_args()
    capture(arguments.out, arguments.lang)


if __name__ == "__main__":
    main()
