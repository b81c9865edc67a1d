// A table's page: the seats before the game, then the game itself over one WebSocket.
//
// The server is the referee: every move button is built from the moves the server sent in
// the seat's presentation (update.table.moves: each with its words, cards and action), and a
// move is sent as that action's JSON. The page keeps its seat token
// in localStorage (phase10:token:<table>) with the last event number it saw, reconnects by
// itself when the connection drops, and says everything that happens in the log and the
// latest answer in the status line (role=status); chat lines and confirmations are said in a
// live line of their own (#notes).

import {
  ApiError,
  NAME_KEY,
  api,
  boot,
  bareFace,
  cardClasses,
  cardFace,
  cardName,
  el,
  fill,
  groupsByOwner,
  groupsList,
  hiddenText,
  lang,
  newId,
  cardElement,
  onlyThisComputer,
  refusal,
  saved,
  seatKey,
  watchKey,
  seqKey,
  t,
  tableElement,
  tn,
  tokenKey,
  typingIn,
  withLang,
} from "./common.js";
import { seriesText } from "./series.js";
import { mountTimer } from "./timer.js";
import { mountChat } from "./chat.js";

const tableId = boot.lobby.table;
/** The version of the table protocol (docs/protocol.md) this page speaks. */
const PROTOCOL = 2;
const levels = boot.levels || [];

const $ = (id) => document.getElementById(id);
const ui = {
  info: $("info"),
  status: $("status"),
  notes: $("notes"),
  connection: $("connection"),
  lobbyPanel: $("lobby-panel"),
  lobbyHeading: $("lobby-h"),
  seatsAdmin: $("seats-admin"),
  seatsAdminList: $("seats-admin-list"),
  inviteLink: $("invite-link"),
  inviteLocal: $("invite-local"),
  joinForm: $("join-form"),
  joinName: $("join-name"),
  joinError: $("join-error"),
  waiting: $("waiting"),
  startRow: $("start-row"),
  start: $("start"),
  summary: $("summary"),
  summaryHeading: $("summary-h"),
  summaryStatus: $("summary-status"),
  summaryNotes: $("summary-notes"),
  summaryKeep: $("summary-keep"),
  felt: $("felt"),
  myGroups: $("my-groups"),
  notifyToggle: $("notify-toggle"),
  soundToggle: $("sound-toggle"),
  handSummary: $("hand-summary"),
  gameSummary: $("game-summary"),
  pilesPanel: $("piles-panel"),
  piles: $("piles"),
  handPanel: $("hand-panel"),
  meLine: $("me-line"),
  myDone: $("my-done"),
  sortA: $("sort-a"),
  sortB: $("sort-b"),
  hand: $("hand"),
  handNews: $("hand-news"),
  chosen: $("chosen"),
  movesPanel: $("moves-panel"),
  movesHeading: $("moves-h"),
  moves: $("moves"),
  groupsPanel: $("groups-panel"),
  groupsHeading: $("groups-h"),
  groups: $("groups"),
  players: $("players"),
  log: $("log"),
  logList: $("log-list"),
  keysHeading: $("keys-h"),
};

/** How many of the game's last sentences r says again. */
const RECENT_EVENTS = 8;

const state = {
  lobby: boot.lobby,
  seat: null,
  recent: [],
  focusHandAfterRender: false,
  token: saved.get(tokenKey(tableId)),
  view: null,
  shown: null,
  result: null,
  seq: -1,
  seenBefore: Number(saved.get(seqKey(tableId)) ?? "-1"),
  order: 0,
  selected: new Set(),
  focusPos: 0,
  newest: null,
  pending: null,
  hint: null,
  handEnded: null,
  /** The seats whose list of completed goals the player opened. */
  doneOpen: new Set(),
  /** The sentences of the last event received: what ended a hand, when the next one ends it. */
  lastSaid: [],
  summaryClosed: false,
  summaryOpenedAt: 0,
  /** Whether the player clicked or typed in the results since they opened. */
  summaryTouched: false,
  gameSummaryClosed: false,
  gameOverText: "",
  // The hand whose first turn of this seat has said the seat's goal (its phase or program).
  goalSaidFor: -1,
  // The server's "The game is over." in the page's language, said again with who won.
  overText: "",
  flash: { seats: new Set(), piles: new Set(), groups: new Set() },
  socket: null,
  attempts: 0,
  timer: null,
  pingTimer: null,
  welcomed: false,
  gone: false,
  leaving: false,
  loadedPlaying: boot.lobby.status !== "waiting",
  giveLevels: {},
  handKey: "",
  movesKey: "",
  /** Said once the table is shown: why this browser's seat was lost, that a rematch brought
   * it here ("" when neither). */
  onShown: "",
  /** Whether the table starts by itself (a quick match's), not by its owner's hand. */
  startsByItself: false,
  /** Whether the next update is the catch-up that follows a welcome. */
  catchingUp: false,
  /** The notice that a computer played for this seat while its person was away (its text
   * and the sequence number of the first such move), until those moves are logged. */
  playedForYou: null,
};
if (!Number.isFinite(state.seenBefore)) state.seenBefore = -1;
const turnClock = mountTimer({
  root: $("turn-clock"),
  mirror: $("summary-clock"),
  t,
  // By the hand as well as in the status line: on a phone the status line is a screen above
  // the cards the player is choosing.
  announce: (text) => tell(text),
  nameOf: (seat) => state.lobby.seats[seat]?.name,
});
const chat = mountChat({
  root: $("chat-panel"),
  send: (message) => send(message),
  t,
  announce: (text) => note(text),
  heard: (text, panel) => chatToast(text, panel),
  nameOf: (seat) => nameOf(seat),
  seats: () => state.lobby.seats,
  mySeat: () => state.seat,
  tableId,
});

/** How long a chat line heard while the chat is off the screen stays shown over the page. */
const CHAT_TOAST_MS = 6000;
let chatToastTimer = null;

/** Show a line of chat at the foot of the screen when the chat panel is off it (a phone's
 * chat is a screen below the cards): the line of the page that says it, at its top, is as
 * far. Hidden from screen readers, which hear that line. */
function chatToast(text, panel) {
  const box = panel.getBoundingClientRect();
  if (box.bottom > 0 && box.top < window.innerHeight) return;
  const toast = $("chat-toast");
  toast.textContent = text;
  toast.hidden = false;
  clearTimeout(chatToastTimer);
  chatToastTimer = setTimeout(() => {
    toast.hidden = true;
  }, CHAT_TOAST_MS);
}

// ---------------------------------------------------------------------------- speaking

const speakTimers = new Map();
/** Put `text` in a live line of the page and, while the modal results hide the page from a
 * screen reader, in the dialog's own line of the same kind. */
function speak(line, inDialog, text) {
  if (!text) return;
  clearTimeout(speakTimers.get(line));
  const lines = ui.summary.open ? [line, inDialog] : [line];
  if (lines.some((each) => each.textContent === text)) {
    // The same sentence again: clear first so it is read again.
    for (const each of lines) each.textContent = "";
    speakTimers.set(
      line,
      setTimeout(() => {
        for (const each of lines) each.textContent = text;
      }, 60),
    );
  } else {
    for (const each of lines) each.textContent = text;
  }
}

/** Put `text` in the status line (read out by screen readers, shown on braille displays):
 * the game's state and the answers to the player's keys. */
function say(text) {
  speak(ui.status, ui.summaryStatus, text);
  ui.status.classList.remove("echoed");
  ui.status.classList.remove("refused");
  ui.handNews.classList.remove("refused");
}

/** Say what is not the game's (a chat line, a toggle's confirmation) in a live line of its
 * own: in the status line it replaced whose turn it was. */
function note(text) {
  speak(ui.notes, ui.summaryNotes, text);
}

/** Say a sentence of the game (what happened, what to do, why a move is refused) in the
 * status line, and show it by the hand too: zoomed in, the status line is screens away
 * from the cards the focus is on. The line by the hand is hidden from screen readers,
 * which hear the status line. */
function tell(text) {
  if (!text) return;
  say(text);
  ui.handNews.textContent = text;
  // A phone shows the sentence once, by the hand (style.css); a screen reader hears it in
  // the status line all the same.
  ui.status.classList.add("echoed");
}

/** Say why a move asked for is not open (a key or a pile pressed out of turn, a move the
 * cards do not make): marked as a refusal by the status line and the line by the hand, a
 * sign and a bar of its own beside its colour, where it looked like any other news. */
function refuse(text) {
  if (!text) return;
  tell(text);
  ui.status.classList.add("refused");
  ui.handNews.classList.add("refused");
}

/** Whether the player asked for the results to stay open until they close them. */
const keepKey = "phase10:keep-results";
function keepResults() {
  return saved.get(keepKey) === "1";
}
ui.summaryKeep.addEventListener("change", () => {
  saved.set(keepKey, ui.summaryKeep.checked ? "1" : "0");
  if (ui.summaryKeep.checked) clearTimeout(summaryTimer);
  else scheduleSummaryClose();
});

const LOG_LIMIT = 600;
/** Add a line to the game log; `kind` styles it (event, notice, error, mark). */
function log(text, kind = "event", extra = null) {
  if (!text) return;
  const stick = ui.log.scrollHeight - ui.log.scrollTop - ui.log.clientHeight < 40;
  ui.logList.appendChild(el("li", { class: `log-${kind}` }, text, extra));
  while (ui.logList.childElementCount > LOG_LIMIT) ui.logList.firstElementChild.remove();
  if (stick) ui.log.scrollTop = ui.log.scrollHeight;
}

/** Whether the log is scrolled to its newest line: it stays there when its box changes size
 * (its height follows the window's, resized or zoomed). */
let logAtEnd = true;
ui.log.addEventListener("scroll", () => {
  logAtEnd = ui.log.scrollHeight - ui.log.scrollTop - ui.log.clientHeight < 40;
});
new ResizeObserver(() => {
  if (logAtEnd) ui.log.scrollTop = ui.log.scrollHeight;
}).observe(ui.log);

function nameOf(seat) {
  const names = state.view?.names;
  if (names && names[seat]) return names[seat];
  const row = state.lobby.seats[seat];
  return row?.name || t("seat.number", { number: seat + 1 });
}

// ---------------------------------------------------------------------------- cards


/** A card's face as the game words it (the presentation's), found by its notation. */
function faceOf(code) {
  const shown = state.shown;
  const faces = shown
    ? [...shown.hand, ...shown.piles.map((pile) => pile.top), ...shown.table.flatMap((g) => g.cards)]
    : [];
  return faces.find((each) => each && each.code === code) || bareFace(code);
}

/** A card's accessible name: its notation, then the game's words for it ("R7, red 7"). */
function cardLabel(code) {
  return cardName(faceOf(code));
}

/** What the game says when a key asks for a move of one of `kinds` and none is open now. */
function refusalFor(...kinds) {
  const refusals = state.shown?.refusals || {};
  for (const kind of kinds) if (refusals[kind]) return refusals[kind];
  // The programmes game has the swap only where its optional rule is on (AMZ-R31).
  if (kinds.includes("swap") && state.shown?.game === "programmes") return t("no_swap");
  return t("no_such_move");
}

/** Whether this game has moves of any of `kinds` at all (the key map's other keys do nothing). */
function gameHas(...kinds) {
  const refusals = state.shown?.refusals || {};
  return kinds.some((kind) => kind in refusals);
}

/** The card's place in the chosen order: the game's own sort keys (the presentation's). */
function cardKey(index) {
  const face = state.shown?.hand?.[index];
  if (!face) return index;
  return state.order === 0 ? face.by_rank : face.by_suit;
}

function compareCards(a, b) {
  return cardKey(a.index) - cardKey(b.index) || a.index - b.index;
}

/** The hand as shown: [{card, index}] in the chosen order (index: position in view.hand). */
function shownHand() {
  const hand = state.view?.hand || [];
  return hand.map((card, index) => ({ card, index })).sort(compareCards);
}

function chosenCards() {
  const hand = state.view?.hand || [];
  return shownHand()
    .filter((item) => state.selected.has(item.index))
    .map((item) => hand[item.index]);
}

