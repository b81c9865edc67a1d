// What every page shares: its boot data, its words, building elements, the JSON API, seat
// tokens in localStorage, and how cards and groups are written and named.
//
// Every word shown comes from the page's boot data (rendered by the server in the reader's
// language); every piece of data reaches the page through textContent, never as HTML.

const bootElement = document.getElementById("boot");

/** The page's data: {lang, strings, ...the page's own}. */
export const boot = bootElement ? JSON.parse(bootElement.textContent) : { lang: "en", strings: {} };
export const lang = boot.lang || "en";

/**
 * First letters French elides "de" and "que" before: vowels, accented ones and the mute h of
 * first names (d'Hugo); Y is left out ("de Yann"). The same set as the Python side's
 * `phase10.kernel.i18n._ELIDING`, so the page and the terminal write the same French.
 */
const ELIDING = new Set("AEIOUHÀÂÄÆÉÈÊËÎÏÔÖŒÙÛÜaeiouhàâäæéèêëîïôöœùûü");

/**
 * `template` with "de {name}" and "que {name}" elided before a value of `params` that starts
 * with a vowel sound ("C'est au tour d'Ann", "d'Émile", "qu'Hugo", but "de Bob"),
 * the rule of `phase10.kernel.i18n.elide_french`: only strings elide, and never an all-capitals
 * value (a card code such as AS, an abbreviation).
 */
export function elideFrench(template, params) {
  let out = template;
  for (const [key, value] of Object.entries(params)) {
    if (typeof value !== "string" || value === "" || !ELIDING.has(value[0])) continue;
    if (value === value.toUpperCase()) continue;
    // A word boundary for every alphabet (JavaScript's \b knows only ASCII letters).
    const before = new RegExp(`(?<![\\p{L}\\p{N}_])([Dd]|[Qq]u)e \\{${key}\\}`, "gu");
    out = out.replace(before, `$1'{${key}}`);
  }
  return out;
}

/** The script string `key` in the page's language, its {fields} filled from `params`. */
export function t(key, params = {}) {
  const found = Object.prototype.hasOwnProperty.call(boot.strings, key) ? boot.strings[key] : key;
  const template = lang === "fr" ? elideFrench(found, params) : found;
  return template.replace(/\{(\w+)\}/g, (whole, name) =>
    Object.prototype.hasOwnProperty.call(params, name) ? String(params[name]) : whole,
  );
}

/**
 * Whether `count` takes the plural in the page's language: the Plural-Forms of the catalogs
 * (fr: n > 1, so "0 carte"; en, de, nl: n != 1).
 */
export function isPlural(count, language = lang) {
  return language === "fr" ? count > 1 : count !== 1;
}

/** The text with a count `key` (a PLURALS key of phase10.web.strings) for `params.count`. */
export function tn(key, params) {
  return t(`${key}.${isPlural(params.count) ? "other" : "one"}`, params);
}

/** `path` with this page's ?lang= (every link keeps the language). */
export function withLang(path) {
  const url = new URL(path, window.location.origin);
  url.searchParams.set("lang", lang);
  return url.pathname + url.search + url.hash;
}

/**
 * A new element: el("button", {class: "x", type: "button", onclick: f}, "text", child...).
 * Strings become text nodes; attributes are set as attributes (never innerHTML).
 */
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (name.startsWith("on") && typeof value === "function") {
      node.addEventListener(name.slice(2), value);
    } else if (name === "dataset") {
      Object.assign(node.dataset, value);
    } else if (name === "hidden") {
      node.hidden = Boolean(value);
    } else {
      node.setAttribute(name, value === true ? "" : String(value));
    }
  }
  append(node, children);
  return node;
}

function append(node, children) {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    if (Array.isArray(child)) append(node, child);
    else if (child instanceof Node) node.appendChild(child);
    else node.appendChild(document.createTextNode(String(child)));
  }
}

/** Replace the children of `node`. */
export function fill(node, ...children) {
  node.replaceChildren();
  append(node, children);
  return node;
}

