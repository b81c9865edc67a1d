// The table's chat: quick reactions and short lines of text beside the game (docs/protocol.md,
// "Chat").
//
//   const chat = mountChat({ root, send, t, announce, nameOf, seats, mySeat, tableId });
//   chat.ready();          // once the connection is welcomed: shows the panel
//   chat.receive(message); // each "chat" message from the server
//
// - root: the empty <section id="chat-panel"> to build in (its heading gets id "chat-h");
// - send(message): sends a client message, false when not connected;
// - t(key, params): the page's strings (chat.* in phase10/web/strings.py);
// - heard(text, root): a new line from another player, also told to the page (for sighted
//   players the page shows it where they look when the panel is off the screen);
// - announce(text): the page's live line for what is not the game's (read out by screen
//   readers; the game's status line stays the game's). The list of lines is not a live
//   region (aria-live="off"): a new line from another player is announced through that line,
//   unless its seat is muted;
// - nameOf(seat): a seat's name; seats(): the lobby's seats; mySeat(): the reader's seat
//   (null: a spectator, who reads but does not write);
// - tableId: the muted seats are kept per table in localStorage (phase10:mute:<table>).
//
// Every text goes in with textContent (el()), never as markup: a player's text is shown as
// written. Muting is the reader's own: the lines of a muted seat are hidden and not spoken.

import { el, fill, newId, saved } from "./common.js";

/** The quick reactions' keys, in the order of their buttons (phase10/table/reactions.py). */
export const REACTIONS = ["hello", "luck", "wp", "oops", "thanks", "hurry", "gg"];
/** The longest text the server takes (in characters, after trimming). */
export const MAX_CHAT = 200;
/** How many lines the panel keeps. */
const KEEP = 200;

export const muteKey = (table) => `phase10:mute:${table}`;

export function mountChat({
  root,
  send,
  t,
  announce,
  heard = () => {},
  nameOf = (seat) => String(seat + 1),
  seats = () => [],
  mySeat = () => null,
  tableId,
}) {
  const muted = new Set(readMuted());
  // The lines shown, by number and time (a restarted server numbers from 1 again).
  const seen = new Set();

  const list = el("ul", { class: "chat-lines", "aria-live": "off", "aria-label": t("chat.lines") });
  const reactions = el(
    "div",
    { class: "chat-reactions", role: "group", "aria-label": t("chat.reactions") },
    REACTIONS.map((key) =>
      el(
        "button",
        {
          type: "button",
          class: "chat-reaction",
          dataset: { reaction: key },
          onclick: () => say({ reaction: key }),
        },
        t(`chat.reaction.${key}`),
      ),
    ),
  );
  const input = el("input", {
    id: "chat-input",
    type: "text",
    maxlength: String(MAX_CHAT),
    autocomplete: "off",
  });
  const form = el(
    "form",
    { class: "chat-form", onsubmit: onSubmit },
    el("label", { for: "chat-input" }, t("chat.input")),
    " ",
    input,
    " ",
    el("button", { type: "submit" }, t("chat.send")),
  );
  const spectatorNote = el("p", { class: "note", hidden: true }, t("chat.spectator"));
  const muteList = el("div", {
    class: "chat-mutes",
    role: "group",
    "aria-labelledby": "chat-mute-h",
  });
  const muteHeading = el("h3", { id: "chat-mute-h" }, t("chat.mute_heading"));
  const mutes = el("div", { class: "chat-mute-panel", hidden: true }, muteHeading, muteList);
  const heading = el("h2", { id: "chat-h" }, t("chat.heading"));
  fill(root, heading, list, reactions, form, spectatorNote, mutes);
  // The seats at the table change as players join: the toggles are brought up to date when
  // the reader comes to the panel, and with each line.
  root.addEventListener("focusin", (event) => {
    if (!muteList.contains(event.target)) renderMutes();
  });

  function readMuted() {
    try {
      const stored = JSON.parse(saved.get(muteKey(tableId)) || "[]");
      return Array.isArray(stored) ? stored.filter(Number.isInteger) : [];
    } catch {
      return [];
    }
  }

  function say(body) {
    if (!send({ type: "say", id: newId("c"), ...body })) {
      announce(t("chat.offline"));
      return false;
    }
    return true;
  }

  function onSubmit(event) {
    event.preventDefault();
    const text = input.value.trim();
    if (!text) {
      announce(t("chat.empty"));
      return;
    }
    if (say({ text })) input.value = "";
  }

  function renderWriting() {
    const watching = mySeat() === null;
    reactions.hidden = watching;
    form.hidden = watching;
    spectatorNote.hidden = !watching;
  }

  function renderMutes() {
    const me = mySeat();
    const others = seats().filter((row) => row.kind === "person" && row.name && row.seat !== me);
    mutes.hidden = others.length === 0;
    fill(
      muteList,
      others.map((row) =>
        el(
          "button",
          {
            type: "button",
            class: "chat-mute",
            "aria-pressed": muted.has(row.seat) ? "true" : "false",
            dataset: { seat: String(row.seat) },
            onclick: () => toggle(row.seat),
          },
          t("chat.mute", { name: row.name }),
        ),
      ),
    );
  }

  function toggle(seat) {
    if (muted.has(seat)) muted.delete(seat);
    else muted.add(seat);
    saved.set(muteKey(tableId), JSON.stringify([...muted]));
    for (const line of list.children) line.hidden = muted.has(Number(line.dataset.seat));
    const button = muteList.querySelector(`[data-seat="${seat}"]`);
    if (button) button.setAttribute("aria-pressed", muted.has(seat) ? "true" : "false");
    announce(t(muted.has(seat) ? "chat.muted" : "chat.unmuted", { name: nameOf(seat) }));
  }

  function receive(message) {
    // A line sent again after a reconnect's welcome is shown once.
    const key = `${message.n}:${message.at}`;
    if (message.past && seen.has(key)) return;
    seen.add(key);
    const text = t("chat.says", { name: message.name || nameOf(message.seat), text: message.text });
    const line = el(
      "li",
      {
        class: message.reaction ? "chat-line chat-line-reaction" : "chat-line",
        dataset: { seat: String(message.seat) },
        hidden: muted.has(message.seat),
      },
      text,
    );
    const stick = list.scrollHeight - list.scrollTop - list.clientHeight < 40;
    list.appendChild(line);
    while (list.childElementCount > KEEP) list.firstElementChild.remove();
    if (stick) list.scrollTop = list.scrollHeight;
    if (!message.past && !muted.has(message.seat) && message.seat !== mySeat()) {
      announce(text);
      heard(text, root);
    }
    // The sender hears that their line went out (it was silent: play-tested by a blind
    // player, who could not tell a sent line from one lost).
    else if (!message.past && message.seat === mySeat()) announce(t("chat.sent", { text: message.text }));
    if (!muteList.querySelector(`[data-seat="${message.seat}"]`)) renderMutes();
  }

  function ready() {
    root.hidden = false;
    renderWriting();
    renderMutes();
  }

  return { receive, ready, muted };
}