/** Whether every card of `part` is in `whole` (copies counted). */
function within(part, whole) {
  const counts = new Map();
  for (const card of whole) counts.set(card, (counts.get(card) || 0) + 1);
  for (const card of part) {
    const left = counts.get(card) || 0;
    if (left === 0) return false;
    counts.set(card, left - 1);
  }
  return true;
}

/** Choose exactly `cards` in the hand (a hint's cards). */
function chooseCards(cards) {
  const hand = state.view?.hand || [];
  const taken = new Set();
  for (const card of cards) {
    const index = hand.findIndex((c, i) => c === card && !taken.has(i));
    if (index >= 0) taken.add(index);
  }
  state.selected = taken;
}

/** The cards of the hand a move (by its id, the notation) uses: the presentation's. */
function moveCards(text) {
  return (state.shown?.moves || []).find((m) => m.id === text)?.cards || [];
}

// ---------------------------------------------------------------------------- the socket

function socketUrl() {
  const scheme = window.location.protocol === "https:" ? "wss" : "ws";
  return `${scheme}://${window.location.host}/ws/${encodeURIComponent(tableId)}?lang=${lang}`;
}

function send(message) {
  const socket = state.socket;
  if (socket && socket.readyState === WebSocket.OPEN && state.welcomed) {
    socket.send(JSON.stringify(message));
    return true;
  }
  return false;
}

function connect() {
  clearTimeout(state.timer);
  state.timer = null;
  if (state.socket) {
    const old = state.socket;
    state.socket = null;
    old.onclose = null;
    old.close();
  }
  state.welcomed = false;
  let socket;
  try {
    socket = new WebSocket(socketUrl());
  } catch {
    reconnectLater();
    return;
  }
  state.socket = socket;
  socket.onopen = () => {
    socket.send(
      // The log and the status line name cards in words ("You drew red 7."), as a screen
      // reader should say them; the cards themselves show their notation too.
      JSON.stringify({
        type: "hello",
        token: state.token || null,
        since: state.seq,
        protocol: PROTOCOL,
        cards: "words",
      }),
    );
  };
  socket.onmessage = (event) => {
    let message;
    try {
      message = JSON.parse(event.data);
    } catch {
      return;
    }
    receive(message);
  };
  socket.onclose = (event) => {
    if (state.socket !== socket) return;
    state.socket = null;
    state.welcomed = false;
    clearInterval(state.pingTimer);
    reconnectLater();
    if (state.lobby) render();
    if (event.code === 1008 && event.reason) {
      // A limit of the server (docs/protocol.md, Limits), said in the page's language: after
      // "connection lost", so that it is what the status line says.
      log(event.reason, "error");
      say(event.reason);
    }
  };
}

function reconnectLater() {
  if (state.timer || state.gone || state.leaving) return;
  const seconds = Math.min(10, 0.5 * 2 ** state.attempts);
  state.attempts += 1;
  const delay = seconds * 1000 * (0.8 + Math.random() * 0.4);
  ui.connection.hidden = false;
  ui.connection.textContent = t("reconnecting", { seconds: Math.max(1, Math.round(seconds)) });
  if (state.attempts === 1) {
    say(t("connection_lost"));
    log(t("connection_lost"), "notice");
  }
  state.timer = setTimeout(() => {
    state.timer = null;
    connect();
  }, delay);
}

window.addEventListener("pagehide", () => {
  state.leaving = true;
});
window.addEventListener("pageshow", (event) => {
  // Back from the browser's page cache: the old connection is gone.
  if (!event.persisted) return;
  state.leaving = false;
  connect();
});

window.addEventListener("online", () => {
  if (!state.socket) connect();
});

// ---------------------------------------------------------------------------- messages

function receive(message) {
  switch (message.type) {
    case "welcome":
      onWelcome(message);
      break;
    case "lobby":
      state.lobby = message.lobby;
      render();
      break;
    case "update":
      onUpdate(message);
      break;
    case "notice":
      // A quick-match table starts by itself (told to each connection as it arrives): its
      // waiting room must not say its owner starts it.
      if (message.key === "web.quick_wait" && !state.startsByItself) {
        state.startsByItself = true;
        renderLobby();
      }
      // The person taking a seat hears it said to them ("You sit in seat 2."), not of them.
      if (message.key === "web.joined" && sameName(message.params?.name, joiningAs)) break;
      // Told on arrival, before what the person missed: it is logged over those moves (see
      // onUpdate), not above the older ones the catch-up shows first.
      if (message.key === "web.played_for_you") {
        state.playedForYou = { text: message.text, seq: message.params?.seq || 0 };
        tell(message.text);
        break;
      }
      log(message.text, "notice");
      // The end of the game comes after the sentence of who won, which it would replace in
      // the status line before a screen reader reached it: it is said with it.
      if (message.key === "web.over") state.overText = message.text;
      if (message.key === "web.over" && state.gameOverText) {
        tell(`${message.text} ${state.gameOverText}`);
      } else {
        tell(message.text);
      }
      break;
    case "error":
      onError(message);
      break;
    case "ack":
      if (state.pending && state.pending.id === message.id) {
        const kind = state.pending.action.type;
        state.pending = null;
        if (kind !== "draw" && kind !== "swap") state.selected.clear();
        render();
      }
      break;
    case "hint":
      onHint(message);
      break;
    case "rematch":
      onRematch(message.table, message.token);
      break;
    case "chat":
      chat.receive(message);
      break;
    default:
      break;
  }
  if ("turn_clock" in message) turnClock.update(message.turn_clock, state.seat);
}

function onWelcome(message) {
  const again = state.attempts > 0;
  state.welcomed = true;
  state.attempts = 0;
  state.seat = message.seat;
  state.lobby = message.lobby;
  // The seat this browser holds, to tell why if its token is refused one day; a game
  // watched as a spectator, for My games (a teacher watching a class's tables): a table
  // still waiting is one being joined, not watched.
  if (message.seat !== null) saved.set(seatKey(tableId), message.seat);
  else if (message.lobby?.status !== "waiting") {
    saved.set(watchKey(tableId), String(Math.floor(Date.now() / 1000)));
  }
  state.catchingUp = true;
  ui.connection.hidden = true;
  if (again) {
    say(t("connected_again"));
    log(t("connected_again"), "notice");
  }
  clearInterval(state.pingTimer);
  state.pingTimer = setInterval(() => send({ type: "ping" }), 25000);
  if (state.pending) {
    // Sent again with the same id: the server applies a move at most once.
    const { id, version, action } = state.pending;
    send({ type: "act", id, version, action });
  }
  render();
  if (!again && saved.get(rematchKey(tableId))) arrivedByRematch();
  chat.ready();
}

/** The page a rematch brought every player to says so, with what comes next, and takes
 * the focus from the page's top: to the Start button for the owner, else to the waiting
 * room's heading, from where the focus goes to the hand once the game starts. */
function arrivedByRematch() {
  saved.set(rematchKey(tableId), null);
  const here = t("rematch_here");
  log(here, "notice");
  if (state.lobby.status !== "waiting") {
    // The game is under way already: said with the first update's sentence.
    state.onShown = [state.onShown, here].filter(Boolean).join(" ");
    return;
  }
  say([here, ui.waiting.textContent].filter(Boolean).join(" "));
  (ui.startRow.hidden ? ui.lobbyHeading : ui.start).focus();
}

function onError(message) {
  if (message.code === "no_table") {
    state.gone = true;
    log(t("table_gone"), "error");
    tell(t("table_gone"));
    return;
  }
  if (message.code === "protocol_version") {
    // A page older than the server (kept open across an upgrade): its text says to reload.
    state.gone = true;
    log(message.text, "error");
    tell(message.text);
    return;
  }
  if (message.code === "bad_token") {
    // The token holds no seat here (another server's, or a table long gone): watch instead.
    // The seat it held is a computer's now when the owner gave it away; said in words, and
    // again once the table is shown (the first update's sentence would hide it at once).
    const seat = Number(saved.get(seatKey(tableId)) ?? "-1");
    const given = state.lobby.seats[seat]?.kind === "bot";
    saved.set(tokenKey(tableId), null);
    saved.set(seatKey(tableId), null);
    state.token = null;
    state.onShown = t(given ? "seat_given_away" : "seat_not_yours");
    log(state.onShown, "error");
    say(state.onShown);
    return;
  }
  if (state.pending && (!message.id || state.pending.id === message.id)) state.pending = null;
  const extra = message.rule
    ? [
        " ",
        el(
          "a",
          { href: withLang(`/rules#${message.rule}`), target: "_blank", rel: "noopener" },
          t("rule_link", { rule: message.rule }),
        ),
      ]
    : null;
  log(message.text, "error", extra);
  tell(message.text);
  render();
}

