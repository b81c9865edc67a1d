// The start page: create a table (game, rule profile, variants, seats, your name) and get its
// invite link and code, or find a table by its code. The choices come from the catalogue in
// the page's boot data.

import {
  ApiError,
  NAME_KEY,
  api,
  boot,
  el,
  fill,
  onlyThisComputer,
  refusal,
  saved,
  t,
  tokenKey,
  withLang,
} from "./common.js";

const catalogue = boot.catalogue;
const DEFAULT_LEVEL = "medium";
const form = document.getElementById("create");
const status = document.getElementById("status");
const gamesBox = document.getElementById("games");
const profilesBox = document.getElementById("profiles");
const variantsBox = document.getElementById("variants");
const seatCount = document.getElementById("seat-count");
const seatList = document.getElementById("seat-list");
const nameInput = document.getElementById("name");
const createError = document.getElementById("create-error");
const invite = document.getElementById("invite");
const joinForm = document.getElementById("join");
const codeInput = document.getElementById("code");
const joinError = document.getElementById("join-error");

function say(text) {
  status.textContent = text;
}

function showError(box, input, text) {
  box.textContent = text;
  box.hidden = !text;
  if (input) {
    if (text) {
      input.setAttribute("aria-invalid", "true");
      input.setAttribute("aria-describedby", `${box.id} ${input.dataset.note || ""}`.trim());
    } else {
      input.removeAttribute("aria-invalid");
      if (input.dataset.note) input.setAttribute("aria-describedby", input.dataset.note);
    }
  }
  if (text) say(text);
}

function legendOf(box) {
  return box.querySelector("legend");
}

function currentGame() {
  const checked = gamesBox.querySelector("input[name=game]:checked");
  return catalogue.games.find((g) => g.name === checked?.value) || catalogue.games[0];
}

function radio(name, value, labelText, description, checked) {
  const id = `${name}-${value}`;
  const note = description ? `${id}-note` : null;
  return el(
    "div",
    { class: "choice" },
    el("input", {
      type: "radio",
      name,
      id,
      value,
      checked,
      "aria-describedby": note,
    }),
    el("label", { for: id }, labelText),
    description ? el("span", { id: note, class: "note" }, description) : null,
  );
}

function buildGames() {
  const keep = legendOf(gamesBox);
  fill(gamesBox, keep);
  catalogue.games.forEach((game, i) => {
    gamesBox.appendChild(radio("game", game.name, game.title, null, i === 0));
  });
  gamesBox.addEventListener("change", () => {
    buildProfiles();
    buildVariants();
    buildSeats();
  });
}

function buildProfiles() {
  const game = currentGame();
  fill(profilesBox, legendOf(profilesBox));
  game.profiles.forEach((profile, i) => {
    profilesBox.appendChild(
      radio("profile", profile.name, profile.label, profile.description, i === 0),
    );
  });
}

function countVariants() {
  const count = variantsBox.querySelectorAll("input[type=checkbox]:checked").length;
  document.getElementById("variant-count").textContent = count
    ? t("variants_chosen", { count })
    : "";
}

/** A number variant that refines a plain one of the same flag ("Rounds before a swap" of
 * "Program swap"): it is the plain one's number, not a second box, so the two cannot be
 * ticked against each other. Keyed by the plain variant's name. */
function refinements(variants) {
  const out = {};
  for (const number of variants.filter((v) => v.takes_number && v.flag)) {
    const plain = variants.find((v) => !v.takes_number && v.flag === number.flag);
    if (plain && /^\d+$/.test(plain.value)) out[plain.name] = number;
  }
  return out;
}

function numberField(box, id, labelText, value, note, variant, plain) {
  const numberId = `${id}-number`;
  const number = el("input", {
    type: "number",
    id: numberId,
    min: 1,
    max: 10,
    value,
    inputmode: "numeric",
    class: "narrow",
    disabled: true,
    "aria-describedby": note,
    // What the table is asked for: the number variant with its number, or the plain
    // variant where the number is the plain one's own.
    dataset: { variant, plain: plain || "", value: String(value) },
  });
  box.addEventListener("change", () => {
    number.disabled = !box.checked;
  });
  return el("span", { class: "number-field" }, el("label", { for: numberId }, labelText), number);
}

function buildVariants() {
  const game = currentGame();
  fill(variantsBox, legendOf(variantsBox));
  countVariants();
  const details = document.getElementById("variants-box");
  if (game.variants.length === 0) {
    details.hidden = true;
    return;
  }
  details.hidden = false;
  const refined = refinements(game.variants);
  const nested = new Set(Object.values(refined).map((v) => v.name));
  for (const variant of game.variants.filter((v) => !nested.has(v.name))) {
    const id = `variant-${variant.name}`;
    const note = `${id}-note`;
    const box = el("input", {
      type: "checkbox",
      id,
      name: "variant",
      value: variant.name,
      "aria-describedby": note,
    });
    const row = el(
      "div",
      { class: "choice" },
      box,
      el("label", { for: id }, variant.label),
      el("span", { id: note, class: "note" }, variant.description),
    );
    const number = refined[variant.name];
    if (number) {
      const numberNote = `${id}-number-note`;
      row.appendChild(
        numberField(box, id, number.label, Number(variant.value), numberNote, number.name, variant.name),
      );
      row.appendChild(el("span", { id: numberNote, class: "note" }, number.description));
    } else if (variant.takes_number) {
      row.appendChild(
        numberField(box, id, t("variant_number", { name: variant.label }), 5, null, variant.name),
      );
    }
    variantsBox.appendChild(row);
  }
}