/** A span read by screen readers and braille displays, not shown on screen. */
export function hiddenText(text) {
  return el("span", { class: "visually-hidden" }, text);
}

// ---------------------------------------------------------------------------- the API

export class ApiError extends Error {
  constructor(status, text) {
    super(text);
    this.status = status;
  }
}

/** A JSON request to the server; ApiError with the server's sentence when refused. */
export async function api(method, path, body = undefined, token = undefined) {
  const headers = { Accept: "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = `Bearer ${token}`;
  let response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, t("no_server"));
  }
  let data = null;
  try {
    data = await response.json();
  } catch {
    data = null;
  }
  if (!response.ok) {
    const text = data && typeof data.error === "string" ? data.error : response.statusText;
    throw new ApiError(response.status, text);
  }
  return data;
}

/** The sentence to show for a refused request. */
export function refusal(error) {
  if (error instanceof ApiError && error.status === 0) return error.message;
  return t("refused", { reason: error.message });
}

// ---------------------------------------------------------------------------- storage

function store() {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export const saved = {
  get(key) {
    try {
      return store()?.getItem(key) ?? null;
    } catch {
      return null;
    }
  },
  set(key, value) {
    try {
      if (value === null || value === undefined) store()?.removeItem(key);
      else store()?.setItem(key, String(value));
    } catch {
      // private mode or full: the page still works for this visit
    }
  },
};

export const tokenKey = (table) => `phase10:token:${table}`;
export const seqKey = (table) => `phase10:seq:${table}`;
export const NAME_KEY = "phase10:name";

// ---------------------------------------------------------------------------- cards

const PHASE10_CARD = /^([RBYG])(\d{1,2})$/;
const PROGRAMME_CARD = /^(A|[2-9]|10|J|Q|K)([SHDC])$/;
export const COLOURS = ["R", "B", "Y", "G"];
export const SUITS = ["S", "H", "D", "C"];
export const RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];
const SUIT_SIGN = { S: "\u2660", H: "\u2665", D: "\u2666", C: "\u2663" };

/** A card's words: "red 7", "wild", "Skip", "ten of hearts", "two of clubs, wild". */
export function cardWords(card) {
  if (card === "W") return t("card.W");
  if (card === "S") return t("card.S");
  if (card === "JK") return t("card.JK");
  let found = PHASE10_CARD.exec(card);
  if (found) return t(`card.${found[1]}`, { number: found[2] });
  found = PROGRAMME_CARD.exec(card);
  if (found) {
    const words = t(`suit.${found[2]}`, { rank: t(`rank.${found[1]}`) });
    return found[1] === "2" ? t("card.wild_two", { card: words }) : words;
  }
  return card;
}

/** A card's accessible name: its notation, then its words ("R7, red 7"). */
export function cardName(card) {
  return t("card.name", { card, words: cardWords(card) });
}

/** The CSS classes of a card's face: colour (Phase 10) or suit (programmes), never alone. */
export function cardClasses(card) {
  if (card === "W") return "card c-wild";
  if (card === "S") return "card c-skip";
  if (card === "JK") return "card c-joker";
  let found = PHASE10_CARD.exec(card);
  if (found) return `card c-${found[1]}`;
  found = PROGRAMME_CARD.exec(card);
  if (found) return `card s-${found[2]}${found[1] === "2" ? " s-two" : ""}`;
  return "card";
}

/** The visible face: the notation, with the suit's sign for a programmes card. */
export function cardFace(card) {
  const found = PROGRAMME_CARD.exec(card);
  const face = el("span", { class: "face", "aria-hidden": "true" }, card);
  if (found) face.appendChild(el("span", { class: "suit-sign" }, SUIT_SIGN[found[2]]));
  return face;
}

/** A card as shown on the table: its face, read out by its notation and words. */
export function cardElement(card, extra = "") {
  return el(
    "span",
    { class: `${cardClasses(card)} ${extra}`.trim() },
    cardFace(card),
    hiddenText(cardName(card)),
  );
}