function onUpdate(message) {
  const before = state.view;
  const me = state.seat;
  // The history sent on arrival at a game in progress is logged, not announced.
  const firstLoad = state.seq < 0 && state.loadedPlaying;
  let markedNew = false;
  let turnStartedForMe = false;
  // A move of this seat's own within its turn (a lay-down, a hit, a reveal), after which
  // the turn goes on: the status line says what is left to do, as after the draw.
  let movedOnInTurn = false;
  // Every sentence of the update is said once, in the one live region (the status line);
  // the log keeps them to read at will and is not spoken.
  const spoken = [];
  let ended = "";
  const flash = { seats: new Set(), piles: new Set(), groups: new Set() };
  // Whether a turn of the next hand was played after the last hand's end in this update.
  let playedSinceEnd = false;
  const catchUp = state.catchingUp;
  state.catchingUp = false;
  // Back at a table after a while: that a computer played for the seat (said on arrival,
  // just before this update) and the end of a hand the player never saw are said again
  // with whose turn it is, which would otherwise replace them.
  const playedForYou = firstLoad ? state.playedForYou?.text || "" : "";
  let missedEnd = "";
  // A long catch-up holds only the game's last events (docs/protocol.md, "Reconnecting").
  if (message.omitted) log(t("log_earlier_left_out"), "mark");
  for (const entry of message.events || []) {
    const event = entry.event;
    if (
      firstLoad &&
      !markedNew &&
      state.seenBefore >= 0 &&
      entry.seq > state.seenBefore &&
      ui.logList.childElementCount > 0
    ) {
      log(t("log_new_since"), "mark");
      markedNew = true;
    }
    // The moves below that say "you" were the computer's: said just before the first of
    // them (the server says which), else before what is new since the last visit.
    const from = state.playedForYou?.seq || state.seenBefore + 1;
    if (state.playedForYou && entry.seq >= from) {
      log(state.playedForYou.text, "notice");
      state.playedForYou = null;
    }
    const text = (entry.text || []).join(" ");
    if (text) log(text, event.kind === "hand_ended" || event.kind === "game_over" ? "big" : "event");
    // Who won, said first in the final standing.
    if (event.kind === "game_over" && text) state.gameOverText = text;
    if (me !== null && event.seat === me) {
      if ((event.kind === "drew" || event.kind === "took_discard") && event.cards.length) {
        state.newest = event.cards[0];
      } else if (event.kind === "discarded" || event.kind === "went_out") {
        state.newest = null;
      }
    }
    if (event.kind === "hand_dealt") state.newest = null;
    if (event.kind === "turn_started" && event.seat === me) turnStartedForMe = true;
    if (
      me !== null &&
      event.seat === me &&
      !["turn_started", "drew", "took_discard", "discarded", "went_out"].includes(event.kind)
    ) {
      movedOnInTurn = true;
    }
    // Another player's move is shown briefly where it happened (their seat, a pile).
    if (typeof event.seat === "number" && event.seat !== me && event.kind !== "turn_started") {
      flash.seats.add(event.seat);
      if (/discard/.test(event.kind)) flash.piles.add("discard");
      if (event.kind === "drew") flash.piles.add("draw");
    }
    // "It is your turn." gives way to the prompt that says what to do.
    if (text && !(event.kind === "turn_started" && event.seat === me)) spoken.push(text);
    // What r says again: the game's last sentences, however fast they came.
    if (text) state.recent = [...state.recent, text].slice(-RECENT_EVENTS);
    // The end of a hand, with the game's summary of it (docs/protocol.md). The event just
    // before it is what ended the hand (someone went out, everyone revealed): its results
    // say so, which the summary alone never did.
    if (entry.summary) {
      if (firstLoad && state.seenBefore >= 0 && entry.seq > state.seenBefore) missedEnd = text;
      const endedBy = state.lastSaid;
      state.handEnded = { event, text: entry.text || [], summary: entry.summary, endedBy };
      // Results this browser has closed stay closed, after a reload too.
      state.summaryClosed = saved.get(closedKey(tableId)) === String(event.number);
      ended = text;
      playedSinceEnd = false;
    } else if (event.kind === "drew" || event.kind === "took_discard") {
      playedSinceEnd = true;
    }
    state.lastSaid = entry.text || [];
  }
  if (state.playedForYou) {
    log(state.playedForYou.text, "notice");
    state.playedForYou = null;
  }
  const view = message.view;
  // What the seat is shown and may do, in words (docs/schema/presentation.schema.json).
  state.shown = message.table || null;
  remapSelection(before, view);
  if (
    !state.newest &&
    before &&
    before.hand_number === view.hand_number &&
    view.hand.length === before.hand.length + 1 &&
    view.current === me
  ) {
    const extra = [...view.hand];
    for (const card of before.hand) {
      const at = extra.indexOf(card);
      if (at >= 0) extra.splice(at, 1);
    }
    if (extra.length === 1) state.newest = extra[0];
  }
  state.view = view;
  state.result = message.result;
  state.seq = message.seq;
  saved.set(seqKey(tableId), message.seq);
  if (state.pending && view.version > state.pending.version) {
    // The move is in (its ack may come just after): its cards are no longer chosen.
    const kind = state.pending.action.type;
    state.pending = null;
    if (kind !== "draw" && kind !== "swap") state.selected.clear();
  }
  if (state.hint && state.hint.version !== view.version) state.hint = null;
  // The results of a hand close by themselves once they have been up a while and the next
  // hand is under way; the next hand needing this seat closes them only after a few seconds
  // (a computer may start it at once), else they stay until the player closes them.
  const lastEnded = state.handEnded?.event.number;
  const upFor = Date.now() - state.summaryOpenedAt;
  if (
    !ended &&
    !keepResults() &&
    !resultsInUse() &&
    lastEnded !== undefined &&
    view.hand_number > lastEnded &&
    !message.result &&
    ((turnStartedForMe && upFor > SUMMARY_READ_SECONDS * 1000) ||
      upFor > SUMMARY_SECONDS * 1000)
  ) {
    state.summaryClosed = true;
  }
  // Results caught up on arrival, of a hand the next one has gone on from (every turn
  // starts with a draw), are old news: logged, not put up over the hand in play.
  if (catchUp && ended && playedSinceEnd) state.summaryClosed = true;
  if (!firstLoad) showFlash(flash);
  render();
  scheduleSummaryClose();
  // The page just loaded (a rematch's too), or the focus was lost: on the seat's turn the
  // focus goes to the hand, where a screen reader passes the move keys to the page (on the
  // page itself its browse mode would take d, t, x... for its own).
  const nowhere = !document.activeElement || document.activeElement === document.body;
  if (nowhere && myTurn() && view.current === me && (firstLoad || turnStartedForMe)) {
    // Without scrolling: a phone keeps the table and the piles in view, as the player left it.
    focusOption(state.focusPos, { preventScroll: true });
  }
  if (firstLoad) {
    // After a reload the status line says at once whose turn it is; back after a while,
    // first what was missed: a computer's moves for the seat, and a hand that ended
    // meanwhile (unless its results are up) with what the player plays for now.
    const missed = missedEnd && state.summaryClosed && !message.result ? [missedEnd, state.shown?.goal] : [];
    const turn = state.shown?.turn && !message.result ? state.shown.turn : "";
    const line = state.onShown || [playedForYou, ...missed, turn].filter(Boolean).join(" ");
    if (line) tell(line);
    state.onShown = "";
    return;
  }
  // The status line: what happened, then what to do if it is now this seat's turn.
  // (The end of the game is said by the server's notice, after these sentences.)
  let prompt = "";
  if (message.result) prompt = "";
  else if (turnStartedForMe) {
    prompt = state.shown?.turn || "";
  } else if (
    before &&
    me !== null &&
    before.current === me &&
    view.current === me &&
    before.stage === "draw" &&
    view.stage === "play"
  ) {
    prompt = state.shown?.turn || "";
  } else if (
    movedOnInTurn &&
    before &&
    before.current === me &&
    view.current === me &&
    view.stage === "play"
  ) {
    prompt = state.shown?.turn || "";
  }
  // A seat's first turn of a hand says what it plays for (its phase, its program card): the
  // deal's news that told it is long gone from the status line by then, and a screen reader's
  // user would otherwise have to know to press m.
  if (turnStartedForMe) turnCue(prompt);
  if (turnStartedForMe && state.goalSaidFor !== view.hand_number && state.shown?.goal) {
    state.goalSaidFor = view.hand_number;
    prompt = [state.shown.goal, prompt].filter(Boolean).join(" ");
  }
  // The first news of a game this page shows (who deals, each player's program, the first
  // moves) filled a phone's first screen: the status line says the last of it and what to
  // do now; the log keeps it all, and r says the last events again.
  const news = before ? spoken : spoken.slice(-1);
  const line = [state.onShown, ...news, prompt].filter(Boolean).join(" ");
  state.onShown = "";
  if (line) tell(line);
}

let summaryTimer = null;

/** The results of the last hand, still up while the next hand is under way, close by
 * themselves when their time is up, without waiting for the next message: when the next
 * hand waits for this seat, no message comes until the player moves, and behind the modal
 * dialog the table cannot be reached. Closed so, the turn's prompt is said again. */
function scheduleSummaryClose() {
  clearTimeout(summaryTimer);
  const view = state.view;
  const lastEnded = state.handEnded?.event.number;
  if (!view || state.summaryClosed || state.result || lastEnded === undefined) return;
  if (keepResults() || resultsInUse()) return;
  if (view.hand_number <= lastEnded || !ui.summary.open) return;
  const mine = state.seat !== null && view.current === state.seat;
  const seconds = mine ? SUMMARY_READ_SECONDS : SUMMARY_SECONDS;
  const left = state.summaryOpenedAt + seconds * 1000 - Date.now();
  summaryTimer = setTimeout(() => {
    if (state.summaryClosed || state.view !== view || resultsInUse()) return;
    state.summaryClosed = true;
    render();
    if (mine && state.shown?.turn) tell(state.shown.turn);
  }, Math.max(0, left) + 50);
}

/** Whether the player is reading the results: the focus is in them (where it is put when
 * they open, so a screen reader starts reading them), or they were clicked or typed in. A
 * braille display gives no sign of how far the reading got, so results being read never
 * close by themselves (WCAG 2.2.1): Escape, Close or a move key closes them at once. */
function resultsInUse() {
  return ui.summary.open && (state.summaryTouched || ui.summary.contains(document.activeElement));
}
for (const kind of ["pointerdown", "keydown"]) {
  ui.summary.addEventListener(kind, () => {
    state.summaryTouched = true;
    clearTimeout(summaryTimer);
  });
}
// Results the focus left untouched (a click beside them) count their time again.
ui.summary.addEventListener("focusout", () => setTimeout(scheduleSummaryClose));

/** How long a hand's results stay up at least, while the next hand is played by others. */
const SUMMARY_SECONDS = 12;
/** Seconds a hand's results stay up at least, even when the next hand needs this seat. */
const SUMMARY_READ_SECONDS = 6;
/** Where this browser remembers the last hand whose results it closed, per table. */
const closedKey = (table) => `phase10:closed:${table}`;
/** Whether the page itself is closing the results (the player did not). */
let closingByPage = false;
/** How long another player's move stays marked on the table. */
const FLASH_MS = 1400;
let flashTimer = null;

/** Mark where other players just moved (their seat, a pile); CSS animates the mark, or
 * with reduced motion only outlines it. */
function showFlash(flash) {
  if (!flash.seats.size && !flash.piles.size) return;
  state.flash = flash;
  clearTimeout(flashTimer);
  flashTimer = setTimeout(() => {
    state.flash = { seats: new Set(), piles: new Set(), groups: new Set() };
    for (const node of document.querySelectorAll("#felt .flash")) node.classList.remove("flash");
  }, FLASH_MS);
}

function remapSelection(before, view) {
  if (!before || state.selected.size === 0) return;
  if (before.hand_number !== view.hand_number) {
    state.selected.clear();
    return;
  }
  const old = before.hand;
  if (old.length === view.hand.length && old.every((c, i) => c === view.hand[i])) return;
  if (within(old, view.hand)) {
    // Cards only came in (a draw): keep the same cards chosen.
    const cards = [...state.selected].map((i) => old[i]);
    state.view = view;
    chooseCards(cards);
  } else {
    state.selected.clear();
  }
}

function onHint(message) {
  if (!state.view || message.version !== state.view.version) return;
  state.hint = message;
  chooseCards(moveCards(message.text));
  render();
  const cards = moveCards(message.text);
  const label = hintLabel(message);
  const chosen = cards.length === 1 ? "hint_is_card" : "hint_is_cards";
  tell(cards.length ? t(chosen, { text: label }) : t("hint_is", { text: label }));
  const button = ui.moves.querySelector("[data-key=hint-play]");
  if (button && ui.moves.contains(document.activeElement)) focusGently(button);
}

/** Where this browser notes that it went to a table by its rematch, to say so there. */
const rematchKey = (table) => `phase10:rematch:${table}`;

/** Where this page is going already: the owner hears of a rematch twice (the answer to
 * the request and the message every seat gets); a second navigation would abort the first. */
let leavingFor = null;

function onRematch(table, token) {
  if (token) saved.set(tokenKey(table), token);
  if (leavingFor === table) return;
  leavingFor = table;
  // The sentence below goes with this page: the new table's says where the player is.
  saved.set(rematchKey(table), "1");
  say(t("rematch_going"));
  window.location.assign(withLang(`/t/${encodeURIComponent(table)}`));
}

// ---------------------------------------------------------------------------- acting

function myTurn() {
  const view = state.view;
  const moves = state.shown?.moves || [];
  return Boolean(view && state.seat !== null && moves.length > 0 && !view.outcome);
}

/** Off the seat's turn, whose turn it is, as the table words it ("It is Bob's turn, not
 * yours."); else the plain sentence. */
function notMyTurn() {
  const view = state.view;
  const refusals = state.shown?.refusals || {};
  const off = view && state.seat !== null && view.current !== state.seat && !view.outcome;
  const named = off ? Object.values(refusals)[0] : "";
  return named || t("not_your_turn");
}

function act(action) {
  const view = state.view;
  if (!view || !myTurn()) {
    tell(notMyTurn());
    return;
  }
  if (state.pending) {
    tell(t("wait_answer"));
    return;
  }
  const id = newId("a");
  state.pending = { id, version: view.version, action };
  state.hint = null;
  if (!send({ type: "act", id, version: view.version, action })) tell(t("sent_when_back"));
}

/**
 * The legal moves of these kinds (the presentation's: draw, take, lay_down, reveal, hit,
 * extend, meld, discard, swap...), each as {action, text, cards}: the action to send, its
 * notation, the cards of the hand it uses and its kind.
 */
function legal(...kinds) {
  return (state.shown?.moves || [])
    .filter((move) => kinds.includes(move.kind))
    .map((move) => ({ action: move.action, text: move.id, cards: move.cards, kind: move.kind }));
}

function drawFrom(source) {
  const found = legal(source === "draw_pile" ? "draw" : "take")[0];
  if (found) act(found.action);
  else refuse(refusalFor(source === "draw_pile" ? "draw" : "take"));
}

