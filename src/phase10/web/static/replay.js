// A finished table's replay, step by step: the action of each step, what it caused, every
// player's hand (the game is over: nothing is secret) and the table.

import {
  api,
  boot,
  cardElement,
  el,
  fill,
  lang,
  pilesElements,
  refusal,
  t,
  tn,
  tableElement,
  typingIn,
} from "./common.js";

const tableId = boot.lobby.table;
const $ = (id) => document.getElementById(id);
const ui = {
  status: $("status"),
  step: $("step"),
  stepOf: $("step-of"),
  action: $("action"),
  sentences: $("sentences"),
  hands: $("hands"),
  piles: $("piles"),
  groups: $("groups"),
};

let current = null;
let steps = null;
let loading = 0;
// Steps fetched, by number: finding a hand's first step asks for a few steps, and playing
// the replay goes back over them.
const fetched = new Map();
const KEEP_FETCHED = 200;
// The game's word for a hand: the programmes game says "round" to players.
const handWord = boot.lobby.game === "programmes" ? "round" : "hand";

function stepFromHash() {
  const found = /step=(\d+)/.exec(window.location.hash);
  return found ? Number(found[1]) : 0;
}

async function fetchStep(step) {
  const kept = fetched.get(step);
  if (kept) return kept;
  const data = await api(
    "GET",
    `/api/tables/${encodeURIComponent(tableId)}/replay?step=${step}&lang=${lang}&cards=words`,
  );
  if (fetched.size >= KEEP_FETCHED) fetched.delete(fetched.keys().next().value);
  fetched.set(data.step, data);
  steps = data.steps;
  return data;
}

async function show(step) {
  const ticket = ++loading;
  let data;
  try {
    data = await fetchStep(step);
  } catch (error) {
    stopPlaying();
    ui.status.textContent = refusal(error);
    return false;
  }
  if (ticket !== loading) return false;
  render(data);
  return true;
}

function render(data) {
  current = data.step;
  steps = data.steps;
  history.replaceState(null, "", `${window.location.pathname}${window.location.search}#step=${current}`);
  ui.step.max = String(steps);
  ui.step.value = String(current);
  ui.stepOf.textContent = t("replay.of", { steps });
  // The move in the reader's words, as its player's table offered it; the game's notation
  // where the server gave no words for it.
  const action = data.move?.said
    ? t("replay.said", { step: current, steps, said: data.move.said })
    : data.move
    ? t("replay.move", { step: current, steps, name: data.move.name, move: data.move.label })
    : data.action
      ? t("replay.action", { step: current, steps, action: data.action })
      : tn("replay.start", { count: steps });
  ui.action.textContent = action;
  fill(
    ui.sentences,
    (data.events || []).map((line) => el("li", null, line)),
  );
  // Said: the step, then what happened in sentences (the move itself is shown above).
  const said = data.action ? t("replay.at", { step: current, steps }) : action;
  ui.status.textContent = [said, ...(data.events || [])].join(" ");
  fill(
    ui.hands,
    data.faces.map((hand, seat) =>
      el(
        "div",
        { class: "replay-hand" },
        el(
          "h3",
          null,
          seat === data.seat && !data.table.over
            ? t("replay.to_play", { name: data.names[seat] })
            : data.names[seat],
        ),
        // Where the player stands (points, phase, programs done), and what they work
        // toward: the game is over, so a programmes player's program too.
        ...standing(data, seat),
        hand.length
          ? el(
              "ul",
              { class: "cards", "aria-label": t("replay.hand_of", { name: data.names[seat] }) },
              hand.map((face) => el("li", null, cardElement(face))),
            )
          : el("p", { class: "muted" }, t("replay.no_cards")),
      ),
    ),
  );
  // The table as the game words it: its piles and the groups laid, by owner.
  fill(ui.piles, pilesElements(data.table));
  fill(
    ui.groups,
    tableElement(data.table, (owner) => data.names[owner]),
  );
}

function standing(data, seat) {
  const player = (data.table.players || []).find((p) => p.seat === seat);
  const goal = (data.goals || [])[seat] || player?.goal;
  return [
    player ? el("p", { class: "replay-standing" }, player.summary) : null,
    goal ? el("p", { class: "replay-goal" }, goal) : null,
  ].filter(Boolean);
}

function say(text) {
  ui.status.textContent = "";
  ui.status.textContent = text;
}

function go(step) {
  const last = steps ?? 0;
  const target = Math.max(0, Math.min(step, last));
  if (target === current) {
    say(target === 0 ? t("replay.at_first") : t("replay.at_last"));
    return;
  }
  show(target);
}

async function handAt(step) {
  return (await fetchStep(step)).table.hand_number;
}

