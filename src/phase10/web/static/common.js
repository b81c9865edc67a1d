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
  // The server says a refusal in the page's language, which may not be the browser's.
  const headers = { Accept: "application/json", "Accept-Language": lang };
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
/** The seat a browser's token held at a table: why a refused token no longer seats it. */
export const seatKey = (table) => `phase10:seat:${table}`;
/** When this browser last watched a table as a spectator (seconds), for My games. */
export const watchKey = (table) => `phase10:watch:${table}`;

/** Whether the page was opened by a loopback name (127.0.0.1, localhost), which its
 * invite links then carry: such a link reaches nobody else, so the page says so rather
 * than let the owner send friends a dead link. */
export function onlyThisComputer() {
  return /^(localhost|127\.[0-9.]+|\[::1\])$/.test(window.location.hostname);
}
export const NAME_KEY = "phase10:name";

// ---------------------------------------------------------------------------- cards

// A card is drawn from its face in the presentation (docs/schema/presentation.schema.json):
// its notation (and its shown form where the game has one: a suit by its sign), the game's
// words for it, whether it is wild and its family. The family only picks a style (a colour);
// the words always say the card, so colour is never the only cue.

/** A face for a card the presentation has not worded: its notation stands for its words. */
export function bareFace(code) {
  return { code, label: code, wild: false, suit: "" };
}

/** A card's accessible name: the game's words for it ("red 7", "queen of hearts"), as every
 * sentence, move and question says it; the notation is what the face shows. */
export function cardName(face) {
  return face.label;
}

/** The CSS classes of a card's face: its family's style, and wild when it is. */
export function cardClasses(face) {
  const classes = ["card"];
  if (face.suit) classes.push(`suit-${face.suit}`);
  if (face.wild) classes.push("wild");
  return classes.join(" ");
}

/** The visible face: the card as the game shows it (`shown`: "A♠", a suit by its sign, read
 * the same in every language, where its letter is English), else its notation; a suit's sign
 * has a span of its own to style. */
export function cardFace(face) {
  const text = face.shown || face.code;
  const sign = /[\u2660\u2665\u2666\u2663]$/.test(text) ? text.slice(-1) : "";
  const shown = el("span", { class: "face", "aria-hidden": "true" }, sign ? text.slice(0, -1) : text);
  if (sign) shown.appendChild(el("span", { class: "suit-sign" }, sign));
  return shown;
}

/** A card as shown on the table: its face, read out by its notation and words. */
export function cardElement(face, extra = "") {
  return el(
    "span",
    { class: `${cardClasses(face)} ${extra}`.trim() },
    cardFace(face),
    hiddenText(cardName(face)),
  );
}

/** A card in a group: its face, with what a wild stands for (W=5, JK=7H), shown; a
 * screen reader reads the card in words ("red 5"), never the notation spelled out. */
export function groupCardElement(face, shown) {
  return el(
    "span",
    { class: `${cardClasses(face)} small` },
    el("span", { "aria-hidden": "true" }, shown),
    hiddenText(cardName(face)),
  );
}

/** The shown cards of a group: as the game shows them (`shown`, suits by their signs), else
 * its notation, after the kind, each wild with its value. */
export function groupTokens(group) {
  return (group.shown || group.text).split(" ").slice(1);
}

/** The groups of a presentation's table by owner, in the order they were laid. */
export function groupsByOwner(shown) {
  const owners = [];
  for (const group of shown.table) {
    const last = owners[owners.length - 1];
    if (last && last.owner === group.owner) last.groups.push(group);
    else owners.push({ owner: group.owner, groups: [group] });
  }
  return owners;
}

/**
 * The groups on a presentation's table, as a list of players' lists of groups, each group
 * its name in the game's words over its cards; `shown.table_empty` when there is none.
 * `ownerName(owner)` names a player.
 */
export function tableElement(shown, ownerName) {
  const owners = groupsByOwner(shown);
  if (owners.length === 0) return el("p", { class: "muted" }, shown.table_empty);
  return el(
    "ul",
    { class: "owners" },
    owners.map(({ owner, groups }) =>
      el("li", { class: "owner" }, el("span", { class: "owner-name" }, ownerName(owner)), groupsList(groups)),
    ),
  );
}

/** One player's groups as a list: each group's name in the game's words over its cards. */
export function groupsList(groups) {
  return el(
    "ol",
    { class: "groups" },
    groups.map((group) =>
      el(
        "li",
        { class: "group", dataset: { group: group.id } },
        // Read aloud as "set of 5s: red 5, blue 5, wild": the pauses are there for a screen
        // reader only, the eye has the layout.
        el("span", { class: "group-name" }, group.name),
        hiddenText(": "),
        el(
          "span",
          { class: "group-cards" },
          groupTokens(group).flatMap((token, i) => [
            ...(i ? [hiddenText(", ")] : []),
            groupCardElement(group.cards[i], token),
          ]),
        ),
      ),
    ),
  );
}

/** The piles of a presentation: each its name, its face-up top or its back, its size. */
export function pilesElements(shown) {
  return shown.piles.map((pile) => {
    let face = null;
    if (pile.top) face = cardElement(pile.top);
    else if (pile.id === "draw") face = el("span", { class: "card back", "aria-hidden": "true" });
    else if (pile.id === "discard") face = el("span", { class: "card empty" }, t("pile.empty"));
    return el(
      "div",
      { class: "pile" },
      el("span", { class: "pile-label" }, pile.label),
      face,
      el("span", { class: "pile-count" }, t("pile.count", { count: pile.count })),
    );
  });
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