function laydownOptions() {
  const chosen = chosenCards();
  // Laying down a phase and revealing a program: the move that puts one's goal on the table.
  const all = legal("lay_down", "reveal");
  if (chosen.length === 0) return { all, shown: all };
  return { all, shown: all.filter((item) => within(chosen, item.cards)) };
}

function meldOptions() {
  const chosen = chosenCards();
  const all = legal("meld");
  if (chosen.length === 0) return { all, shown: all };
  return { all, shown: all.filter((item) => within(chosen, item.cards)) };
}

function hitOptions() {
  const chosen = chosenCards();
  const all = legal("hit", "extend");
  if (chosen.length !== 1) return { all, shown: chosen.length === 0 ? all : [] };
  return { all, shown: all.filter((item) => item.cards[0] === chosen[0]) };
}

function discardOptions() {
  const chosen = chosenCards();
  if (chosen.length !== 1) return null;
  return legal("discard").filter((item) => item.cards[0] === chosen[0]);
}

function focusFirst(selector, fallbackText) {
  const first = ui.moves.querySelector(selector);
  if (first) focusGently(first);
  else if (fallbackText) tell(fallbackText);
}

function keyDiscard() {
  const chosen = chosenCards();
  if (chosen.length !== 1) {
    // With several chosen, say so: "choose one card" alone read as if none were chosen.
    const open = legal("discard").length > 0;
    if (!open) refuse(refusalFor("discard"));
    else if (chosen.length > 1) refuse(tn("chosen_too_many", { count: chosen.length }));
    else refuse(t("choose_one_to_discard"));
    return;
  }
  const options = discardOptions();
  // No discard open at all (before the draw, off the turn): the game's reason for it.
  if (!legal("discard").length) refuse(refusalFor("discard"));
  else if (options.length === 0) refuse(t("cannot_discard_card", { card: cardLabel(chosen[0]) }));
  else if (options.length === 1) act(options[0].action);
  else {
    tell(t("who_gets_skip"));
    focusFirst("[data-group=discard] button");
  }
}

/** The one way there is, played at once only when it uses exactly the cards chosen: one
 * that adds cards (Wilds, say) is offered first, its button focused, for Enter to lay it
 * (play-tested by a blind player: two cards chosen laid down a phase with three Wilds he
 * had not chosen, unasked). */
function playOrOffer(item, group) {
  if (chosenCards().length === item.cards.length) {
    act(item.action);
    return;
  }
  tell(t("one_way", { move: spokenLabel(item) || moveLabel(item) }));
  focusFirst(`[data-group=${group}] button`);
}

function keyLay() {
  const { all, shown } = laydownOptions();
  if (all.length === 0) refuse(refusalFor("lay_down", "reveal"));
  else if (shown.length === 0) refuse(t("no_lay_with_chosen"));
  else if (shown.length === 1) playOrOffer(shown[0], "lay");
  else {
    tell(t("ways_to_choose", { count: shown.length }));
    focusFirst("[data-group=lay] button");
  }
}

function keyHit() {
  const { all, shown } = hitOptions();
  if (all.length === 0) refuse(refusalFor("hit", "extend"));
  else if (chosenCards().length !== 1) tell(t("choose_one_to_hit"));
  else if (shown.length === 0) tell(t("card_fits_nowhere"));
  else if (shown.length === 1) act(shown[0].action);
  else {
    tell(t("ways_to_choose", { count: shown.length }));
    focusFirst("[data-group=hit] button");
  }
}

function keyMeld() {
  if (!gameHas("meld")) return;
  const { all, shown } = meldOptions();
  if (all.length === 0) refuse(refusalFor("meld"));
  else if (shown.length === 0) refuse(t("no_meld_with_chosen"));
  else if (shown.length === 1) playOrOffer(shown[0], "meld");
  else {
    tell(t("ways_to_choose", { count: shown.length }));
    focusFirst("[data-group=meld] button");
  }
}

function keySwap() {
  const swap = legal("swap")[0];
  if (swap) act(swap.action);
  else refuse(refusalFor("swap"));
}

function askHint() {
  if (state.view?.stage === "over") {
    tell(t("game_over_say"));
    return;
  }
  if (!myTurn()) {
    tell(notMyTurn());
    return;
  }
  tell(t("hint_asked"));
  if (!send({ type: "hint", id: newId("h") })) tell(t("offline"));
}

// ---------------------------------------------------------------------------- queries

function handSentence() {
  if (state.seat === null) return t("spectator_no_hand");
  const cards = shownHand().map((item) => item.card);
  if (!state.view) return t("not_started");
  if (cards.length === 0) return t("q.hand_empty");
  // In words, as the list of the hand says them: "red 3, blue 3, wild".
  const words = cards.map((code) => faceOf(code).label).join(", ");
  return tn("q.hand", { count: cards.length, cards: words });
}

function topSentence() {
  const view = state.view;
  if (!view) return t("not_started");
  const top = view.discard_pile[view.discard_pile.length - 1];
  if (!top) return t("q.discard_empty");
  return tn("q.top", { card: faceOf(top).label, count: view.draw_pile_size });
}

function groupsSentence() {
  const shown = state.shown;
  if (!shown) return t("not_started");
  const parts = groupsByOwner(shown).map(({ owner, groups }) => {
    const described = groups.map((group) =>
      t("q.group", { group: group.name, cards: group.cards.map((card) => card.label).join(", ") }),
    );
    // The player's own groups under their name as the table shows it, "Ada (you)".
    const name = owner === state.seat ? t("you_named", { name: nameOf(owner) }) : nameOf(owner);
    return t("q.groups_of", { name, groups: described.join(t("q.between")) });
  });
  if (parts.length === 0) return shown.table_empty;
  return parts.join(" ");
}

function scoresSentence() {
  const shown = state.shown;
  if (!shown) return t("not_started");
  // Each player as the game sums them up: points, phase and cards in Phase 10; programs
  // done and the one revealed in the programmes game.
  const list = shown.players.map((p) => p.summary || `${p.name}: ${p.progress_text}`).join(t("q.scores_sep"));
  // A game without points has no scores: how far each player got.
  const counted = shown.players.some((p) => p.points !== null);
  return t(counted ? "q.scores" : "q.standing", { scores: list });
}

/** Whose turn it is, and on this seat's turn what to do: the game's own sentence. */
function turnSentence() {
  if (!state.shown) return t("not_started");
  return state.shown.turn;
}

/** The seat's own goal (its phase, its program), as the game says it. */
function phaseSentence() {
  if (!state.shown) return t("not_started");
  if (state.seat === null) return t("spectator_no_hand");
  return state.shown.goal;
}

// ---------------------------------------------------------------------------- rendering

/**
 * Rebuild `container` from `build()` unless `key` says nothing changed; the control that
 * had the focus (found again by its id or data-key) keeps it.
 */
function focusGently(node) {
  node.focus({ preventScroll: true });
  node.scrollIntoView({ block: "nearest", inline: "nearest" });
}

function refill(container, key, build) {
  if (container.dataset.rendered === key) return;
  container.dataset.rendered = key;
  const active = document.activeElement;
  const inside = container.contains(active) && active !== container;
  const id = inside ? active.id : "";
  const dataKey = inside ? active.dataset?.key : "";
  fill(container, build());
  if (!inside) return;
  const again =
    (id && document.getElementById(id)) ||
    (dataKey && container.querySelector(`[data-key="${CSS.escape(dataKey)}"]`)) ||
    container.querySelector("button, a[href], select, input");
  if (again) again.focus({ preventScroll: true });
}

/** The list of keys shows the move keys of this game's kinds only (the presentation's). */
/** The keys of the list beside the table, said in one sentence: those of this game's
 * moves and the questions (the list shows no key of another game's moves). */
function keysSentence() {
  const keys = [...document.querySelectorAll("#keys dt")]
    .filter((dt) => !dt.closest("[hidden]"))
    .map((dt) => `${dt.textContent.trim()} ${dt.nextElementSibling?.textContent.trim() || ""}`);
  return t("keys_list", { keys: keys.join(", ") });
}

function renderKeys() {
  if (!state.shown) return;
  // A spectator makes no move: the move keys are not theirs to learn.
  const spectator = state.welcomed && state.seat === null;
  for (const row of document.querySelectorAll("#keys [data-kinds]")) {
    row.hidden = spectator || !gameHas(...row.dataset.kinds.split(" "));
  }
}

function render() {
  renderLobby();
  renderInfo();
  renderPlayers();
  renderSeatsAdmin();
  renderPiles();
  renderHand();
  renderMoves();
  renderGroups();
  renderSummary();
  renderKeys();
  renderTitle();
  renderAlerts();
  if (state.focusHandAfterRender && state.view && state.seat !== null) {
    state.focusHandAfterRender = false;
    focusOption(state.focusPos, { withNews: true });
  }
}

function isOwner() {
  return state.seat === 0;
}

function renderInfo() {
  const view = state.view;
  // A table with a turn timer says so beside its rules, before its game starts too.
  const timer = state.lobby.turn_seconds ? tn("info.timer", { count: state.lobby.turn_seconds }) : "";
  if (!view) {
    const rules = t("info.rules", { rules: state.lobby.rules_text || state.lobby.rules });
    ui.info.textContent = [rules, timer].filter(Boolean).join(" · ");
    return;
  }
  const parts = [state.shown?.heading || "", timer];
  if (view.tiebreak) parts.push(t("info.tiebreak"));
  if (state.seat === null && state.welcomed) parts.push(t("info.spectator"));
  if (!state.result && state.lobby.series) parts.push(seriesText(state.lobby.series, t, "info"));
  ui.info.textContent = parts.filter(Boolean).join(" · ");
}

function renderLobby() {
  const lobby = state.lobby;
  const waiting = lobby.status === "waiting";
  const free = lobby.seats.some((s) => s.kind === "person" && !s.taken);
  const spectator = state.welcomed && state.seat === null;
  // A seat the owner opened to a person during the game (decision 0028): the owner gets the
  // invitation to share, a spectator the form to take the seat.
  const openInPlay = lobby.status === "playing" && free && (isOwner() || spectator);
  const shown = waiting || openInPlay;
  // The game starts under the owner's focus (the Start button): hiding the lobby would drop
  // it to the page's top, so it goes to the hand once the hand is drawn (see render).
  if (!shown && !ui.lobbyPanel.hidden && ui.lobbyPanel.contains(document.activeElement)) {
    state.focusHandAfterRender = true;
  }
  ui.lobbyPanel.hidden = !shown;
  if (!shown) return;
  ui.lobbyHeading.textContent = waiting ? t("lobby.before") : t("lobby.open_seat");
  // The invite carries no ?lang=: each guest reads the table in their own language.
  const link = new URL(`/join/${lobby.code}`, window.location.origin).href;
  ui.inviteLink.textContent = link;
  ui.inviteLink.href = link;
  ui.inviteLocal.hidden = !onlyThisComputer();
  const joinHidden = !(spectator && free);
  // The form goes once the page holds a seat, or once none is left to take: the focus it
  // held waits on the waiting room's heading, not on the page, where a screen reader's
  // browse mode would take the game's keys.
  if (joinHidden && !ui.joinForm.hidden && ui.joinForm.contains(document.activeElement)) {
    ui.lobbyHeading.focus({ preventScroll: true });
  }
  ui.joinForm.hidden = joinHidden;
  // A page whose seat was given away kept its token, so the boot did not fill the name in.
  if (!ui.joinForm.hidden && !ui.joinName.value && saved.get(NAME_KEY)) {
    ui.joinName.value = saved.get(NAME_KEY);
  }
  const empty = lobby.seats.filter((s) => s.kind === "person" && !s.taken).length;
  // A quick match starts by itself (its computers take the seats nobody took): whoever made
  // it is told so, not to invite or to start a game the server would refuse as unfilled.
  const quick = state.startsByItself && empty > 0;
  ui.startRow.hidden = !(waiting && isOwner()) || quick;
  if (!waiting) {
    ui.waiting.textContent = spectator
      ? t("lobby.take_open_seat")
      : t("lobby.owner_open", { count: empty });
  } else if (spectator) {
    const computers = lobby.seats.some((s, i) => i > 0 && s.kind === "bot");
    ui.waiting.textContent = free
      ? t("lobby.sit_or_watch")
      : t(computers ? "lobby.full_computers" : "lobby.full");
  } else if (isOwner() && !quick) {
    ui.waiting.textContent = empty ? t("lobby.owner_waiting", { count: empty }) : t("lobby.owner_ready");
  } else if (state.startsByItself) {
    ui.waiting.textContent = t("lobby.starts_itself");
  } else {
    ui.waiting.textContent = t("lobby.wait_owner", { name: lobby.seats[0]?.name || "" });
  }
}

