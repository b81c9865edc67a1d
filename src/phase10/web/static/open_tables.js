// The lobby's "Open tables" (the public tables waiting for people, the longest waiting first,
// each with a link to join it) and "Play now" (a seat at one of them, or at a new table that
// starts by itself with computers in the seats nobody took): decision 0014.

import {
  ApiError,
  NAME_KEY,
  api,
  boot,
  el,
  fill,
  hiddenText,
  lang,
  refusal,
  saved,
  t,
  tokenKey,
  withLang,
} from "./common.js";

/** How often the list is asked for again while the page is shown. */
const REFRESH_MS = 10_000;

const games = boot.catalogue?.games || [];
const list = document.getElementById("open-list");
const state = document.getElementById("open-state");
const quickForm = document.getElementById("quick");
const quickGame = document.getElementById("quick-game");
const quickName = document.getElementById("quick-name");
const quickError = document.getElementById("quick-error");
const status = document.getElementById("status");

function tableLink(table) {
  return withLang(`/t/${encodeURIComponent(table)}`);
}

function item(table) {
  const seats = t("open.seats", { taken: table.taken, seats: table.seats });
  const parts = [
    el("strong", null, table.game_title),
    el("span", null, t("open.rules", { rules: table.rules_text })),
    el("span", null, seats),
    el("span", null, t("open.owner", { owner: table.owner })),
  ];
  if (table.quick) parts.push(el("span", null, t("open.quick")));
  // Separated by words' own punctuation, not by layout alone.
  const shown = parts.flatMap((part, i) => (i ? [" · ", part] : [part]));
  const link = el(
    "a",
    { href: tableLink(table.table), class: "button" },
    t("open.join"),
    hiddenText(` ${t("open.join_whose", { owner: table.owner })}`),
  );
  return el("li", { class: "open-table" }, el("p", { class: "open-what" }, ...shown), link);
}

let asking = false;

async function refresh() {
  if (asking) return;
  asking = true;
  try {
    const found = await api("GET", `/api/tables/open?lang=${encodeURIComponent(lang)}`);
    const tables = found.tables || [];
    fill(list, ...tables.map(item));
    list.hidden = tables.length === 0;
    state.textContent = tables.length ? "" : t("open.none");
  } catch {
    state.textContent = t("open.failed");
  } finally {
    asking = false;
  }
}

function showQuickError(text) {
  quickError.textContent = text;
  quickError.hidden = !text;
  if (text) {
    quickName.setAttribute("aria-invalid", "true");
    quickName.setAttribute("aria-describedby", "quick-error");
    status.textContent = text;
  } else {
    quickName.removeAttribute("aria-invalid");
    quickName.removeAttribute("aria-describedby");
  }
}

let playing = false;

async function playNow(event) {
  event.preventDefault();
  if (playing) return;
  const name = quickName.value.trim();
  if (!name) {
    showQuickError(t("name_needed"));
    quickName.focus();
    return;
  }
  showQuickError("");
  const button = document.getElementById("play-now");
  playing = true;
  button.setAttribute("aria-disabled", "true");
  status.textContent = t("quick.finding");
  try {
    const seated = await api("POST", "/api/quick", { game: quickGame.value, name });
    saved.set(tokenKey(seated.table), seated.token);
    saved.set(NAME_KEY, name);
    window.location.assign(tableLink(seated.table));
  } catch (error) {
    const text = error instanceof ApiError ? refusal(error) : t("open.failed");
    showQuickError(text);
    quickName.focus();
  } finally {
    playing = false;
    button.removeAttribute("aria-disabled");
  }
}

for (const game of games) {
  quickGame.appendChild(el("option", { value: game.name }, game.title));
}
// The game chosen for a new table is the one to play now too (it can still be changed here):
// one page, one game in mind.
document.getElementById("games")?.addEventListener("change", (event) => {
  if (event.target.name === "game") quickGame.value = event.target.value;
});
quickName.value = saved.get(NAME_KEY) || "";
quickForm.addEventListener("submit", playNow);
document.getElementById("open-refresh").addEventListener("click", refresh);
refresh();
// Polled, not pushed: the list changes slowly and a lobby page needs no connection of its own.
setInterval(() => {
  if (document.visibilityState === "visible") refresh();
}, REFRESH_MS);