function seatSelect(number, value) {
  const id = `seat-${number}`;
  const select = el("select", { id, name: id });
  select.appendChild(el("option", { value: "person" }, t("seat.person")));
  for (const level of catalogue.levels) {
    select.appendChild(
      el("option", { value: level.name }, t("seat.computer", { level: level.title })),
    );
  }
  select.value = value;
  return el(
    "li",
    { class: "seat-row" },
    el("label", { for: id }, t("seat.number", { number: number + 1 })),
    select,
  );
}

function buildSeats() {
  const game = currentGame();
  const before = Number(seatCount.value) || 2;
  const kept = [...seatList.querySelectorAll("select")].map((s) => s.value);
  fill(seatCount);
  for (let n = game.min_players; n <= game.max_players; n += 1) {
    seatCount.appendChild(el("option", { value: n }, String(n)));
  }
  seatCount.value = String(Math.min(game.max_players, Math.max(game.min_players, before)));
  drawSeats(kept);
}

function drawSeats(kept = []) {
  const count = Number(seatCount.value);
  fill(seatList);
  seatList.appendChild(
    el(
      "li",
      { class: "seat-row" },
      el("span", { class: "seat-label" }, t("seat.number", { number: 1 })),
      el("span", null, t("seat.you")),
    ),
  );
  for (let i = 1; i < count; i += 1) {
    // Every other seat is a computer at the table's default level (the table page's "give
    // the seat to a computer" offers the same); a seat may be switched to a person.
    seatList.appendChild(seatSelect(i, kept[i - 1] || DEFAULT_LEVEL));
  }
}

function chosenVariants() {
  const out = [];
  for (const box of variantsBox.querySelectorAll("input[type=checkbox]:checked")) {
    const number = document.getElementById(`${box.id}-number`);
    if (number) {
      // As typed: a number out of range is the server's to refuse, by name (a 0 was once
      // made a 1 here, and a family that mistyped got a game of one phase, unsaid).
      const value = number.value.trim();
      const { variant, plain } = number.dataset;
      out.push(plain && value === number.dataset.value ? plain : `${variant}=${value}`);
    } else {
      out.push(box.value);
    }
  }
  return out;
}

function chosenSeats() {
  const seats = [{ kind: "person" }];
  for (const select of seatList.querySelectorAll("select")) {
    seats.push(
      select.value === "person" ? { kind: "person" } : { kind: "bot", level: select.value },
    );
  }
  return seats;
}

let creating = false;

async function create(event) {
  event.preventDefault();
  if (creating) return;
  const name = nameInput.value.trim();
  if (!name) {
    showError(createError, nameInput, t("name_needed"));
    nameInput.focus();
    return;
  }
  showError(createError, nameInput, "");
  const button = form.querySelector("button[type=submit]");
  creating = true;
  button.setAttribute("aria-disabled", "true");
  say(t("creating"));
  const body = {
    game: currentGame().name,
    profile: form.querySelector("input[name=profile]:checked")?.value,
    variants: chosenVariants(),
    seats: chosenSeats(),
    name,
    public: document.getElementById("public").checked,
    // The lobby's "Turn timer": "" is no timer (null), else its seconds.
    turn_seconds: Number(document.getElementById("turn-seconds").value) || null,
  };
  try {
    const made = await api("POST", "/api/tables", body);
    saved.set(tokenKey(made.table), made.token);
    saved.set(NAME_KEY, name);
    showInvite(made);
  } catch (error) {
    showError(createError, null, refusal(error));
  } finally {
    creating = false;
    button.removeAttribute("aria-disabled");
  }
}

function showInvite(made) {
  // The invite carries no ?lang=: each guest reads the table in their own language.
  const link = new URL(made.invite, window.location.origin).href;
  const anchor = document.getElementById("invite-link");
  anchor.textContent = link;
  anchor.href = link;
  document.getElementById("invite-local").hidden = !onlyThisComputer();
  document.getElementById("invite-code").textContent = made.code;
  document.getElementById("go-table").href = withLang(`/t/${encodeURIComponent(made.table)}`);
  invite.hidden = false;
  say(t("table_ready", { code: made.code }));
  document.getElementById("invite-h").focus();
}

async function copyLink() {
  const link = document.getElementById("invite-link").href;
  try {
    await navigator.clipboard.writeText(link);
    say(t("copied"));
  } catch {
    const range = document.createRange();
    range.selectNodeContents(document.getElementById("invite-link"));
    const selection = window.getSelection();
    selection.removeAllRanges();
    selection.addRange(range);
    say(t("copy_by_hand"));
  }
}

async function join(event) {
  event.preventDefault();
  const code = codeInput.value.replace(/[^0-9a-z]/gi, "").toUpperCase();
  if (!code) {
    showError(joinError, codeInput, t("code_needed"));
    codeInput.focus();
    return;
  }
  showError(joinError, codeInput, "");
  try {
    const found = await api("GET", `/api/codes/${encodeURIComponent(code)}`);
    window.location.assign(withLang(`/t/${encodeURIComponent(found.table)}`));
  } catch (error) {
    const text = error instanceof ApiError && error.status === 404 ? t("no_such_code") : refusal(error);
    showError(joinError, codeInput, text);
    codeInput.focus();
  }
}

nameInput.dataset.note = "name-note";
codeInput.dataset.note = "code-note";
nameInput.value = saved.get(NAME_KEY) || "";
buildGames();
buildProfiles();
buildVariants();
buildSeats();
variantsBox.addEventListener("change", countVariants);
seatCount.addEventListener("change", () => {
  drawSeats([...seatList.querySelectorAll("select")].map((s) => s.value));
});
form.addEventListener("submit", create);
joinForm.addEventListener("submit", join);
document.getElementById("copy-link").addEventListener("click", copyLink);