function seatState(row) {
  if (row.kind === "bot") return t("seat.computer", { level: levelTitle(row.level) });
  if (!row.taken && row.computer_playing) return t("seat.open_playing");
  if (!row.taken) return t("seat.open");
  if (row.computer_playing) return t("seat.taken_over");
  // Cut off from the server, the page cannot know who else is still there.
  if (!state.welcomed && state.attempts > 0) return t("seat.unknown");
  return row.connected ? t("seat.connected") : t("seat.away");
}

function levelTitle(name) {
  return levels.find((level) => level.name === name)?.title || name || "";
}

function renderPlayers() {
  const lobby = state.lobby;
  const view = state.view;
  const key = JSON.stringify([
    lobby.seats,
    lobby.status,
    state.seat,
    state.welcomed || state.attempts === 0,
    view && [view.version, view.players, view.current, view.dealer, state.shown?.players, state.shown?.table],
  ]);
  refill(ui.players, key, () => playerRows(lobby, view));
}

/** The seats around the table: before the game every seat; once it is dealt, the other
 * players (the seat's own facts and groups are beside its hand). */
function playerRows(lobby, view) {
  const seats = lobby.seats.map((_row, seat) => seat);
  const shownSeats = view && state.seat !== null ? seats.filter((seat) => seat !== state.seat) : seats;
  return shownSeats.map((seat) => seatItem(lobby, view, seat));
}

/** A seat's heading: its name, then its badges ("to play", "dealer"). A screen reader says
 * it as one phrase with commas (an element's boundary would put a space before each). */
function seatHeading(seat, name, current, dealer) {
  const shown = seat === state.seat ? t("you_named", { name }) : name;
  const badges = [];
  if (current) badges.push(["badge turn", t("to_play")]);
  if (dealer) badges.push(["badge", t("dealer")]);
  return el(
    "h3",
    { class: "seat-name", "aria-label": [shown, ...badges.map(([, text]) => text)].join(", ") },
    el("span", { class: "player-name" }, shown),
    badges.map(([kind, text]) => el("span", { class: kind }, text)),
  );
}

/** The facts of a player the game gives (goal where public, status, progress, points). */
function playerFacts(seat, withGoal = true) {
  const player = state.shown?.players?.[seat];
  if (!player) return [];
  // Where the game lays the completed goals before the player, the progress heads their list
  // (completedList) instead.
  const progress = player.completed?.length ? null : player.progress_text;
  const facts = [withGoal ? player.goal : null, ...player.status, progress];
  if (player.points !== null) facts.push(t("fact.points", { points: player.points }));
  // In words, as the game names each card ("red 7"), so a screen reader does not spell "R7".
  const took = (player.took || []).map((card) => card.label);
  if (took.length) facts.push(t("fact.took", { cards: took.join(", ") }));
  return facts.filter(Boolean);
}

/** The goals a player completed, as the game lays them face up before them (the programmes
 * game's program cards, AMZ-R18): a list in words, folded under the count ("2 programs done")
 * so that a phone keeps the piles on its first screen; nothing where the game shows none. */
function completedList(seat) {
  const player = state.shown?.players?.[seat];
  if (!player?.completed?.length) return null;
  // The seats are drawn again after every move: a list opened stays open, and its summary
  // keeps the focus (found again by its data-key).
  return el(
    "details",
    {
      class: "seat-done",
      // A details element is a group a screen reader names by its label, not its summary.
      "aria-label": player.progress_text,
      open: state.doneOpen.has(seat),
      ontoggle: (event) => {
        if (event.target.open) state.doneOpen.add(seat);
        else state.doneOpen.delete(seat);
      },
    },
    el("summary", { dataset: { key: `done-${seat}` } }, player.progress_text),
    el("ul", null, player.completed.map((goal) => el("li", null, goal))),
  );
}

/** A row of small card backs for a count of cards (drawn only; the count is said in words). */
function cardBacks(count) {
  const shown = Math.min(count, 12);
  return el(
    "span",
    { class: "backs", "aria-hidden": "true" },
    Array.from({ length: shown }, () => el("span", { class: "mini-back" })),
  );
}

/** One player's groups on the table (the presentation's, in the game's words). */
function groupsOf(seat) {
  const shown = state.shown;
  if (!shown) return [];
  return shown.table.filter((group) => group.owner === seat);
}

function seatItem(lobby, view, seat) {
  const row = lobby.seats[seat];
  const name = view?.names?.[seat] || row.name || t("seat.number", { number: seat + 1 });
  const current = Boolean(view) && !view.outcome && view.current === seat;
  const player = state.shown?.players?.[seat];
  const groups = groupsOf(seat);
  const flashing = state.flash.seats.has(seat);
  const item = el(
    "li",
    {
      class: `seat${current ? " current" : ""}${flashing ? " flash" : ""}`,
      dataset: { seat: String(seat) },
    },
    seatHeading(seat, name, current, Boolean(view && view.dealer === seat)),
    // The same facts on every screen: a phone wraps them, it drops none.
    el("p", { class: "facts" }, [seatState(row), ...playerFacts(seat)].join(" · ")),
    completedList(seat),
    player ? el("p", { class: "seat-cards" }, cardBacks(player.cards), t("fact.cards", { count: player.cards })) : null,
    groups.length ? el("div", { class: "seat-groups" }, groupsList(groups)) : null,
  );
  if (isOwner() && seat !== 0 && row.kind === "person" && !row.connected && lobby.status !== "over") {
    item.appendChild(giveToComputer(seat, name, row.level));
  }
  // Before the game, beside the seat; during it, in a panel of its own (renderSeatsAdmin),
  // so that the table itself keeps its room on a phone.
  if (isOwner() && seat !== 0 && row.kind === "bot" && lobby.status === "waiting") {
    item.appendChild(openToPerson(seat, name));
  }
  return item;
}

/** The owner's controls for the computers' seats during the game (decision 0028). */
function renderSeatsAdmin() {
  const lobby = state.lobby;
  const view = state.view;
  const seats = lobby.seats
    .map((row, seat) => ({ row, seat }))
    .filter(({ row, seat }) => seat !== 0 && row.kind === "bot");
  const shown = isOwner() && lobby.status === "playing" && seats.length > 0;
  ui.seatsAdmin.hidden = !shown;
  if (!shown) return;
  const named = seats.map(({ row, seat }) => [seat, view?.names?.[seat] || row.name || t("seat.number", { number: seat + 1 })]);
  refill(ui.seatsAdminList, JSON.stringify(named), () =>
    named.map(([seat, name]) => el("li", null, openToPerson(seat, name))),
  );
}

/** The owner gives a computer's seat back to a person (decision 0028): whoever takes it
 * with the invitation plays it; during the game its computer plays until then. */
function openToPerson(seat, name) {
  const button = el(
    "button",
    { type: "button", id: `open-button-${seat}` },
    t("open_to_person"),
    hiddenText(` (${name})`),
  );
  button.addEventListener("click", async () => {
    try {
      await api("POST", `/api/tables/${encodeURIComponent(tableId)}/seats/${seat}/person`, {}, state.token);
      // The table's notice says it, to every player, in their language.
    } catch (error) {
      say(refusal(error));
      log(refusal(error), "error");
    }
  });
  return el("span", { class: "give" }, button);
}

/** The owner gives a person's seat to a computer; the level offered first is the one the
 * seat's computer had, if it had one (a seat opened to a person keeps it, decision 0028). */
function giveToComputer(seat, name, had) {
  const id = `give-${seat}`;
  const select = el(
    "select",
    { id },
    levels.map((level) => el("option", { value: level.name }, level.title)),
  );
  const known = levels.some((level) => level.name === had);
  select.value = state.giveLevels[seat] || (known ? had : "medium");
  select.addEventListener("change", () => {
    state.giveLevels[seat] = select.value;
  });
  const button = el(
    "button",
    { type: "button", id: `give-button-${seat}` },
    t("give_to_computer"),
    hiddenText(` (${name})`),
  );
  button.addEventListener("click", async () => {
    try {
      await api(
        "POST",
        `/api/tables/${encodeURIComponent(tableId)}/seats/${seat}/computer`,
        { level: select.value },
        state.token,
      );
      // The table's own notice says it, to every player, in their language.
    } catch (error) {
      say(refusal(error));
      log(refusal(error), "error");
    }
  });
  return el(
    "span",
    { class: "give" },
    el("label", { for: id }, t("computer_level_for", { name })),
    select,
    button,
  );
}

function renderPiles() {
  const shown = state.shown;
  ui.pilesPanel.hidden = !shown;
  if (!shown) return;
  const key = JSON.stringify([
    shown.piles,
    (shown.moves || []).map((move) => move.kind),
    chosenCards(),
    state.seat,
    [...state.flash.piles],
  ]);
  refill(ui.piles, key, () => shown.piles.map(pileControl));
}

/** What pressing a pile does now, in words, or "" when it does nothing now: the draw pile
 * draws; the discard pile gives its top card, or takes the one chosen card discarded. */
function pileDoes(id) {
  if (id === "draw" && legal("draw").length) return t("pile.do_draw");
  if (id === "discard" && legal("take").length) return t("pile.do_take");
  if (id === "discard" && legal("discard").length && chosenCards().length === 1) {
    return t("pile.do_discard");
  }
  return "";
}

/** A pile of the presentation: the draw and discard piles are buttons for a seat (the
 * moves they stand for), any other pile is shown. Its size is always said in words. */
function pileControl(pile) {
  let face = null;
  if (pile.top) face = cardElement(pile.top);
  else if (pile.id === "draw") face = el("span", { class: "card back", "aria-hidden": "true" });
  else if (pile.id === "discard") face = el("span", { class: "card empty" }, t("pile.empty"));
  const flash = state.flash.piles.has(pile.id) ? " flash" : "";
  const parts = [
    el("span", { class: "pile-label" }, pile.label),
    face,
    el("span", { class: "pile-count" }, t("pile.count", { count: pile.count })),
  ];
  const pressable = state.seat !== null && (pile.id === "draw" || pile.id === "discard");
  // Its name in words, each part apart: "Discard pile, B12, blue 12, cards: 2, take this card".
  const top = pile.top ? cardName(pile.top) : pile.id === "discard" ? t("pile.empty") : "";
  if (!pressable) {
    // Read as one phrase too ("Program cards, cards: 43"), not "Program cards cards: 43".
    const said = [pile.label, top, t("pile.count", { count: pile.count })].filter(Boolean);
    return el(
      "div",
      { class: `pile${flash}`, role: "group", "aria-label": said.join(", "), dataset: { pile: pile.id } },
      parts,
    );
  }
  const does = pileDoes(pile.id);
  const name = [pile.label, top, t("pile.count", { count: pile.count }), does].filter(Boolean);
  return el(
    "button",
    {
      type: "button",
      id: `pile-${pile.id}`,
      class: `pile pile-button${flash}`,
      "aria-label": name.join(", "),
      "aria-disabled": does ? "false" : "true",
      dataset: { pile: pile.id, key: `pile-${pile.id}` },
      onclick: () => pressPile(pile.id),
    },
    parts,
    does ? el("span", { class: "pile-do" }, does) : null,
  );
}

