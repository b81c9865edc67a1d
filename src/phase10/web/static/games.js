// "My games": the tables this browser holds seats at. Each seat's token is kept in
// localStorage (phase10:token:<table>, see common.js); the page sends them to the server
// (POST /api/tables/mine), which answers for each table whose token proves a seat: its game,
// state, players, when it was made, who won. A table the server does not know (or where the
// token proves no seat) is listed as such, with a button that forgets its token.

import {
  api,
  boot,
  el,
  fill,
  lang,
  refusal,
  saved,
  seqKey,
  t,
  tn,
  tokenKey,
  watchKey,
  withLang,
} from "./common.js";

const ui = {
  status: document.getElementById("status"),
  list: document.getElementById("games-list"),
  watched: document.getElementById("watched"),
  watchedList: document.getElementById("watched-list"),
};
const WATCH_PREFIX = watchKey("");
/** The most watched tables listed (the latest), each asked about on its own. */
const MOST_WATCHED = 20;
const PREFIX = tokenKey("");
/** The server answers about at most this many seats at once (MAX_MY_TABLES). */
const MOST = 100;

/** The entries of localStorage whose key starts with `prefix`: [{table, value}], the table
 * being the rest of the key (seats and watched tables are kept alike, a key per table). */
function storedUnder(prefix) {
  const out = [];
  let store = null;
  try {
    store = window.localStorage;
  } catch {
    return out;
  }
  for (let i = 0; i < store.length; i += 1) {
    const key = store.key(i);
    if (!key || !key.startsWith(prefix)) continue;
    const table = key.slice(prefix.length);
    const value = saved.get(key);
    if (table && value && table.length <= 32) out.push({ table, value });
  }
  return out;
}

/** The saved seats: [{table, token}], read from localStorage. */
function savedSeats() {
  return storedUnder(PREFIX)
    .map(({ table, value }) => ({ table, token: value }))
    .slice(0, MOST);
}

function say(text) {
  // The same words again (a refresh that found nothing new) are not said twice.
  if (ui.status.textContent !== text) ui.status.textContent = text;
}

function gameTitle(name) {
  return (boot.game_titles || {})[name] || name;
}

function stateText(entry) {
  if (entry.status === "waiting") return t("games.state.waiting");
  if (entry.status === "playing") return t("games.state.playing");
  if (entry.winner) return t("games.state.won", { name: entry.winner.name || "" });
  return t("games.state.over");
}

function playerText(entry, player) {
  if (player.kind === "bot" && !player.name) {
    // Computers are named as the game starts: before, by their level.
    const level = (boot.levels || []).find((each) => each.name === player.level);
    return t("seat.computer", { level: level?.title || player.level || "" });
  }
  if (!player.name) return t("seat.open");
  if (player.seat === entry.seat) return t("you_named", { name: player.name });
  if (player.kind === "bot") return t("games.computer", { name: player.name });
  return player.name;
}

function createdCell(seconds) {
  if (!seconds) return el("td", null, "");
  const when = new Date(seconds * 1000);
  const text = new Intl.DateTimeFormat(lang, { dateStyle: "medium", timeStyle: "short" }).format(when);
  return el("td", null, el("time", { datetime: when.toISOString() }, text));
}

function knownRow(entry) {
  const open = withLang(`/t/${encodeURIComponent(entry.table)}`);
  const actions = [];
  // The replay page opens once the game is over (before, it answers "later").
  if (entry.status === "over") {
    actions.push(
      el("a", { href: withLang(`/replay/${encodeURIComponent(entry.table)}`) }, t("games.replay", { code: entry.code })),
      " ",
    );
  }
  // A table nobody will finish leaves the list once forgotten (asked first: the seat is lost).
  actions.push(
    el(
      "button",
      {
        type: "button",
        onclick: () => {
          if (window.confirm(t("games.forget_confirm", { code: entry.code }))) forget(entry.table);
        },
      },
      t("games.forget_table", { code: entry.code }),
    ),
  );
  return el(
    "tr",
    { dataset: { table: entry.table } },
    el("th", { scope: "row" }, el("a", { href: open }, t("games.open", { code: entry.code }))),
    el("td", null, gameTitle(entry.game)),
    el("td", null, stateText(entry)),
    el(
      "td",
      null,
      el(
        "ul",
        null,
        entry.players.map((player) => el("li", null, playerText(entry, player))),
      ),
    ),
    createdCell(entry.created),
    el("td", null, actions),
  );
}