/** The first step in [low, high] whose hand is `hand` or later (a hand's number only
 * grows), else null: a binary search, a few steps asked for, not every one. */
async function firstStepOfHand(hand, low, high) {
  if (high < low || (await handAt(high)) < hand) return null;
  while (low < high) {
    const middle = Math.floor((low + high) / 2);
    if ((await handAt(middle)) >= hand) high = middle;
    else low = middle + 1;
  }
  return low;
}

// A hand's first step is the one its deal came with: the sentences of the step that ended
// the hand before it, then the new deal.
async function nextHand() {
  const from = current ?? 0;
  const last = steps ?? 0;
  try {
    const target = await firstStepOfHand((await handAt(from)) + 1, from + 1, last);
    if (target !== null) {
      go(target);
      return;
    }
    // In the last hand: to its end, as a player's "next" at the last track goes to its end,
    // said as that step is (who moved, who won), then that no other hand follows.
    const moved = from < last && (await show(last));
    say(moved ? `${ui.status.textContent} ${t(`replay.last_${handWord}`)}` : t(`replay.last_${handWord}`));
  } catch (error) {
    say(refusal(error));
  }
}

async function previousHand() {
  const from = current ?? 0;
  try {
    const hand = await handAt(from);
    const start = await firstStepOfHand(hand, 0, from);
    if (start !== null && start < from) go(start);
    else if (hand === 0) say(t(`replay.first_${handWord}`));
    else go(await firstStepOfHand(hand - 1, 0, from));
  } catch (error) {
    say(refusal(error));
  }
}

// Playing the replay: a step every few seconds (the speed chosen), to the last step.
let playing = null;
const playButton = $("play");
const speed = $("speed");

function stopPlaying() {
  if (playing === null) return false;
  clearTimeout(playing);
  playing = null;
  playButton.textContent = t("replay.play");
  return true;
}

function playOn() {
  playing = setTimeout(async () => {
    if ((current ?? 0) >= (steps ?? 0)) {
      stopPlaying();
      say(t("replay.at_last"));
      return;
    }
    const shown = await show((current ?? 0) + 1);
    if (playing !== null && shown) playOn();
  }, Number(speed.value));
}

function playOrPause() {
  if (stopPlaying()) {
    say(t("replay.paused", { step: current ?? 0 }));
    return;
  }
  // From the start again, once at the end.
  if ((current ?? 0) >= (steps ?? 0)) show(0);
  playButton.textContent = t("replay.pause");
  say(t("replay.playing", { step: (current ?? 0) >= (steps ?? 0) ? 0 : (current ?? 0) }));
  playOn();
}

/** A step chosen by hand stops the playing: the reader has taken the replay over. */
function byHand(move) {
  return () => {
    stopPlaying();
    move();
  };
}

$("first").addEventListener("click", byHand(() => go(0)));
$("previous").addEventListener("click", byHand(() => go((current ?? 0) - 1)));
$("next").addEventListener("click", byHand(() => go((current ?? 0) + 1)));
$("last").addEventListener("click", byHand(() => go(steps ?? 0)));
$("previous-hand").addEventListener("click", byHand(previousHand));
$("next-hand").addEventListener("click", byHand(nextHand));
playButton.addEventListener("click", playOrPause);
ui.step.addEventListener(
  "change",
  byHand(async () => {
    const value = Math.trunc(Number(ui.step.value));
    if (!Number.isFinite(value)) return;
    const last = steps ?? 0;
    if (value <= last && value >= 0) {
      go(value);
      return;
    }
    // A step past either end: the end it goes to, and why (it went there unsaid).
    const target = value > last ? last : 0;
    const moved = target !== current && (await show(target));
    const why = t("replay.no_such_step", { step: value, steps: last });
    say(moved ? `${why} ${ui.status.textContent}` : why);
    ui.step.value = String(current ?? 0);
  }),
);

document.addEventListener("keydown", (event) => {
  if (event.defaultPrevented || event.ctrlKey || event.altKey || event.metaKey) return;
  if (typingIn(event.target)) return;
  const moves = {
    ArrowRight: byHand(() => go((current ?? 0) + 1)),
    ArrowLeft: byHand(() => go((current ?? 0) - 1)),
    Home: byHand(() => go(0)),
    End: byHand(() => go(steps ?? 0)),
    n: byHand(() => go((current ?? 0) + 1)),
    p: byHand(() => go((current ?? 0) - 1)),
    PageDown: byHand(nextHand),
    PageUp: byHand(previousHand),
    // Space on a button presses that button; elsewhere it plays or pauses.
    " ": event.target instanceof HTMLButtonElement || event.target instanceof HTMLSelectElement
      ? null
      : playOrPause,
  };
  const handler = moves[event.key];
  if (!handler) return;
  event.preventDefault();
  handler();
});

show(stepFromHash());
