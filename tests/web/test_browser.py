"""The browser table, end to end: real Chromium pages against ``phase10 serve`` in a
subprocess, two browser contexts as two people and a computer player at the same table.

Every move is made through the page as a person would: clicking the buttons it shows (each
one built from a legal action the server sent) or pressing its keys (arrow keys and Space in
the hand, ``d`` to draw, ``x`` to discard the chosen card, ``i`` for a hint). axe-core checks
each page in each state a player meets, and a 360 px wide phone never scrolls sideways.

The server runs with ``--bot-delay 0`` and computer players in threads (``--bot-workers 0``)
so a whole hand takes seconds; the Phase 10 game is the ``n_phases=1`` variant (phase 1
only), whose first hand is also the whole game.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import Browser, BrowserContext, Locator, Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from .conftest import LiveServer, StartLiveServer, run_axe

SERVER_ARGS = ("--bot-delay", "0", "--bot-workers", "0", "--hold", "30")
DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 360, "height": 740}
#: Names are user text: markup in them must show as text, never as markup.
OWNER = "Zoe </script>"
GUEST = "<b>Bo</b> [red]"
#: A card option's accessible name: the card in words, as every sentence says it (colour
#: is never the only cue, and no code is spelled out letter by letter).
CARD_NAME = re.compile(
    r"^((red|blue|yellow|green) \d{1,2}|wild|Skip"
    r"|\w+ of (spades|hearts|diamonds|clubs)( \(wild\))?|joker)"
)
HAND_DEADLINE = 75.0
#: How long a step waits for the hint before it asks whether the turn is still there.
TURN_GONE_MS = 10_000

MakePage = Callable[..., Page]


@pytest.fixture
def server(live_server: StartLiveServer, tmp_path: Path) -> LiveServer:
    """A fresh server on a SQLite file of this test, computers playing at once."""
    return live_server(f"sqlite:///{tmp_path / 'web.db'}", extra_args=SERVER_ARGS)


@pytest.fixture
def new_page(browser: Browser) -> Iterator[MakePage]:
    """Pages in contexts of their own (one per person: separate localStorage), closed after
    the test; any script error on any of them fails the test."""
    contexts: list[BrowserContext] = []
    errors: list[str] = []

    def make(viewport: dict[str, int] | None = None) -> Page:
        context = browser.new_context(viewport=viewport or DESKTOP)  # type: ignore[arg-type]
        contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(15_000)
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        return page

    yield make
    for context in contexts:
        context.close()
    assert not errors, f"script errors: {errors}"


def no_violations(page: Page, where: str) -> None:
    violations = run_axe(page)
    summary = [(v["id"], v["help"], [n["target"] for n in v["nodes"]][:3]) for v in violations]
    assert violations == [], f"axe on {where}: {summary}"


def no_sideways_scroll(page: Page, where: str) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 360, f"{where} is {width} px wide at 360 px"


def create_table(
    page: Page, base: str, *, game: str, seats: list[str], variant: tuple[str, int] | None = None
) -> tuple[str, str]:
    """Fill the lobby's form as the owner (a variant by its name in words, with its number);
    returns the invite link and the code shown."""
    page.goto(f"{base}/?lang=en")
    if game == "programmes":
        page.get_by_label("Programmes").check()
    if variant is not None:
        page.get_by_text("Variants (optional)").click()
        page.get_by_label(variant[0], exact=True).check()
        page.get_by_label(f"Number for {variant[0]}").fill(str(variant[1]))
    page.get_by_label("Number of players").select_option(str(len(seats) + 1))
    for number, kind in enumerate(seats, start=2):
        page.get_by_label(f"Seat {number}", exact=True).select_option(kind)
    page.get_by_label("Your name").fill(OWNER)
    page.get_by_role("button", name="Create the table").click()
    expect(page.get_by_role("heading", name="Your table is ready")).to_be_focused()
    link = page.locator("#invite-link").inner_text()
    code = page.locator("#invite-code").inner_text()
    return link, code


def join_by_code(page: Page, base: str, code: str, name: str) -> None:
    """Find the table by its code in the lobby, then take a seat with the keyboard."""
    page.goto(f"{base}/?lang=en")
    page.get_by_label("Table code").fill(code.lower())
    page.get_by_role("button", name="Find the table").click()
    page.wait_for_url(re.compile(r"/t/[\w-]+\?lang=en$"))
    field = page.get_by_label("Your name")
    # The seat to take comes first under the lobby's heading, before the invitation's link
    # and code (play-tested: twelve Tabs to reach the name).
    expect(field).to_be_visible()
    page.locator("#lobby-h").focus()
    page.keyboard.press("Tab")
    expect(field).to_be_focused()
    field.click()
    # Keys typed into a text field are text, never shortcuts (h, s, ? would answer).
    page.keyboard.type(name)
    page.keyboard.press("Enter")
    expect(page.locator("#players")).to_contain_text(f"{name} (you)")
    assert "Keys:" not in (page.locator("#status").text_content() or "")


def table_id(page: Page) -> str:
    found = re.search(r"/t/([\w-]+)", page.url)
    assert found, page.url
    return found.group(1)


def my_turn(page: Page) -> bool:
    return page.locator("#moves [data-key=hint]").count() > 0


def version(page: Page) -> str:
    return page.locator("#moves").get_attribute("data-version") or ""


def wait_applied(page: Page, before: str) -> None:
    """Until the page shows the game after the move (a new version) or the game is over."""
    page.wait_for_function(
        """(before) => document.getElementById('moves').dataset.version !== before
            || !document.getElementById('game-summary').hidden""",
        arg=before,
    )


def choose_with_keys(page: Page, card: str) -> None:
    """Choose exactly ``card`` in the hand: Escape in the hand clears, arrows move, Space
    chooses."""
    hand = page.locator("#hand [role=option]")
    cards = hand.evaluate_all("(options) => options.map((o) => o.dataset.card)")
    position = cards.index(card)
    page.locator("#hand [role=option][tabindex='0']").focus()
    page.keyboard.press("Escape")
    page.keyboard.press("Home")
    for _ in range(position):
        page.keyboard.press("ArrowRight")
    page.keyboard.press("Space")
    expect(hand.nth(position)).to_have_attribute("aria-selected", "true")
    expect(page.locator("#hand [aria-selected=true]")).to_have_count(1)


def click_unless_covered(button: Locator) -> bool:
    """Click ``button``, unless a hand's results cover the page first (then False): a click
    the dialog intercepts would otherwise be retried for seconds while they stay up."""
    results = button.page.locator("#summary")
    deadline = time.monotonic() + TURN_GONE_MS / 1000
    while True:
        if results.is_visible():
            return False
        try:
            button.click(timeout=500)
        except PlaywrightTimeout:
            if time.monotonic() > deadline:
                raise
        else:
            return True


#: Records on the page (``window.resultsShown``) that a hand's results were shown.
RECORD_RESULTS_SHOWN = """() => {
    const note = () => {
        const hand = document.getElementById('hand-summary');
        if (document.getElementById('summary').open && hand && !hand.hidden) {
            window.resultsShown = true;
        }
    };
    new MutationObserver(note).observe(document.body, {
        subtree: true, attributes: true, attributeFilter: ['open', 'hidden'],
    });
    note();
}"""


def take_step(page: Page, *, keys: bool) -> str:
    """One move of the seat to act on ``page``: the hint's move, by keys or by clicks.
    Returns how it was made: ``"d"`` or ``"x"`` (keys), or the notation of the hint clicked;
    ``""`` when the turn went away before the hint could be asked for (a reconnect)."""
    before = version(page)
    if keys and page.locator("#moves [data-key=draw]").count():
        page.locator("#moves-h").focus()
        page.keyboard.press("d")
        wait_applied(page, before)
        return "d"
    play = page.locator("#moves [data-key=hint-play]")
    results = page.locator("#summary")
    try:
        if keys:
            page.locator("#moves-h").focus()
            page.keyboard.press("i")
        elif not click_unless_covered(page.locator("#moves [data-key=hint]")):
            return ""
        # A hand's results opening now end the wait at once: they close by themselves a
        # few seconds into the next hand, and the caller must see them before that.
        play.or_(results).first.wait_for(timeout=TURN_GONE_MS)
        if results.is_visible():
            return ""
    except PlaywrightTimeout:
        # A page that has just reconnected can show a turn for a moment before the server's
        # fresh view replaces it, and a hand's results can open over the moves: no move is
        # made then, and the caller looks again. A turn still shown, uncovered, is a failure.
        if page.locator("#summary").is_visible():
            return ""
        if my_turn(page) and version(page) == before:
            raise
        return ""
    notation = play.get_attribute("data-notation") or ""
    if keys and re.fullmatch(r"discard \S+", notation):
        choose_with_keys(page, notation.split()[1])
        page.keyboard.press("x")
        wait_applied(page, before)
        return "x"
    play.click()
    wait_applied(page, before)
    return notation


def wait_for_a_person(pages: list[Page], timeout: float = 15.0) -> None:
    """Until one of ``pages`` is to play: then nothing moves until the test does."""
    deadline = time.monotonic() + timeout
    while not any(my_turn(page) for page in pages):
        assert time.monotonic() < deadline, "no person's turn came"
        pages[0].wait_for_timeout(40)


def play_until(
    pages: list[Page],
    done: Callable[[], bool],
    *,
    keys: Callable[[Page], bool],
    on_turn: Callable[[Page], None] | None = None,
    on_move: Callable[[Page, str], None] | None = None,
) -> list[str]:
    """Let each page move on its turns until ``done()`` (``on_move`` after each move made,
    with how it was made); returns how each move was made."""
    moves: list[str] = []
    deadline = time.monotonic() + HAND_DEADLINE
    while not done():
        if time.monotonic() > deadline:
            states = [p.locator("#status").text_content() for p in pages]
            raise AssertionError(f"no end after {len(moves)} moves; status lines: {states}")
        acted = False
        for page in pages:
            if done():
                break
            if my_turn(page):
                if on_turn is not None:
                    on_turn(page)
                step = take_step(page, keys=keys(page))
                if step:
                    moves.append(step)
                    acted = True
                    if on_move is not None:
                        on_move(page, step)
        if not acted:
            pages[0].wait_for_timeout(40)
    return moves


def test_the_lobby_creates_a_table_and_a_guest_joins_by_code(
    server: LiveServer, new_page: MakePage
) -> None:
    """The lobby offers the catalogue (games, profiles, variants with a number, seats and
    levels), gives the invite link and code, and is accessible; a guest on a phone finds the
    table by its code and sits down, and the owner gives the seat nobody took to a computer
    (P10-R02: 2 to 6 players)."""
    owner = new_page()
    owner.goto(f"{server.url}/?lang=en")
    no_violations(owner, "the lobby")
    assert owner.locator("h1").count() == 1
    link, code = create_table(
        owner, server.url, game="phase10", seats=["person", "person"], variant=("Phases to play", 1)
    )
    assert link == f"{server.url}/join/{code}"
    assert re.fullmatch(r"[A-Z0-9]{6}", code)
    # The server is on the loopback: its link reaches nobody else, which the page says.
    expect(owner.locator("#invite-local")).to_be_visible()
    expect(owner.locator("#invite-local")).to_contain_text("Only this computer can open")
    no_violations(owner, "the lobby with its invite")
    owner.get_by_role("link", name="Go to the table").click()
    owner.wait_for_url(re.compile(r"/t/[\w-]+\?lang=en$"))
    token = owner.evaluate(f"localStorage.getItem('phase10:token:{table_id(owner)}')")
    assert token
    expect(owner.locator("#invite-local")).to_be_visible()  # the table's waiting room too

    guest = new_page(PHONE)
    guest.goto(f"{server.url}/?lang=en")
    no_sideways_scroll(guest, "the lobby")
    join_by_code(guest, server.url, code, GUEST)
    no_sideways_scroll(guest, "the table before the game")
    expect(owner.locator("#players")).to_contain_text(GUEST)
    expect(owner.locator("#players")).to_contain_text("waiting for a player")
    owner.get_by_label("Computer level for Seat 3").select_option("easy")
    # Seat 3's button by its name: until the lobby that says the guest is here arrives (a
    # quarter of a second after a connection, decision 0016), the guest's seat offers one too.
    owner.get_by_role("button", name="Give the seat to a computer (Seat 3)").click()
    expect(owner.locator("#players")).to_contain_text("Computer: easy")
    expect(owner.locator("#players")).not_to_contain_text("waiting for a player")
    assert owner.locator("#players b, #log b").count() == 0  # a name's markup is text
    expect(owner.get_by_role("button", name="Start the game")).to_be_visible()
    assert guest.get_by_role("button", name="Start the game").is_hidden()
    no_violations(owner, "the table before the game")


def test_the_program_swap_takes_its_rounds_as_its_own_number(
    server: LiveServer, new_page: MakePage
) -> None:
    """The programmes variants "Program swap" (after 3 failed rounds) and "Rounds before a
    swap" set one rule (AMZ-R31): the form offers one box, the swap, and its rounds as a
    number beside it, 3 as the swap's own and open only while the swap is chosen, so no one
    can choose the swap and a contradicting number of rounds; the table plays the number
    typed. axe finds nothing."""
    page = new_page()
    page.goto(f"{server.url}/?lang=en")
    page.get_by_label("Programmes").check()
    page.get_by_text("Variants (optional)").click()
    variants = page.locator("#variants")
    expect(variants.get_by_role("checkbox")).to_have_count(2)
    swap = variants.get_by_role("checkbox", name="Program swap")
    rounds = variants.get_by_role("spinbutton", name="Rounds before a swap")
    expect(rounds).to_have_value("3")
    expect(rounds).to_be_disabled()
    swap.check()
    expect(rounds).to_be_enabled()
    no_violations(page, "the programmes variants")
    swap.uncheck()
    expect(rounds).to_be_disabled()
    swap.check()
    rounds.fill("5")
    # AMZ-R30's number of programs to win, for a shorter game (play-tested: only
    # --rules could set it).
    variants.get_by_role("checkbox", name="Programs to win").check()
    page.get_by_label("Number for Programs to win").fill("2")
    page.get_by_label("Number of players").select_option("2")
    page.get_by_label("Seat 2", exact=True).select_option("easy")
    page.get_by_label("Your name").fill(OWNER)
    page.get_by_role("button", name="Create the table").click()
    expect(page.get_by_role("heading", name="Your table is ready")).to_be_focused()
    page.get_by_role("link", name="Go to the table").click()
    table = table_id(page)
    answer = httpx.get(f"{server.url}/api/tables/{table}", timeout=10, trust_env=False)
    assert answer.json()["rules"] == "programmes+program_swap_after=5+programs_to_win=2", (
        answer.json()
    )
    rules = httpx.get(f"{server.url}/t/{table}/rules?lang=en", timeout=10, trust_env=False)
    assert "The first to complete 2 programs, sun cards included, wins at once" in rules.text


def test_a_number_typed_out_of_range_is_refused_by_name_not_changed(
    server: LiveServer, new_page: MakePage
) -> None:
    """P10-R38's number of phases, typed 0 in the lobby's form, is refused with the
    variant's name and the range (play-tested: a 0 became a game of one phase, unsaid); no
    table is made; the number typed again makes the table it says."""
    page = new_page()
    page.goto(f"{server.url}/?lang=en")
    page.get_by_text("Variants (optional)").click()
    page.get_by_label("Phases to play", exact=True).check()
    page.get_by_label("Number for Phases to play").fill("0")
    page.get_by_label("Number of players").select_option("2")
    page.get_by_label("Seat 2", exact=True).select_option("easy")
    page.get_by_label("Your name").fill(OWNER)
    page.get_by_role("button", name="Create the table").click()
    refused = page.locator("#create-error")
    expect(refused).to_contain_text("Phases to play: 0")
    expect(refused).to_contain_text("from 1 to 10")
    expect(page.get_by_role("heading", name="Your table is ready")).to_have_count(0)
    page.get_by_label("Number for Phases to play").fill("3")
    page.get_by_role("button", name="Create the table").click()
    expect(page.get_by_role("heading", name="Your table is ready")).to_be_focused()
    page.get_by_role("link", name="Go to the table").click()
    answer = httpx.get(f"{server.url}/api/tables/{table_id(page)}", timeout=10, trust_env=False)
    assert answer.json()["rules"] == "n_phases=3", answer.json()


def test_two_people_and_a_computer_play_a_whole_hand_of_phase10(
    server: LiveServer, new_page: MakePage
) -> None:
    """A whole hand of Phase 10 through the page (n_phases=1: phase 1 only): turns of a draw
    then a discard (P10-R13), phases laid down whole (P10-R15, P10-R20) and hits (P10-R21,
    P10-R23), Skips played at a chosen player (P10-R25), going out (P10-R30) ends the hand
    (P10-R31) with its points (P10-R34) and, phase 1 being the last, the game (P10-R36).
    axe finds nothing mid-hand with groups down, on the summaries, or on the replay; the
    owner's rematch takes everyone to a new table."""
    owner = new_page()
    guest = new_page(PHONE)
    _link, code = create_table(
        owner, server.url, game="phase10", seats=["person", "easy"], variant=("Phases to play", 1)
    )
    owner.get_by_role("link", name="Go to the table").click()
    join_by_code(guest, server.url, code, GUEST)
    owner.get_by_role("button", name="Start the game").click()
    expect(owner.locator("#hand [role=option]").first).to_be_visible()
    old_table = table_id(owner)

    # The hand: a multi-select listbox whose options are named by notation and words.
    hand = owner.get_by_role("listbox", name="Your hand")
    expect(hand).to_have_attribute("aria-multiselectable", "true")
    for name in hand.get_by_role("option").evaluate_all(
        "(os) => os.map((o) => o.querySelector('.visually-hidden').textContent)"
    ):
        assert CARD_NAME.match(name), name
    # The one-key questions answer in the status line (asked while a person is to play, so
    # no computer's move replaces the answer).
    wait_for_a_person([owner, guest])
    owner.locator("#moves-h").focus()
    owner.keyboard.press("m")
    expect(owner.locator("#status")).to_have_text("You are on phase 1: set of 3 + set of 3.")
    owner.keyboard.press("s")
    # Each player as the game sums them up: points, phase and cards.
    expect(owner.locator("#status")).to_have_text(
        re.compile(r"^Scores: Zoe </script> 0 points \(phase 1, \d+ cards\); ")
    )
    # The hand said in words, as the list names its cards (not "R3 B3 W").
    card = r"((red|blue|yellow|green) \d{1,2}|wild|Skip)"
    owner.keyboard.press("h")
    expect(owner.locator("#status")).to_have_text(
        re.compile(rf"^Your hand, \d+ cards: {card}(, {card})*\.$")
    )

    checked: dict[str, bool] = {"groups": False}

    def mid_hand(page: Page) -> None:
        if checked["groups"] or owner.locator("#groups .group").count() == 0:
            return
        checked["groups"] = True
        no_violations(owner, "the table mid-hand with groups down")
        no_sideways_scroll(guest, "the table mid-hand")
        owner.locator("#moves-h").focus()
        owner.keyboard.press("b")
        # Each group by name, then its cards in words: "set of 7s: red 7, blue 7, wild".
        group = re.compile(
            r"(set of \d+s|run \d+-\d+|colour group): ((red|blue|yellow|green) \d+|wild)"
        )
        expect(owner.locator("#status")).to_contain_text(group)

    def hand_over() -> bool:
        return (
            owner.locator("#hand-summary").is_visible()
            and guest.locator("#hand-summary").is_visible()
        )

    went_on: list[str] = []

    def turn_goes_on(page: Page, step: str) -> None:
        # A lay-down or a hit leaves the turn to go on: the status line says what is left
        # (P10-R13: a turn ends with a discard), unless the move ended the hand.
        if not re.match(r"(lay|hit)\b", step):
            return
        prompt = re.compile(r"It is your turn: (hit|discard|lay down)")
        deadline = time.monotonic() + 5
        while not prompt.search(page.locator("#status").text_content() or ""):
            if page.locator("#hand-summary").is_visible():
                return
            assert time.monotonic() < deadline, (step, page.locator("#status").text_content())
            page.wait_for_timeout(40)
        went_on.append(step)

    moves = play_until(
        [owner, guest],
        hand_over,
        keys=lambda page: page is guest,
        on_turn=mid_hand,
        on_move=turn_goes_on,
    )
    assert "d" in moves, "the guest never drew with the d key"
    assert "x" in moves, "the guest never chose a card with arrows and Space, then x"
    assert checked["groups"], "nobody laid a phase down before the hand ended"

    summary = owner.locator("#hand-summary")
    expect(summary.get_by_role("heading", name="Hand 1 ended.")).to_be_visible()
    expect(summary.get_by_role("columnheader", name="Points this hand")).to_be_visible()
    expect(owner.locator("#game-summary")).to_be_visible()
    # The end of the game first: who won, in a sentence, then the standing, then the hand's
    # results, whose first sentence does not repeat their title.
    expect(owner.locator("#game-summary .lead")).to_contain_text(re.compile(r"wins? the game"))
    assert owner.evaluate(
        "document.getElementById('game-summary').compareDocumentPosition("
        "document.getElementById('hand-summary')) & Node.DOCUMENT_POSITION_FOLLOWING"
    )
    expect(summary.locator("li").first).not_to_contain_text("Hand 1 ended.")
    expect(owner.locator("#game-summary")).to_contain_text("the winner")
    expect(owner.locator("#game-summary")).to_contain_text("Seed ")
    no_violations(owner, "the end-of-hand and end-of-game summaries")
    no_sideways_scroll(guest, "the summaries")
    assert owner.locator("#players b, #log b").count() == 0

    # The replay of the finished table, by buttons and keys.
    replay = new_page()
    replay.goto(f"{server.url}/replay/{old_table}?lang=en")
    expect(replay.locator("#action")).to_contain_text("The deal")
    no_violations(replay, "the replay")
    replay.get_by_role("button", name="Next", exact=True).click()
    # The step's move in words, with who made it, as their table offered it.
    expect(replay.locator("#action")).to_contain_text(
        re.compile(r"^Step 1 of \d+, .+: (Draw from the draw pile|Take .+ from the discard pile)")
    )
    # Said as sentences: the step, then what happened (not the move's notation run into it).
    expect(replay.locator("#status")).to_have_text(
        re.compile(r"^Step 1 of \d+\. .+ (drew a card|took .+ from the discard pile)\.")
    )
    replay.keyboard.press("End")
    expect(replay.locator("#action")).to_contain_text(re.compile(r"^Step (\d+) of \1, .+: "))
    expect(replay.locator("#hands h3")).to_have_count(3)
    replay.keyboard.press("ArrowLeft")
    expect(replay.locator("#action")).to_contain_text(re.compile(r"^Step (\d+) of (\d+)"))
    # In French, in French words, not the game's notation ("discard G11").
    replay.goto(f"{server.url}/replay/{old_table}?lang=fr#step=1")
    expect(replay.locator("#action")).to_contain_text(
        re.compile(r"^Étape 1 sur \d+, .+ : (Piocher|Prendre) ")
    )

    # The rematch: the owner asks, every connected person moves to the new table, seated.
    owner.get_by_role("button", name="Rematch").click()
    owner.wait_for_url(lambda url: old_table not in url)
    guest.wait_for_url(lambda url: old_table not in url)
    new_table = table_id(guest)
    assert guest.url.endswith("?lang=en")
    assert new_table != old_table
    assert table_id(owner) == new_table
    assert guest.evaluate(f"localStorage.getItem('phase10:token:{new_table}')")
    expect(guest.locator("#players")).to_contain_text(f"{GUEST} (you)")
    expect(owner.get_by_role("button", name="Start the game")).to_be_visible()