/** A pile pressed (clicked, tapped, or Enter on it): its move now, or the game's refusal. */
function pressPile(id) {
  // A move made from a pile goes on in the hand (choose a card, lay down, discard): the
  // focus follows it there once the move is drawn, as after a move key, where a screen
  // reader passes the keys to the page (on a button its browse mode takes them).
  if (pileDoes(id)) state.focusHandAfterRender = true;
  if (id === "draw") drawFrom("draw_pile");
  else if (legal("take").length) drawFrom("discard_pile");
  else if (legal("discard").length) keyDiscard();
  else refuse(refusalFor("take", "discard"));
}

function renderHand() {
  const view = state.view;
  const playing = Boolean(view) && state.seat !== null;
  ui.handPanel.hidden = !playing;
  if (!playing) return;
  // The seat's goal, then its own facts (status, progress, points, cards) and its groups.
  // A fact the goal's sentence says already ("Your program ... is revealed.") is not said
  // twice.
  const goal = phaseSentence();
  const facts = playerFacts(state.seat, false).filter(
    (fact) => !goal.toLocaleLowerCase().includes(fact.toLocaleLowerCase()),
  );
  fill(
    ui.meLine,
    goal,
    facts.length ? el("span", { class: "me-facts" }, ` · ${facts.join(" · ")}`) : null,
  );
  const done = completedList(state.seat);
  refill(ui.myDone, JSON.stringify(state.shown?.players?.[state.seat]?.completed || []), () =>
    done ? [done] : [],
  );
  const mine = groupsOf(state.seat);
  refill(ui.myGroups, JSON.stringify(mine), () =>
    mine.length ? [el("p", { class: "note" }, t("my_groups")), groupsList(mine)] : [],
  );
  // The game names its two orders (by number and colour, by rank and suit).
  ui.sortA.textContent = state.shown?.sorts?.[0] || "";
  ui.sortB.textContent = state.shown?.sorts?.[1] || "";
  ui.sortA.setAttribute("aria-pressed", String(state.order === 0));
  ui.sortB.setAttribute("aria-pressed", String(state.order === 1));
  const shown = shownHand();
  const key = JSON.stringify([shown, [...state.selected].sort(), state.newest, state.order]);
  const chosen = chosenCards();
  ui.chosen.textContent = chosen.length
    ? t("chosen_cards", { cards: chosen.map((code) => faceOf(code).label).join(", ") })
    : t("chosen_none");
  if (key === state.handKey) return;
  state.handKey = key;
  const hadFocus = ui.hand.contains(document.activeElement);
  // The focus stays on its card (the same copy of it) when a draw or a discard moves the
  // cards about; where that card is gone, on the same place.
  const focused = hadFocus ? document.activeElement.closest("[role=option]") : null;
  const current = focused || ui.hand.querySelector("[role=option][tabindex='0']");
  if (current) {
    const copies = [...ui.hand.querySelectorAll("[role=option]")].filter(
      (option) => option.dataset.card === current.dataset.card,
    );
    const places = shown.flatMap((item, pos) => (item.card === current.dataset.card ? [pos] : []));
    if (places.length) state.focusPos = places[Math.min(copies.indexOf(current), places.length - 1)];
  }
  state.focusPos = Math.max(0, Math.min(state.focusPos, shown.length - 1));
  let newestMarked = false;
  const options = shown.map((item, pos) => {
    const selected = state.selected.has(item.index);
    const isNew = !newestMarked && state.newest !== null && item.card === state.newest;
    if (isNew) newestMarked = true;
    return el(
      "li",
      {
        role: "option",
        id: `card-${pos}`,
        class: `${cardClasses(faceOf(item.card))}${selected ? " chosen" : ""}${isNew ? " newest" : ""}`,
        "aria-selected": String(selected),
        tabindex: pos === state.focusPos ? "0" : "-1",
        dataset: { index: String(item.index), pos: String(pos), card: item.card },
      },
      cardFace(faceOf(item.card)),
      el("span", { class: "tick", "aria-hidden": "true" }, "\u2713"),
      isNew ? el("span", { class: "badge new", "aria-hidden": "true" }, t("new_badge")) : null,
      hiddenText(isNew ? t("card_new", { name: cardLabel(item.card) }) : cardLabel(item.card)),
    );
  });
  fill(ui.hand, options);
  if (hadFocus) focusOption(state.focusPos, { withNews: true });
}

/** Put the focus on the hand's card at `pos` (the nearest there is); whether there was one.
 * `preventScroll` leaves the page where it is; `withNews` (the game moved the focus, not the
 * player's arrow keys) also brings the line of news by the hand into view where the window
 * has room for both. */
function focusOption(pos, { preventScroll = false, withNews = false } = {}) {
  const options = ui.hand.querySelectorAll("[role=option]");
  if (options.length === 0 || ui.handPanel.hidden) return false;
  const at = Math.max(0, Math.min(pos, options.length - 1));
  options.forEach((option, i) => option.setAttribute("tabindex", i === at ? "0" : "-1"));
  state.focusPos = at;
  const card = options[at];
  card.focus({ preventScroll: true });
  if (preventScroll) return true;
  reveal(card);
  // Once the update that moved the focus has said its news too, the line by the hand has
  // its new length.
  if (withNews) {
    requestAnimationFrame(() => {
      if (document.activeElement === card) reveal(card, ui.handNews);
    });
  }
  return true;
}

function inView(node) {
  const box = node.getBoundingClientRect();
  return box.top >= 0 && box.bottom <= window.innerHeight;
}

/** Scroll `node` into view, and `above` (an element before it) too if both fit: the
 * focused card always wins. */
function reveal(node, above = null) {
  node.scrollIntoView({ block: "nearest", inline: "nearest" });
  if (!above || !above.textContent || inView(above)) return;
  above.scrollIntoView({ block: "nearest" });
  if (!inView(node)) node.scrollIntoView({ block: "nearest", inline: "nearest" });
}

function toggleOption(option) {
  const index = Number(option.dataset.index);
  if (state.selected.has(index)) state.selected.delete(index);
  else state.selected.add(index);
  state.focusPos = Number(option.dataset.pos);
  const selected = state.selected.has(index);
  option.setAttribute("aria-selected", String(selected));
  option.classList.toggle("chosen", selected);
  state.handKey = JSON.stringify([
    shownHand(),
    [...state.selected].sort(),
    state.newest,
    state.order,
  ]);
  const chosen = chosenCards();
  ui.chosen.textContent = chosen.length
    ? t("chosen_cards", { cards: chosen.map((code) => faceOf(code).label).join(", ") })
    : t("chosen_none");
  renderMoves();
  renderPiles();
}

ui.hand.addEventListener("click", (event) => {
  const option = event.target.closest("[role=option]");
  if (!option) return;
  toggleOption(option);
  focusOption(Number(option.dataset.pos));
});

ui.hand.addEventListener("keydown", (event) => {
  const option = event.target.closest("[role=option]");
  if (!option || event.altKey || event.ctrlKey || event.metaKey) return;
  const pos = Number(option.dataset.pos);
  const count = ui.hand.querySelectorAll("[role=option]").length;
  let next = null;
  switch (event.key) {
    case "ArrowRight":
    case "ArrowDown":
      next = Math.min(count - 1, pos + 1);
      break;
    case "ArrowLeft":
    case "ArrowUp":
      next = Math.max(0, pos - 1);
      break;
    case "Home":
      next = 0;
      break;
    case "End":
      next = count - 1;
      break;
    case " ":
    case "Spacebar":
      event.preventDefault();
      toggleOption(option);
      return;
    case "Enter":
      // A card is chosen, not played: Enter here did nothing, unsaid (play-tested).
      event.preventDefault();
      tell(t("enter_in_hand"));
      return;
    default:
      return;
  }
  event.preventDefault();
  focusOption(next);
});

function setOrder(order) {
  state.order = order;
  state.focusPos = 0;
  renderHand();
  // The button's label ("By number") inside a sentence: its first letter small.
  const label = state.shown?.sorts?.[order] || "";
  note(t("sorted", { order: label.charAt(0).toLocaleLowerCase() + label.slice(1) }));
}
ui.sortA.addEventListener("click", () => setOrder(0));
ui.sortB.addEventListener("click", () => setOrder(1));

// The moves: every button is one legal action (or a query about them).

function actionButton(item, label, key, extraClass = "", spoken = null) {
  // The button shows the short label (cards by notation); a screen reader says its cards
  // in words, as the game worded the move for this reader ("Discard red 7").
  // A label built around the move's own ("Play the hint: Discard KC") is said around its
  // words in the same way.
  const words = spokenLabel(item);
  const own = moveLabel(item);
  const said = spoken || (words && label.includes(own) ? label.replace(own, words) : null);
  return el(
    "button",
    {
      type: "button",
      class: `act ${extraClass}`.trim(),
      "aria-label": said && said !== label ? said : null,
      dataset: { key, notation: item.text },
      onclick: () => act(item.action),
    },
    label,
  );
}

/** A legal move as a screen reader says it: the game's words for it, if it gave them. */
function spokenLabel(item) {
  const move = (state.shown?.moves || []).find((each) => each.id === item.text);
  return move?.spoken || null;
}

/** A legal move in words, as its button says it (a hint is shown the same way): the
 * game's own label for it, from the presentation (a move's id is its notation). */
function moveLabel(item) {
  const move = (state.shown?.moves || []).find((each) => each.id === item.text);
  return move ? move.label : item.text;
}

/** The hint's move as it is said: in the game's words for this reader where it gave them
 * ("Discard red 7"), else labelled like its button. */
function hintLabel(hint) {
  return spokenLabel(hint) || moveLabel(hint);
}

function section(group, heading, children) {
  return el(
    "div",
    { class: "move-group", role: "group", "aria-labelledby": `mg-${group}`, dataset: { group } },
    el("h3", { id: `mg-${group}` }, heading),
    children,
  );
}

function buttonList(buttons) {
  return el(
    "ul",
    { class: "buttons" },
    buttons.map((button) => el("li", null, button)),
  );
}

function renderMoves() {
  const view = state.view;
  ui.movesPanel.hidden = !view || state.seat === null;
  if (!view) return;
  ui.moves.dataset.version = String(view.version);
  const chosen = chosenCards();
  const key = JSON.stringify([
    view.version,
    (state.shown?.moves || []).map((move) => move.id),
    chosen,
    state.hint?.text || null,
    state.seat,
  ]);
  if (key === state.movesKey) return;
  state.movesKey = key;
  const focusedKey = ui.moves.contains(document.activeElement)
    ? document.activeElement.dataset?.key
    : null;
  const focusedText = ui.moves.contains(document.activeElement)
    ? document.activeElement.textContent
    : null;
  const hadFocus = ui.moves.contains(document.activeElement);
  const parts = [];
  if (view.outcome) {
    parts.push(
      el(
        "p",
        null,
        t("game_over_say"),
        " ",
        el("button", { type: "button", dataset: { key: "results" }, onclick: showResults }, t("show_results")),
      ),
    );
  } else if (!myTurn()) {
    parts.push(el("p", null, t("q.their_turn", { name: nameOf(view.current) })));
  } else {
    parts.push(...myMoves(view, chosen));
  }
  fill(ui.moves, parts);
  if (hadFocus) {
    // The same move stays under the focus; a move that was made or changed leaves it on the
    // hand, as a move made by its key does: never on another button, where a second Enter
    // would make a move nobody chose, nor on a heading, where a screen reader's browse mode
    // would take the next move key for its own.
    const again = focusedKey ? ui.moves.querySelector(`[data-key="${CSS.escape(focusedKey)}"]`) : null;
    const same = again && again.textContent === focusedText ? again : null;
    if (same) same.focus({ preventScroll: true });
    else if (!focusOption(state.focusPos, { withNews: true })) {
      ui.movesHeading.focus({ preventScroll: true });
    }
  }
}

/** The kinds of move the page has sections and keys for (docs/schema/presentation.schema.json). */
const KNOWN_KINDS = new Set(["draw", "take", "swap", "lay_down", "reveal", "meld", "hit", "extend", "discard"]);

/** The most lay-down or reveal buttons shown while no card is chosen. */
const MAX_WAYS = 8;

