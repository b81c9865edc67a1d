"""The web tests' services are real: a PostgreSQL server, a Chromium browser, axe-core.

These tests need nothing of the web server; they prove the fixtures of conftest.py stand on
real programs, so that a web test passing means what it says.
"""

from __future__ import annotations

import urllib.parse

from playwright.sync_api import Page
from sqlalchemy import create_engine, text

from .conftest import run_axe


def html_page(body: str, head: str = "") -> str:
    """A ``data:`` URL of a complete English page with a title and ``body`` in its main region."""
    document = (
        '<!doctype html><html lang="en"><head><meta charset="utf-8">'
        f"<title>Services check</title>{head}</head>"
        f"<body><main><h1>Services check</h1>{body}</main></body></html>"
    )
    return "data:text/html," + urllib.parse.quote(document)


def test_postgres_url_is_a_real_postgresql_server(postgres_url: str) -> None:
    """Server: the URL reaches a running PostgreSQL, through SQLAlchemy and psycopg 3, which
    keeps what it is given: a table created, rows inserted, the same rows read back."""
    assert postgres_url.startswith("postgresql+psycopg://")
    engine = create_engine(postgres_url)
    try:
        with engine.begin() as connection:
            version = connection.execute(text("SELECT version()")).scalar_one()
            connection.execute(
                text("CREATE TABLE services_check (id serial PRIMARY KEY, name text NOT NULL)")
            )
            connection.execute(
                text("INSERT INTO services_check (name) VALUES (:name)"),
                [{"name": "Ada"}, {"name": "Grace"}],
            )
        with engine.connect() as connection:
            names = connection.execute(
                text("SELECT name FROM services_check ORDER BY id")
            ).scalars()
            assert list(names) == ["Ada", "Grace"]
            assert connection.execute(text("SHOW fsync")).scalar_one() == "off"
    finally:
        engine.dispose()
    assert "PostgreSQL" in version


def test_fresh_postgres_url_is_an_empty_database_of_its_own(
    postgres_url: str, fresh_postgres_url: str
) -> None:
    """Server: each test that asks gets a new, empty database on the same server."""
    assert fresh_postgres_url != postgres_url
    engine = create_engine(fresh_postgres_url)
    try:
        with engine.connect() as connection:
            tables = connection.execute(
                text("SELECT count(*) FROM pg_tables WHERE schemaname = 'public'")
            ).scalar_one()
    finally:
        engine.dispose()
    assert tables == 0


def test_chromium_runs_a_page_script_on_a_click(page: Page) -> None:
    """Browser: Chromium, driven by Playwright, renders a page, clicks a button and runs the
    page's own script, whose change to the text is read back."""
    page.goto(
        html_page(
            '<button type="button" id="go">Not yet</button>'
            "<script>document.getElementById('go').addEventListener('click',"
            " (event) => { event.target.textContent = 'Clicked'; });</script>"
        )
    )
    assert page.text_content("#go") == "Not yet"
    page.click("#go")
    assert page.text_content("#go") == "Clicked"
    assert "Chrome" in page.evaluate("() => navigator.userAgent")


def test_axe_reports_an_image_without_alternative_text(page: Page, axe_source: str) -> None:
    """axe: the real axe-core is injected and finds a deliberate violation, an image without
    alternative text (its rule ``image-alt``), on the element that has it."""
    assert "axe" in axe_source[:200]
    page.goto(html_page('<img id="nameless" src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">'))
    violations = run_axe(page)
    image_alt = [violation for violation in violations if violation["id"] == "image-alt"]
    assert image_alt, violations
    assert image_alt[0]["nodes"][0]["target"] == ["#nameless"]
    assert image_alt[0]["impact"] == "critical"


def test_axe_finds_nothing_on_an_accessible_page(page: Page) -> None:
    """axe: on a page with a language, a title, a main landmark, a heading and an image with
    alternative text, every axe rule passes."""
    page.goto(
        html_page(
            "<p>Phase 10 needs two to six players.</p>"
            '<img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" alt="A blank card">'
        )
    )
    assert run_axe(page) == []


def test_axe_runs_where_the_page_forbids_inline_scripts(page: Page) -> None:
    """axe: a page whose Content-Security-Policy forbids inline scripts, as a careful server's
    may, is checked all the same (the script is then evaluated through the DevTools protocol)."""
    page.goto(
        html_page(
            '<img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">',
            head='<meta http-equiv="Content-Security-Policy" content="script-src \'self\'">',
        )
    )
    assert [violation["id"] for violation in run_axe(page)] == ["image-alt"]