def test_a_manche_of_the_programmes_game_survives_a_server_crash(
    server: LiveServer, new_page: MakePage
) -> None:
    """A manche of the programmes game through the page: draws (AMZ-R10), reveals of a
    program (AMZ-R11, AMZ-R14), new sets and additions (AMZ-R20), discards (AMZ-R13), to
    the manche's end (AMZ-R28) and its summary, which axe finds accessible. Midway the server
    is killed (kill -9) and started again: both pages reconnect by themselves, say so, and
    play on from where they were."""
    owner = new_page(PHONE)
    guest = new_page()
    _link, code = create_table(owner, server.url, game="programmes", seats=["person", "easy"])
    owner.get_by_role("link", name="Go to the table").click()
    join_by_code(guest, server.url, code, GUEST)
    owner.get_by_role("button", name="Start the game").click()
    expect(guest.locator("#hand [role=option]").first).to_be_visible()
    # The Start button goes with the lobby: the owner's focus lands on their hand.
    expect(owner.locator("#hand [role=option]:focus")).to_have_count(1)
    for name in guest.locator("#hand [role=option] .visually-hidden").all_text_contents():
        assert CARD_NAME.match(name), name
    expect(guest.get_by_role("button", name="By suit")).to_be_visible()
    no_sideways_scroll(owner, "the programmes table")

    # Whether a page ever showed the manche's results, however briefly: they close by
    # themselves (the next manche needs the seat, or they have been up a while), so the
    # moment they open is recorded on the page itself.
    for page in (owner, guest):
        page.evaluate(RECORD_RESULTS_SHOWN)

    def manche_over() -> bool:
        # The results close by themselves on a page once the next manche needs its seat,
        # which can be in the very message that ends this one, while the other page's may
        # not be drawn yet: the log's sentence is read too, since the log keeps it.
        return any(
            page.locator("#hand-summary").is_visible()
            or "Round 1 ended." in (page.locator("#log").text_content() or "")
            for page in (owner, guest)
        )

    # What each seat is told of itself on its turns: once revealed (AMZ-R11), its program's
    # sentence says so, and the facts after it do not say it again.
    mine: list[str] = []

    def told(page: Page) -> None:
        mine.append(page.locator("#me-line").text_content() or "")

    # A few moves, then the crash.
    start = time.monotonic()
    play_until(
        [owner, guest],
        lambda: time.monotonic() - start > 2.0,
        keys=lambda p: p is owner,
        on_turn=told,
    )
    if not manche_over():
        seq_key = f"phase10:seq:{table_id(owner)}"
        seen = owner.evaluate("(key) => Number(localStorage.getItem(key))", seq_key)
        server.kill()
        expect(owner.locator("#connection")).to_be_visible()
        # Cut off, the page does not claim the guest is still there.
        unknown = re.compile(r"^not known until the page is connected again")
        guest_seat = owner.locator("#players li").filter(has_text=GUEST)
        expect(guest_seat.locator(".facts")).to_have_text(unknown)
        server.restart()
        expect(owner.locator("#connection")).to_be_hidden(timeout=20_000)
        expect(guest.locator("#connection")).to_be_hidden(timeout=20_000)
        expect(owner.locator("#log")).to_contain_text("Connected again.")
        assert owner.evaluate("(key) => Number(localStorage.getItem(key))", seq_key) >= seen

    play_until([owner, guest], manche_over, keys=lambda page: page is owner, on_turn=told)
    # Most manches show a person's seat revealed on a later turn of theirs (not every one:
    # the computer may reveal last, or the manche end before); each such line says it once.
    revealed = [line for line in mine if "revealed" in line]
    assert all(line.count("revealed") == 1 for line in revealed), revealed
    # Nobody plays on, so the page whose seat the next manche does not need keeps them open
    # a while; a page that reloads shows the last manche's results again in any case.
    deadline = time.monotonic() + 10
    while not any(page.locator("#hand-summary").is_visible() for page in (owner, guest)):
        if time.monotonic() > deadline:
            seen = [page.evaluate("window.resultsShown === true") for page in (owner, guest)]
            logs = [(page.locator("#log").text_content() or "")[-400:] for page in (owner, guest)]
            assert any(seen), f"no page showed the results of the round; logs: {logs}"
            guest.reload()
            expect(guest.locator("#hand-summary")).to_be_visible()
            break
        owner.wait_for_timeout(40)
    # The page whose seat the next manche waits for closes them by itself after a few
    # seconds: look at the other one where both show them.
    showing = [page for page in (guest, owner) if page.locator("#hand-summary").is_visible()]
    waiting = [page for page in showing if page.locator("#moves [data-key=draw]").count() == 0]
    shown = (waiting or showing)[0]
    summary = shown.locator("#hand-summary")
    expect(summary.get_by_role("heading", name="Round 1 ended.")).to_be_visible()
    expect(summary.get_by_role("columnheader", name="Programs done")).to_be_visible()
    expect(shown.get_by_role("dialog", name="Results")).to_be_visible()
    no_violations(shown, "the end-of-manche summary")
    no_sideways_scroll(owner, "the end-of-manche summary")
    shown.get_by_role("button", name="Close").click()
    expect(shown.locator("#hand-summary")).to_be_hidden()
    # Results the player closed stay closed when the page is loaded again.
    shown.reload()
    expect(shown.locator("#hand [role=option]").first).to_be_visible()
    shown.wait_for_timeout(500)
    expect(shown.locator("#hand-summary")).to_be_hidden()