/** A card in a group: its face, with what a wild stands for (W=5, JK=7H). */
export function groupCardElement(card, shown) {
  return el("span", { class: `${cardClasses(card)} small` }, shown);
}

const RANK_OF_VALUE = ["", ...RANKS, "A"];

/**
 * A Phase 10 group or programmes combination: its cards as written ("W=5") and its
 * description ("set of 6s", "run 3-6", "red colour group", "run 8-J of hearts").
 */
export function describeGroup(game, group) {
  const values = group.values || [];
  if (game === "programmes") {
    const ranks = values.map((v) => RANK_OF_VALUE[v] || String(v));
    const cards = group.cards.map((card, i) => {
      const natural = card !== "JK" && !card.startsWith("2");
      if (natural) return card;
      const standsFor = group.kind === "run" ? `${ranks[i]}${group.suit || ""}` : ranks[i];
      return card === standsFor ? card : `${card}=${standsFor}`;
    });
    let text;
    if (group.kind === "run") {
      const low = RANK_OF_VALUE[Math.min(...values)];
      const high = RANK_OF_VALUE[Math.max(...values)];
      text = t(`combo.run.${group.suit || "S"}`, { low, high });
    } else {
      text = t("combo.set", { value: ranks[0] });
    }
    return { cards, text, kind: group.kind };
  }
  const cards = group.cards.map((card, i) => {
    if (card !== "W") return card;
    return group.kind === "colour" ? `W=${COLOURS[values[i]] ?? "?"}` : `W=${values[i]}`;
  });
  let text;
  if (group.kind === "run") {
    text = t("group.run", { low: Math.min(...values), high: Math.max(...values) });
  } else if (group.kind === "set") {
    text = t("group.set", { number: values[0] });
  } else {
    text = t("group.colour", { colour: t(`colour.${COLOURS[values[0]] ?? "R"}`) });
  }
  return { cards, text, kind: group.kind };
}

/** "your set of 6s" for the viewer's own group, else "Cleo's set of 6s". */
export function groupOwnerPhrase(names, owner, viewer, description) {
  if (owner === viewer) return t("group.yours", { group: description });
  return t("group.theirs", { name: names[owner] ?? `#${owner + 1}`, group: description });
}

/** A group as a list item of small cards under its description. */
export function groupElement(game, group) {
  const described = describeGroup(game, group);
  return el(
    "li",
    { class: "group" },
    el("span", { class: "group-name" }, described.text),
    el(
      "span",
      { class: "group-cards" },
      described.cards.map((shown, i) => groupCardElement(group.cards[i], shown)),
    ),
  );
}

/** The whole table (groups per player) as a list of players' lists; `empty` if none. */
export function tableElement(game, table, names, viewer, emptyText) {
  const owners = (table || [])
    .map((groups, owner) => ({ groups, owner }))
    .filter((entry) => entry.groups.length > 0);
  if (owners.length === 0) return el("p", { class: "muted" }, emptyText);
  return el(
    "ul",
    { class: "owners" },
    owners.map(({ groups, owner }) =>
      el(
        "li",
        { class: "owner" },
        el(
          "span",
          { class: "owner-name" },
          owner === viewer ? t("you_named", { name: names[owner] }) : names[owner],
        ),
        el(
          "ol",
          { class: "groups" },
          groups.map((group) => groupElement(game, group)),
        ),
      ),
    ),
  );
}

// ---------------------------------------------------------------------------- keys

/** Whether a key press belongs to a text field (shortcut keys must leave it alone). */
export function typingIn(target) {
  if (!(target instanceof Element)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (target instanceof HTMLInputElement) {
    const type = (target.type || "text").toLowerCase();
    return !["button", "submit", "reset", "checkbox", "radio", "range", "color"].includes(type);
  }
  return false;
}

/** A fresh id for a message to the server. */
let counter = 0;
export function newId(prefix = "m") {
  counter += 1;
  return `${prefix}${Date.now().toString(36)}${counter.toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}