function myMoves(view, chosen) {
  const parts = [];
  const draws = legal("draw", "take");
  const swap = legal("swap");
  if (draws.length) {
    const buttons = draws.map((item) =>
      actionButton(item, moveLabel(item), item.kind, item.kind === "draw" ? "primary" : ""),
    );
    parts.push(section("draw", t("move.draw_heading"), buttonList(buttons)));
  }
  if (swap.length) {
    parts.push(
      section("swap", t("move.swap_heading"), buttonList([actionButton(swap[0], moveLabel(swap[0]), "swap")])),
    );
  }
  // Lay down (Phase 10) or reveal (programmes).
  const lays = laydownOptions();
  if (lays.all.length) {
    // Dozens of ways (a run of 6 with wilds) would bury the page: show the first few, and
    // say that choosing cards narrows the list to the ways that use them.
    const hidden = chosen.length === 0 ? Math.max(0, lays.shown.length - MAX_WAYS) : 0;
    const list = lays.shown.slice(0, lays.shown.length - hidden).map((item, i) =>
      actionButton(
        item,
        moveLabel(item),
        `lay-${item.text}`,
        i === 0 ? "primary" : "",
      ),
    );
    parts.push(
      section(
        "lay",
        lays.all[0].kind === "reveal" ? t("move.reveal_heading") : t("move.lay_heading"),
        list.length
          ? [buttonList(list), hidden ? el("p", { class: "note" }, tn("more_ways", { count: hidden })) : null]
          : el("p", { class: "note" }, t("no_lay_with_chosen")),
      ),
    );
  } else if (chosen.length && !draws.length && gameHas("lay_down", "reveal")) {
    // Cards chosen and no way to lay down or reveal at all: say why where its button would
    // be. A tap-only player who chose her program's cards looked for a Reveal button, and
    // nothing said that a run is of one suit.
    const programmes = gameHas("reveal");
    parts.push(
      section(
        "lay",
        programmes ? t("move.reveal_heading") : t("move.lay_heading"),
        el("p", { class: "note" }, refusalFor(programmes ? "reveal" : "lay_down")),
      ),
    );
  }
  const melds = meldOptions();
  if (melds.all.length) {
    const list = melds.shown.map((item) =>
      actionButton(item, moveLabel(item), `meld-${item.text}`),
    );
    parts.push(
      section(
        "meld",
        t("move.meld_heading"),
        list.length ? buttonList(list) : el("p", { class: "note" }, t("no_meld_with_chosen")),
      ),
    );
  }
  const hits = hitOptions();
  if (hits.all.length) {
    const list = hits.shown.map((item) => actionButton(item, moveLabel(item), `hit-${item.text}`));
    let body;
    if (list.length) body = buttonList(list);
    else if (chosen.length === 1) body = el("p", { class: "note" }, t("card_fits_nowhere"));
    else body = el("p", { class: "note" }, t("choose_one_to_hit"));
    const heading = hits.all[0].kind === "extend" ? t("move.extend_heading") : t("move.hit_heading");
    parts.push(section("hit", heading, body));
  }
  const discards = legal("discard");
  if (discards.length) {
    let body;
    const options = discardOptions();
    if (options === null) {
      body = el(
        "p",
        null,
        el(
          "button",
          { type: "button", class: "act", dataset: { key: "discard-chosen" }, onclick: keyDiscard },
          t("move.discard_chosen"),
        ),
        " ",
        el("span", { class: "note" }, t("choose_one_to_discard")),
      );
    } else if (options.length === 0) {
      body = el("p", { class: "note" }, t("cannot_discard_card", { card: faceOf(chosen[0]).label }));
    } else if (options.length === 1) {
      // Shown as the hand shows the card (its suit's sign: "Discard 2♦"), like the other
      // buttons, said in words ("Discard blue 11").
      const face = faceOf(chosen[0]);
      const label = t("move.discard", { card: face.shown || chosen[0] });
      const spoken = t("move.discard", { card: faceOf(chosen[0]).label });
      body = buttonList([actionButton(options[0], label, "discard-chosen", "primary", spoken)]);
    } else {
      body = [
        el("p", null, t("who_gets_skip")),
        buttonList(
          options.map((item) =>
            actionButton(
              item,
              t("move.skip_at", { name: nameOf(item.action.target) }),
              `discard-${item.text}`,
            ),
          ),
        ),
      ];
    }
    parts.push(section("discard", t("move.discard_heading"), body));
  }
  // A game's own kinds of move (a third game's), offered as they are, by the game's words.
  const others = (state.shown?.moves || []).filter((move) => !KNOWN_KINDS.has(move.kind));
  if (others.length) {
    const list = others.map((move) =>
      actionButton({ action: move.action, text: move.id }, move.label, `other-${move.id}`),
    );
    parts.push(section("other", t("move.other_heading"), buttonList(list)));
  }
  const help = [el("button", { type: "button", dataset: { key: "hint" }, onclick: askHint }, t("move.hint"))];
  if (state.hint) {
    help.push(
      el(
        "button",
        {
          type: "button",
          class: "act primary",
          dataset: { key: "hint-play", notation: state.hint.text },
          // Shown short, by notation, as the move's own button; named in words.
          "aria-label": spokenLabel(state.hint)
            ? t("move.play_hint", { text: spokenLabel(state.hint) })
            : null,
          onclick: () => act(state.hint.action),
        },
        t("move.play_hint", { text: moveLabel(state.hint) }),
      ),
    );
  }
  parts.push(section("help", t("move.help_heading"), buttonList(help)));
  return parts;
}

/** The groups on the table, each owner's in a list: the game's words and cards for each. */
function renderGroups() {
  const shown = state.shown;
  ui.groupsPanel.hidden = !shown;
  if (!shown) return;
  ui.groupsHeading.textContent = shown.table_label;
  fill(
    ui.groups,
    tableElement(shown, (owner) =>
      owner === state.seat ? t("you_named", { name: nameOf(owner) }) : nameOf(owner),
    ),
  );
}

function renderSummary() {
  const ended = state.handEnded;
  const result = state.result;
  // A hand's results are a dialog that stays until it is closed or the next hand needs
  // the seat; the end of the game shows the final standing until it is closed.
  const hand = state.view?.hand_number ?? 0;
  const recent =
    Boolean(ended) &&
    (ended.event.number === hand || (!result && ended.event.number === hand - 1));
  const showHand = recent && !state.summaryClosed;
  const showGame = Boolean(result) && !state.gameSummaryClosed;
  ui.handSummary.hidden = !showHand;
  ui.gameSummary.hidden = !result;
  const scores = (state.shown?.players || []).map((p) => p.points);
  if (showHand) {
    refill(ui.handSummary, JSON.stringify([ended.event, scores, Boolean(result)]), () =>
      handSummary(ended),
    );
  }
  if (result) {
    refill(ui.gameSummary, JSON.stringify([result, state.lobby.rematch, state.seat]), () =>
      gameSummary(result),
    );
  }
  const open = showHand || showGame;
  if (open && !ui.summary.open) {
    state.summaryOpenedAt = Date.now();
    state.summaryTouched = false;
    ui.summaryKeep.checked = keepResults();
    // The final standing stays until it is closed anyway: the box would do nothing there.
    ui.summaryKeep.closest("p").hidden = Boolean(result);
    ui.summaryStatus.textContent = "";
    ui.summary.showModal();
    ui.summaryHeading.focus({ preventScroll: true });
  } else if (!open && ui.summary.open) {
    closingByPage = true;
    ui.summary.close();
  }
}

/** Closed by its button, by Escape, or by the page: it stays closed for this hand (and the
 * final standing for this game), and the focus goes back to the hand, not to the top. */
ui.summary.addEventListener("close", () => {
  // Results the player closed stay closed after a reload; those the page closed come back.
  const byPlayer = !closingByPage;
  if (state.handEnded && byPlayer) {
    saved.set(closedKey(tableId), state.handEnded.event.number);
  }
  closingByPage = false;
  if (!state.summaryClosed || (state.result && !state.gameSummaryClosed)) {
    state.summaryClosed = true;
    if (state.result) state.gameSummaryClosed = true;
    renderMoves();
  }
  const back = ui.hand.querySelector("[tabindex='0']") || ui.movesHeading;
  if (!ui.summary.open) back.focus({ preventScroll: true });
  // Back at the table on their turn, the player hears what to do (said behind the results
  // while they read, it may be long gone from the status line).
  if (byPlayer && !ui.summary.open && myTurn() && state.shown?.turn) tell(state.shown.turn);
  // Back at the table after the final standing: who won is said again, not only that the
  // game is over (the standing's button brings it back).
  else if (byPlayer && !ui.summary.open && state.result && state.gameOverText) {
    tell([state.overText, state.gameOverText].filter(Boolean).join(" "));
  }
});

/** Show the end of the game again (after its dialog was closed). */
function showResults() {
  state.gameSummaryClosed = false;
  renderSummary();
}

function handSummary(ended) {
  const { text, summary, endedBy } = ended;
  const players = state.shown?.players || [];
  // Where the game counts points during play, each player's total beside the hand's.
  const totals = players.length > 0 && players.every((p) => p.points !== null);
  const headers = totals ? [...summary.headers, t("col.total")] : summary.headers;
  const rows = summary.rows.map((row, seat) => {
    const cells = totals ? [...row, String(players[seat]?.points ?? "")] : row;
    return el(
      "tr",
      null,
      el("th", { scope: "row" }, cells[0]),
      cells.slice(1).map((cell) => el("td", null, cell)),
    );
  });
  return [
    el("h3", { id: "hand-summary-title" }, summary.title),
    el(
      "ul",
      { class: "sentences" },
      // Who ended the hand and how first, then the hand's own sentences; the first of those
      // opens with the title just said ("Hand 2 ended."): not twice.
      [
        ...(endedBy || []),
        ...text.map((line, i) =>
          i === 0 && line.startsWith(summary.title) ? line.slice(summary.title.length).trim() : line,
        ),
      ]
        .filter(Boolean)
        .map((line) => el("li", null, line)),
    ),
    el(
      "div",
      { class: "table-scroll" },
      el(
        "table",
        // Named by the game's own title just above ("Round 2 ended."; a round of the
        // programmes game has no points), not a second caption that repeats it.
        { "aria-labelledby": "hand-summary-title" },
        el("thead", null, el("tr", null, headers.map((h) => el("th", { scope: "col" }, h)))),
        el("tbody", null, rows),
      ),
    ),
  ];
}

function gameSummary(result) {
  const lobby = state.lobby;
  const doneHeader = state.shown?.progress_label || "";
  // A game without points (the programmes game) has no points column in its standing either.
  const players = state.shown?.players || [];
  const counted = players.length > 0 && players.every((p) => p.points !== null);
  // The winner is said in the row's own header, the player's cell ("Ann, the winner"), which a
  // screen reader reads with every cell of the row: a column of its own, empty but in one row,
  // was one too many for a phone, where the table ran past the screen's edge.
  const rows = result.standing.map((row) =>
    el(
      "tr",
      { class: row.winner ? "winner" : null },
      el("td", null, String(row.place)),
      el(
        "th",
        { scope: "row" },
        row.seat === state.seat ? t("you_named", { name: row.name }) : row.name,
        row.winner ? el("span", { class: "winner-note" }, `, ${t("summary.winner")}`) : null,
      ),
      el("td", null, String(row.done)),
      counted ? el("td", null, String(row.points)) : null,
    ),
  );
  const headers = [t("col.place"), t("col.player"), doneHeader];
  if (counted) headers.push(t("col.points"));
  const rematch = [];
  if (lobby.rematch) {
    rematch.push(
      el(
        "a",
        { class: "button primary", href: withLang(`/t/${encodeURIComponent(lobby.rematch)}`) },
        t("summary.to_rematch"),
      ),
    );
  } else if (isOwner()) {
    rematch.push(
      el("button", { type: "button", class: "primary", id: "rematch", onclick: rematchNow }, t("summary.rematch")),
    );
  } else if (state.seat !== null) {
    rematch.push(el("span", { class: "note" }, t("summary.rematch_owner")));
  }
  return [
    el("h3", null, t("summary.final")),
    state.gameOverText ? el("p", { class: "lead" }, state.gameOverText) : null,
    el(
      "div",
      { class: "table-scroll" },
      el(
        "table",
        null,
        el("caption", { class: "visually-hidden" }, t("summary.final_caption")),
        el(
          "thead",
          null,
          el(
            "tr",
            null,
            headers.map((h) => el("th", { scope: "col" }, h)),
          ),
        ),
        el("tbody", null, rows),
      ),
    ),
    lobby.series ? el("p", { class: "series" }, seriesText(lobby.series, t, "summary")) : null,
    el("p", null, t("summary.seed", { seed: result.seed })),
    el(
      "p",
      { class: "row" },
      rematch,
      " ",
      el("a", { class: "button", href: withLang(`/replay/${encodeURIComponent(tableId)}`) }, t("summary.replay")),
    ),
  ];
}

