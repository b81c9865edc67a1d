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

function stepFromHash() {
  const found = /step=(\d+)/.exec(window.location.hash);
  return found ? Number(found[1]) : 0;
}

async function show(step) {
  const ticket = ++loading;
  let data;
  try {
    data = await api(
      "GET",
      `/api/tables/${encodeURIComponent(tableId)}/replay?step=${step}&lang=${lang}&cards=words`,
    );
  } catch (error) {
    ui.status.textContent = refusal(error);
    return;
  }
  if (ticket !== loading) return;
  current = data.step;
  steps = data.steps;
  history.replaceState(null, "", `${window.location.pathname}${window.location.search}#step=${current}`);
  ui.step.max = String(steps);
  ui.step.value = String(current);
  ui.stepOf.textContent = t("replay.of", { steps });
  // The move in the reader's words, as its player's table offered it; the game's notation
  // where the server gave no words for it.
  const action = data.move
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

function go(step) {
  const last = steps ?? 0;
  const target = Math.max(0, Math.min(step, last));
  if (target === current) {
    ui.status.textContent = "";
    ui.status.textContent = target === 0 ? t("replay.at_first") : t("replay.at_last");
    return;
  }
  show(target);
}

$("first").addEventListener("click", () => go(0));
$("previous").addEventListener("click", () => go((current ?? 0) - 1));
$("next").addEventListener("click", () => go((current ?? 0) + 1));
$("last").addEventListener("click", () => go(steps ?? 0));
ui.step.addEventListener("change", () => {
  const value = Math.trunc(Number(ui.step.value));
  if (Number.isFinite(value)) go(value);
});

document.addEventListener("keydown", (event) => {
  if (event.defaultPrevented || event.ctrlKey || event.altKey || event.metaKey) return;
  if (typingIn(event.target)) return;
  const moves = {
    ArrowRight: () => go((current ?? 0) + 1),
    ArrowLeft: () => go((current ?? 0) - 1),
    Home: () => go(0),
    End: () => go(steps ?? 0),
    n: () => go((current ?? 0) + 1),
    p: () => go((current ?? 0) - 1),
  };
  const handler = moves[event.key];
  if (!handler) return;
  event.preventDefault();
  handler();
});

show(stepFromHash());