/** A table known from its public lobby (GET /api/tables/{id}) rather than by a seat: its
 * code, game, state and players, the date `when` (seconds, or none), its replay once over and
 * `forgetButton`; `note`, where given, stands under its state. */
function publicRow(table, lobby, { when, note, forgetButton }) {
  const actions = [];
  if (lobby.status === "over") {
    actions.push(el("a", { href: withLang(`/replay/${encodeURIComponent(table)}`) }, t("games.replay", { code: lobby.code })), " ");
  }
  actions.push(forgetButton);
  const shown = { status: lobby.status, seat: null };
  return el(
    "tr",
    { dataset: { table } },
    el("th", { scope: "row" }, el("a", { href: withLang(`/t/${encodeURIComponent(table)}`) }, t("games.open", { code: lobby.code }))),
    el("td", null, gameTitle(lobby.game)),
    el("td", null, note ? [stateText(shown), note] : stateText(shown)),
    el("td", null, el("ul", null, lobby.seats.map((seat) => el("li", null, playerText(shown, seat))))),
    createdCell(when),
    el("td", null, actions),
  );
}

/** A table that stands but where this browser's token no longer holds a seat (given to a
 * computer by its owner, say): listed with its code, its state and its replay, for the
 * person to watch it or see how it ended (the row said only that the server knew neither,
 * with the table's inner id for a name). */
function lostSeatRow(entry, lobby) {
  const table = entry.table;
  const noteId = `lost-${table.replace(/[^\w-]/g, "_")}`;
  return publicRow(table, lobby, {
    when: null,
    note: el("p", { id: noteId, class: "note" }, t("games.seat_lost")),
    forgetButton: el(
      "button",
      { type: "button", "aria-describedby": noteId, onclick: () => forget(table) },
      t("games.forget_table", { code: lobby.code }),
    ),
  });
}

function unknownRow(entry) {
  const noteId = `unknown-${entry.table.replace(/[^\w-]/g, "_")}`;
  return el(
    "tr",
    { dataset: { table: entry.table } },
    // Its page, which says what became of the seat where the table still stands (given to
    // a computer by its owner, say), or that the table is gone.
    el("th", { scope: "row" }, el("a", { href: withLang(`/t/${encodeURIComponent(entry.table)}`) }, entry.table)),
    el("td", { colspan: "4", id: noteId }, t("games.unknown")),
    el(
      "td",
      null,
      el(
        "button",
        { type: "button", "aria-describedby": noteId, onclick: () => forget(entry.table) },
        t("games.forget"),
      ),
    ),
  );
}

function forget(table) {
  saved.set(tokenKey(table), null);
  saved.set(seqKey(table), null);
  const row = ui.list.querySelector(`tr[data-table="${CSS.escape(table)}"]`);
  row?.remove();
  say(t("games.forgotten"));
  if (!ui.list.querySelector("tbody tr")) showNone();
  else ui.list.querySelector("caption")?.focus();
}

function showNone() {
  fill(ui.list, el("p", null, t("games.none")));
}

/** A list of tables under its caption, with its columns' names. Each cell knows its column's
 * name: a narrow screen shows every row as a card of labelled lines (style.css) rather than a
 * table wider than the screen. */
function gamesTable(caption, headers, rows) {
  const table = el(
    "table",
    { class: "games" },
    el("caption", { tabindex: "-1" }, caption),
    el("thead", null, el("tr", null, headers.map((key) => el("th", { scope: "col" }, t(key))))),
    el("tbody", null, rows),
  );
  for (const row of table.querySelectorAll("tbody tr")) {
    [...row.children].forEach((cell, i) => {
      if (headers[i]) cell.dataset.label = t(headers[i]);
    });
  }
  return el("div", { class: "table-scroll" }, table);
}