async function rematchNow() {
  try {
    const made = await api("POST", `/api/tables/${encodeURIComponent(tableId)}/rematch`, {}, state.token);
    onRematch(made.table, made.token);
  } catch (error) {
    say(refusal(error));
    log(refusal(error), "error");
  }
}

// ---------------------------------------------------------------------------- the lobby

ui.start.addEventListener("click", async () => {
  const empty = state.lobby.seats.filter((s) => s.kind === "person" && !s.taken).length;
  if (empty) {
    say(t("lobby.owner_waiting", { count: empty }));
    return;
  }
  try {
    await api("POST", `/api/tables/${encodeURIComponent(tableId)}/start`, {}, state.token);
  } catch (error) {
    say(refusal(error));
    log(refusal(error), "error");
  }
});

/** The name this page asked a seat for (the others' pages hear of it, this one need not). */
let joiningAs = "";
function sameName(a, b) {
  const plain = (name) => (name || "").normalize("NFC").replace(/\s+/g, " ").trim().toLocaleLowerCase();
  return Boolean(a) && plain(a) === plain(b);
}

ui.joinForm.addEventListener("submit", async (event) => {
  event.preventDefault();
  const name = ui.joinName.value.trim();
  if (!name) {
    ui.joinError.textContent = t("name_needed");
    ui.joinError.hidden = false;
    ui.joinName.setAttribute("aria-invalid", "true");
    ui.joinName.setAttribute("aria-describedby", "join-error");
    ui.joinName.focus();
    say(t("name_needed"));
    return;
  }
  joiningAs = name;
  try {
    const joined = await api("POST", `/api/tables/${encodeURIComponent(tableId)}/join`, { name });
    saved.set(tokenKey(tableId), joined.token);
    saved.set(NAME_KEY, name);
    state.token = joined.token;
    ui.joinError.hidden = true;
    ui.joinName.removeAttribute("aria-invalid");
    say(t("seated", { number: joined.seat + 1 }));
    connect();
  } catch (error) {
    const text = error instanceof ApiError ? refusal(error) : String(error);
    ui.joinError.textContent = text;
    ui.joinError.hidden = false;
    say(text);
  }
});

$("copy-link").addEventListener("click", async () => {
  try {
    await navigator.clipboard.writeText(ui.inviteLink.href);
    note(t("copied"));
  } catch {
    const range = document.createRange();
    range.selectNodeContents(ui.inviteLink);
    const selection = window.getSelection();
    selection.removeAllRanges();
    selection.addRange(range);
    note(t("copy_by_hand"));
  }
});

// ---------------------------------------------------------------------------- your turn

const BASE_TITLE = document.title;
const NOTIFY_KEY = "phase10:notify";
const SOUND_KEY = "phase10:sound";

/** The tab's title says when it is this seat's turn, so a player in another tab sees it. */
function renderTitle() {
  const title = myTurn() ? t("title.your_turn", { title: BASE_TITLE }) : BASE_TITLE;
  if (document.title !== title) document.title = title;
}

function renderAlerts() {
  // A spectator has no turn to be told of.
  $("alerts-panel").hidden = state.welcomed && state.seat === null;
  const canNotify = "Notification" in window;
  ui.notifyToggle.hidden = !canNotify;
  const notifying = canNotify && saved.get(NOTIFY_KEY) === "on" && Notification.permission === "granted";
  ui.notifyToggle.setAttribute("aria-pressed", String(notifying));
  ui.soundToggle.setAttribute("aria-pressed", String(saved.get(SOUND_KEY) === "on"));
}

/** It became this seat's turn: a notification while the tab is hidden (if the player
 * allowed it) and a short sound (if the player turned it on). */
function turnCue(prompt) {
  if (
    "Notification" in window &&
    document.visibilityState === "hidden" &&
    saved.get(NOTIFY_KEY) === "on" &&
    Notification.permission === "granted"
  ) {
    try {
      new Notification(t("title.your_turn", { title: BASE_TITLE }), {
        body: prompt,
        tag: `phase10-turn-${tableId}`,
        lang,
      });
    } catch {
      // Some browsers allow notifications only from a service worker: the title still says it.
    }
  }
  if (saved.get(SOUND_KEY) === "on") chime();
}

let audio = null;
/** Two soft notes; made by the page (no sound file to load). */
function chime() {
  const Context = window.AudioContext || window.webkitAudioContext;
  if (!Context) return;
  try {
    audio = audio || new Context();
    const now = audio.currentTime;
    [660, 880].forEach((frequency, i) => {
      const tone = audio.createOscillator();
      const volume = audio.createGain();
      tone.frequency.value = frequency;
      volume.gain.setValueAtTime(0.0001, now + i * 0.18);
      volume.gain.exponentialRampToValueAtTime(0.15, now + i * 0.18 + 0.02);
      volume.gain.exponentialRampToValueAtTime(0.0001, now + i * 0.18 + 0.16);
      tone.connect(volume).connect(audio.destination);
      tone.start(now + i * 0.18);
      tone.stop(now + i * 0.18 + 0.17);
    });
  } catch {
    // No audio output: the cue is also in the title and the status line.
  }
}

ui.notifyToggle.addEventListener("click", async () => {
  if (saved.get(NOTIFY_KEY) === "on") {
    saved.set(NOTIFY_KEY, null);
    renderAlerts();
    note(t("notify.off"));
    return;
  }
  let permission = Notification.permission;
  if (permission === "default") permission = await Notification.requestPermission();
  if (permission === "granted") {
    saved.set(NOTIFY_KEY, "on");
    note(t("notify.on"));
  } else {
    note(t("notify.blocked"));
  }
  renderAlerts();
});

ui.soundToggle.addEventListener("click", () => {
  const on = saved.get(SOUND_KEY) !== "on";
  saved.set(SOUND_KEY, on ? "on" : null);
  renderAlerts();
  note(on ? t("sound.on") : t("sound.off"));
  if (on) chime();
});

// ---------------------------------------------------------------------------- keys

/** The keys that make a move (the others ask a question or help). */
const MOVE_KEYS = ["d", "t", "l", "v", "n", "g", "x", "e"];

// The one key map of every medium (docs/keys.md): moves, then questions and helps.
const KEYS = {
  d: () => drawFrom("draw_pile"),
  t: () => drawFrom("discard_pile"),
  l: keyLay,
  v: keyLay,
  n: keyMeld,
  g: keyHit,
  x: keyDiscard,
  e: keySwap,
  h: () => {
    // Said, and the focus taken back to the cards from wherever the player had gone.
    say(handSentence());
    if (state.seat !== null && state.view) focusOption(state.focusPos);
  },
  p: () => say(topSentence()),
  b: () => say(groupsSentence()),
  s: () => say(scoresSentence()),
  w: () => say(turnSentence()),
  m: () => say(phaseSentence()),
  a: () => focusGently(ui.moves.querySelector("button") || ui.movesHeading),
  r: () =>
    say(state.recent.length ? `${t("q.again")} ${state.recent.join(" ")}` : t("q.nothing_yet")),
  i: askHint,
  o: () => setOrder(1 - state.order),
  q: leaveTable,
  "?": () => {
    // Said, and the list shown, but the focus stays where the player plays from: on a
    // heading a screen reader's browse mode would take the next move key for its own.
    say(keysSentence());
    ui.keysHeading.scrollIntoView({ block: "nearest" });
  },
};

/** Whether the focus is away from the hand, on something Escape should bring it back from:
 * a button of the moves, the chat's message field, a link; not a dialog, which Escape
 * closes itself. */
function awayFromHand(target) {
  if (!(target instanceof Element) || target === document.body) return false;
  if (ui.hand.contains(target) || target.closest("dialog")) return false;
  return state.seat !== null && Boolean(state.view) && !ui.handPanel.hidden;
}

document.addEventListener("keydown", (event) => {
  if (event.defaultPrevented || event.ctrlKey || event.altKey || event.metaKey) return;
  // Escape backs out one step: from a move's button, the chat's field or any other control to
  // the hand (the chosen cards kept, as the moves offered were theirs), then, in the hand,
  // clears the choice. A screen reader's browse mode takes letter keys on a button, so the
  // way back to the hand, where the move keys work, must be one key.
  if (event.key === "Escape" && !event.shiftKey && awayFromHand(event.target)) {
    event.preventDefault();
    focusOption(state.focusPos);
    return;
  }
  if (typingIn(event.target)) return;
  if (event.key === "Escape") {
    if (state.selected.size) {
      state.selected.clear();
      renderHand();
      renderMoves();
      renderPiles();
      say(t("choice_cleared"));
    }
    return;
  }
  const handler = KEYS[event.key.length === 1 ? event.key.toLowerCase() : ""];
  if (!handler && /^[a-z]$/.test(event.key) && state.view) {
    // A letter the table has no key for says so, as a typed command the line client does
    // not know: silence would leave the player wondering whether it was heard.
    say(t("unknown_key", { key: event.key }));
    return;
  }
  if (!handler || (event.key !== "?" && event.shiftKey)) return;
  // A move key while a hand's results are up: the results give way to the game.
  if (ui.summary.open && MOVE_KEYS.includes(event.key.toLowerCase())) ui.summary.close();
  if (!state.view && !["?", "w", "q"].includes(event.key)) {
    say(t("not_started"));
    event.preventDefault();
    return;
  }
  event.preventDefault();
  // A move key pressed with the focus nowhere (the page just loaded, a dialog closed):
  // the focus goes to the hand, where the player goes on choosing cards.
  const nowhere = !document.activeElement || document.activeElement === document.body;
  if (nowhere && MOVE_KEYS.includes(event.key.toLowerCase()) && state.seat !== null) {
    focusOption(state.focusPos, { withNews: true });
  }
  handler();
});

/** Leave for My games, as closing the page does: the seat is kept (a computer plays it
 * after the table's hold while the game goes on) and the player comes back from there.
 * Asked first, one key being easy to press by mistake; a spectator has nothing to lose. */
function leaveTable() {
  if (state.seat !== null && !window.confirm(t("leave_confirm"))) return;
  state.leaving = true;
  // Said to the server, so the others read that the player left, not that they dropped.
  if (state.socket) state.socket.close(1000, "leave");
  window.location.assign(withLang("/games"));
}
$("leave").addEventListener("click", leaveTable);

// ---------------------------------------------------------------------------- layout

/** The moves are held with the hand at the bottom of a narrow screen, and at the top of the
 * side column of a wide one (beside the hand, in the same reading order: after it). */
const WIDE = window.matchMedia("(min-width: 56rem)");
function placeMoves() {
  const home = WIDE.matches ? $("side-moves") : $("player-area");
  if (ui.movesPanel.parentElement !== home) home.appendChild(ui.movesPanel);
}
WIDE.addEventListener("change", placeMoves);
placeMoves();

// ---------------------------------------------------------------------------- start

// A reload opens the table at its top, as a visit does: the browser put the page back where
// it had been scrolled, but the page fills in after its messages come, so the place it came
// back to held something else (the keys, the log) rather than the hand.
if ("scrollRestoration" in window.history) window.history.scrollRestoration = "manual";
if (!state.token && saved.get(NAME_KEY)) ui.joinName.value = saved.get(NAME_KEY);
render();
connect();