def test_the_rules_page_is_the_rulebook_with_anchored_rules(
    server: LiveServer, new_page: MakePage
) -> None:
    """The rulebook under one h1, each rule anchored by its id (P10-R20 and AMZ-R11 here), a
    way back, and the language links keeping the page."""
    page = new_page()
    page.goto(f"{server.url}/rules?lang=en")
    assert page.locator("h1").count() == 1
    expect(page.locator("#P10-R20")).to_contain_text("One card, one group")
    expect(page.locator("#AMZ-R11")).to_be_visible()
    no_violations(page, "the rules page")
    page.get_by_role("link", name="Back to the start page").first.click()
    page.wait_for_url(f"{server.url}/?lang=en")
    page.goto(f"{server.url}/rules?lang=en")
    page.get_by_role("navigation", name="Language").get_by_role("link", name="Deutsch").click()
    page.wait_for_url(f"{server.url}/rules?lang=de")
    assert page.locator("html").get_attribute("lang") == "de"


def test_the_page_elides_french_and_counts_as_the_terminal_does(
    server: LiveServer, new_page: MakePage
) -> None:
    """The browser's French reads "C'est au tour d'Ann" and "d'Émile", like
    the terminal: the page's own function gives what ``elide_french`` gives, case by case
    (vowels, accented ones, a mute h, but never Y, a card code or a number), and the page's
    strings use it. Its texts with a count take the form the catalogs'
    plural rule gives ("1 carte", "0 carte", "2 cartes"; "0 cards" in English)."""
    from phase10.kernel.i18n import LANGUAGES, elide_french, translator

    cases: list[tuple[str, dict[str, object]]] = [
        ("C'est au tour de {name}.", {"name": name})
        for name in ("Ann", "Émile", "Ève", "Hugo", "Œdipe", "Bob", "Yann", "ÉMILE", "")
    ]
    cases += [
        ("On attend que {name} commence.", {"name": "Ugo"}),
        ("De {name} : {n}", {"name": "Ann", "n": 3}),
        ("vous n'avez pas de {card} en main", {"card": "AS"}),
        ("la série de {owner} et de {other}", {"owner": "Ines", "other": "Zoe"}),
        ("Vide de {name}", {"name": 8}),
        ("fidèle de {name}", {"name": "Ann"}),
    ]
    page = new_page()
    page.goto(f"{server.url}/?lang=fr")
    got = page.evaluate(
        """async (cases) => {
            const common = await import("/static/common.js");
            return {
                elided: cases.map(([template, values]) => common.elideFrench(template, values)),
                turn: ["Ann", "Émile", "Bob"].map((name) => common.t("q.their_turn", { name })),
                owner: common.t("lobby.wait_owner", { name: "Ann" }),
                hand: common.t("replay.hand_of", { name: "Hugo" }),
                plural: ["en", "fr", "de", "nl"].map((language) =>
                    [0, 1, 2, 3].map((n) => common.isPlural(n, language))),
                top: [0, 1, 2].map((count) => common.tn("q.top", { card: "R7", count })),
                start: [1, 9].map((count) => common.tn("replay.start", { count })),
            };
        }""",
        cases,
    )
    assert got["elided"] == [elide_french(template, values) for template, values in cases]
    assert got["elided"][:4] == [
        "C'est au tour d'{name}.",
        "C'est au tour d'{name}.",
        "C'est au tour d'{name}.",
        "C'est au tour d'{name}.",
    ]
    assert got["turn"] == [
        "C'est au tour d'Ann.",
        "C'est au tour d'Émile.",
        "C'est au tour de Bob.",
    ]
    assert got["owner"] == "On attend qu'Ann commence la partie."
    assert got["hand"] == "Main d'Hugo"
    # The page's rule is the catalogs' Plural-Forms (English has no catalog: n != 1).
    for language, forms in zip(LANGUAGES, got["plural"], strict=True):
        rule = getattr(translator(language), "plural", lambda n: int(n != 1))
        assert forms == [bool(rule(n)) for n in range(4)], language
    assert got["top"] == [
        f"Dessus de la défausse : R7 ; la pioche a {n} carte{'s' if n > 1 else ''}."
        for n in range(3)
    ]
    assert got["start"] == [
        "La distribution, avant 1 étape.",
        "La distribution, avant la première des 9 étapes.",
    ]