async function show(entries) {
  const known = entries.filter((e) => e.known).sort((a, b) => (b.created || 0) - (a.created || 0));
  const unknown = entries.filter((e) => !e.known);
  // A table the server still has is public (its page, its lobby): ask, to tell a seat lost
  // from a table gone.
  const lobbies = await Promise.all(
    unknown.map((entry) =>
      api("GET", `/api/tables/${encodeURIComponent(entry.table)}?lang=${lang}`).catch(() => null),
    ),
  );
  const unknownRows = unknown.map((entry, i) => (lobbies[i] ? lostSeatRow(entry, lobbies[i]) : unknownRow(entry)));
  const headers = ["games.col.table", "games.col.game", "games.col.state", "games.col.players", "games.col.created", "games.col.actions"];
  fill(ui.list, gamesTable(t("games.caption"), headers, [...known.map(knownRow), ...unknownRows]));
  // The seats this browser holds: a table whose seat was given away is listed, not counted.
  say(tn("games.count", { count: known.length }));
}

async function load({ quiet = false } = {}) {
  const seats = savedSeats();
  if (seats.length === 0) {
    showNone();
    return;
  }
  if (!quiet) say(t("games.loading"));
  try {
    const answer = await api("POST", "/api/tables/mine", { seats });
    await show(answer.tables);
  } catch (error) {
    say(refusal(error));
  }
}

/** The tables watched as a spectator and not held a seat at: [{table, since}], latest first. */
function savedWatches() {
  return storedUnder(WATCH_PREFIX)
    .filter(({ table }) => !saved.get(tokenKey(table)))
    .map(({ table, value }) => ({ table, since: Number(value) || 0 }))
    .sort((a, b) => b.since - a.since)
    .slice(0, MOST_WATCHED);
}

function forgetWatched(table) {
  saved.set(watchKey(table), null);
  ui.watchedList.querySelector(`tr[data-table="${CSS.escape(table)}"]`)?.remove();
  say(t("games.watched_forgotten"));
  if (!ui.watchedList.querySelector("tbody tr")) ui.watched.hidden = true;
  else ui.watchedList.querySelector("caption")?.focus();
}

function watchedRow(watch, lobby) {
  const table = watch.table;
  if (!lobby) {
    const noteId = `gone-${table.replace(/[^\w-]/g, "_")}`;
    return el(
      "tr",
      { dataset: { table } },
      el("th", { scope: "row" }, table),
      el("td", { colspan: "4", id: noteId }, t("games.watched_gone")),
      el("td", null, el("button", { type: "button", "aria-describedby": noteId, onclick: () => forgetWatched(table) }, t("games.forget"))),
    );
  }
  return publicRow(table, lobby, {
    when: watch.since,
    note: null,
    forgetButton: el("button", { type: "button", onclick: () => forgetWatched(table) }, t("games.forget_table", { code: lobby.code })),
  });
}

async function loadWatched() {
  const watches = savedWatches();
  if (watches.length === 0) return;
  const rows = await Promise.all(
    watches.map(async (watch) => {
      try {
        return watchedRow(watch, await api("GET", `/api/tables/${encodeURIComponent(watch.table)}?lang=${lang}`));
      } catch {
        return watchedRow(watch, null);
      }
    }),
  );
  const headers = ["games.col.table", "games.col.game", "games.col.state", "games.col.players", "games.col.watched", "games.col.actions"];
  fill(ui.watchedList, gamesTable(t("games.watched_caption"), headers, rows));
  ui.watched.hidden = false;
}

load().then(loadWatched);

/** Whether a refresh would pull the page from under the reader: the focus is in a list. */
function readingAList() {
  const here = document.activeElement;
  return Boolean(here && (ui.list.contains(here) || ui.watchedList.contains(here)));
}

// Back on the page after a game in another tab (or by the browser's Back button, which
// may show the page as it was left), the states are asked again: a table played to its end
// meanwhile says "finished" without a reload. Not while the focus is in a list, which a
// new list would take from under it; nor on a timer, which would move a screen reader's
// place while it reads.
let refreshing = false;
async function refresh() {
  if (refreshing || document.visibilityState !== "visible" || readingAList()) return;
  refreshing = true;
  try {
    await load({ quiet: true });
    await loadWatched();
  } finally {
    refreshing = false;
  }
}
document.addEventListener("visibilitychange", refresh);
window.addEventListener("pageshow", (event) => {
  if (event.persisted) refresh();
});
