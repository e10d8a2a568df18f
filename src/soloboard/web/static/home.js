// The home page (/): the game boxes on the table, the new-game dialog with every option of
// each game and the set-up's difficulty (stars, measured win rates), the saved games, and
// importing a game file.

import { ApiError, api } from "./api.js";
import { dateTime, t, tn } from "./i18n.js";
import {
  catalog, fileImportBox, gameTitle, h, openCreatedGame, setupSummary, starsView,
} from "./shared.js";

// one of two ways to choose the same thing: the server refuses both at once
const EXCLUSIVE = {
  ufs: [["threat", "sky"]],
  "ufs-pnp": [["level", "difficult"]],
};
// older names the engine still reads, never asked for in the dialog
const HIDDEN = { ufs: ["damaged"] };
// kept out of the way: how to read data of uncertain origin, the deck's source
const ADVANCED = { ufs: ["unidentified_action"], monstros: ["deck"] };
const DEFAULT_AGENTS = ["greedy", "mcts"];

// a game whose seats can be people or agents (the catalog says so; Monstros)
function hasSeats(game) {
  return game.seats === true || (Array.isArray(game.seats) && game.seats.length > 0) || game.name === "monstros";
}
const SKY_TILES = 4;
const SAVED_SHOWN = 8; // the latest saved games; the others behind "Show all"

function gameBoxArt(name) {
  // a small drawing per game box (inline SVG, no image files)
  if (name === "monstros") {
    return h("span", { class: "box-art box-art-monstros", "aria-hidden": "true" },
      h("span", { class: "brick" }), h("span", { class: "brick" }), h("span", { class: "brick" }),
      h("span", { class: "monster-eye" }));
  }
  return h("span", { class: `box-art box-art-ufs${name === "ufs-pnp" ? " pnp" : ""}`, "aria-hidden": "true" },
    h("span", { class: "saucer" }), h("span", { class: "beam" }), h("span", { class: "skyline" }));
}

// --- the new-game dialog ----------------------------------------------------------------

function paramField(spec, value, onChange) {
  const id = `param-${spec.name}`;
  const label = h("span", { class: "field-label", id: `${id}-label` }, spec.label);
  const help = spec.help ? h("span", { class: "field-help" }, spec.help) : null;
  const choices = spec.choices ? [...spec.choices] : null;
  if (choices && spec.default === null && !choices.some((c) => c.value === null)) {
    choices.unshift({ value: null, label: t("Default"), help: "" });
  }
  if (choices && choices.length <= 6) {
    // a row of tokens, one pressed: the radio group the keyboard knows (arrows move)
    const group = h("div", { class: "segmented", role: "radiogroup", "aria-labelledby": `${id}-label` });
    choices.forEach((c, i) => {
      const input = h("input", { type: "radio", name: id, id: `${id}-${i}`, value: String(i) });
      input.checked = String(c.value) === String(value);
      input.addEventListener("change", () => { if (input.checked) onChange(c.value); });
      group.append(h("label", { for: `${id}-${i}`, title: c.help || null }, input, h("span", null, c.label)));
    });
    return h("div", { class: "field" }, label, group, help);
  }
  if (choices) {
    const select = h("select", { id, "aria-labelledby": `${id}-label` },
      choices.map((c, i) => h("option", { value: String(i) }, c.label)));
    select.value = String(Math.max(0, choices.findIndex((c) => String(c.value) === String(value))));
    select.addEventListener("change", () => onChange(choices[Number(select.value)].value));
    return h("label", { class: "field", for: id }, label, select, help);
  }
  if (spec.type === "bool" || spec.type === "boolean") {
    const box = h("input", { type: "checkbox", id });
    box.checked = Boolean(value);
    box.addEventListener("change", () => onChange(box.checked));
    return h("label", { class: "field field-check", for: id }, box, label, help);
  }
  if (spec.type === "int" || spec.type === "integer" || spec.type === "number") {
    const input = h("input", { type: "number", id, inputmode: "numeric", step: "1",
      min: spec.min, max: spec.max, placeholder: spec.default === null ? t("Default") : null });
    input.value = value === null || value === undefined ? "" : String(value);
    input.addEventListener("input", () => onChange(input.value === "" ? null : Number.parseInt(input.value, 10)));
    return h("label", { class: "field", for: id }, label, input, help);
  }
  const input = h("input", { type: "text", id, placeholder: spec.default === null ? t("Default") : null });
  input.value = value === null || value === undefined ? "" : String(value);
  input.addEventListener("input", () => onChange(input.value.trim() === "" ? null : input.value.trim()));
  return h("label", { class: "field", for: id }, label, input, help);
}

// The four sky tiles, top (nearest the mothership) to bottom, each turned easy or threat.
function skyField(spec, value, onChange) {
  const sides = (typeof value === "string" && value.length === SKY_TILES ? value : "EEEE").toUpperCase().split("");
  const column = h("div", { class: "sky-tiles", role: "group", "aria-label": spec.label });
  const draw = () => {
    column.replaceChildren(...[...Array(SKY_TILES).keys()].reverse().map((i) => {
      const threat = sides[i] === "T";
      const btn = h("button", {
        type: "button",
        class: `sky-tile tile-${i + 1}${threat ? " threat" : ""}`,
        "aria-pressed": threat ? "true" : "false",
        "aria-label": threat ? t("Sky tile {n}: threat side", { n: i + 1 }) : t("Sky tile {n}: easy side", { n: i + 1 }),
      }, h("span", { class: "tile-name" }, t("Sky tile {n}", { n: i + 1 })),
      h("span", { class: "tile-side" }, threat ? `★ ${t("threat side")}` : t("easy side")));
      btn.addEventListener("click", () => {
        sides[i] = threat ? "E" : "T";
        onChange(sides.join(""));
        draw();
        column.querySelector(`.tile-${i + 1}`).focus();
      });
      return btn;
    }));
  };
  draw();
  return h("div", { class: "field" }, h("span", { class: "field-label" }, spec.label),
    h("span", { class: "field-help" }, t("Top tile nearest the mothership. Press a tile to turn it over.")), column);
}

// The 9-card edition's difficult cards, by name.
function cardsField(spec, value, onChange) {
  const chosen = new Set(Array.isArray(value) ? value.map(String)
    : typeof value === "string" && value ? value.split(",").map((s) => s.trim()) : []);
  if (!spec.choices) return paramField({ ...spec, type: "str" }, value, onChange);
  const box = h("div", { class: "card-picks", role: "group", "aria-label": spec.label });
  spec.choices.forEach((c, i) => {
    const input = h("input", { type: "checkbox", id: `card-${i}` });
    input.checked = chosen.has(String(c.value));
    input.addEventListener("change", () => {
      if (input.checked) chosen.add(String(c.value)); else chosen.delete(String(c.value));
      onChange(spec.choices.filter((x) => chosen.has(String(x.value))).map((x) => x.value));
    });
    box.append(h("label", { for: `card-${i}`, class: "card-pick", title: c.help || null }, input, h("span", null, c.label)));
  });
  return h("div", { class: "field" }, h("span", { class: "field-label" }, spec.label), box);
}

export function openNewGame(cat, chosenName, anchor) {
  const dialog = h("dialog", { class: "new-game paper", "aria-labelledby": "new-game-title" });
  const form = h("form", { method: "dialog", novalidate: true });
  const gamesRow = h("div", { class: "segmented game-choice", role: "radiogroup", "aria-label": t("Game") });
  const fields = h("div", { class: "fields" });
  const starsSlot = h("div", { class: "stars-slot", "aria-live": "polite" });
  const errorEl = h("p", { class: "form-error", role: "alert" });
  const startBtn = h("button", { type: "submit", class: "token-button primary", value: "start" }, t("Start the game"));
  const cancelBtn = h("button", { type: "button", class: "token-button" }, t("Cancel"));
  let current = cat.games.find((g) => g.name === chosenName) || cat.games[0];
  let values = {};
  let modes = {};
  let seed = null;
  let seats = [];
  let setupTimer = null;
  let setupAsked = 0;

  cat.games.forEach((g, i) => {
    const input = h("input", { type: "radio", name: "game", id: `game-${i}`, value: g.name });
    input.checked = g === current;
    input.addEventListener("change", () => { if (input.checked) { current = g; reset(); } });
    gamesRow.append(h("label", { for: `game-${i}` }, input, h("span", null, gameTitle(cat, g.name))));
  });

  function reset() {
    values = {};
    modes = {};
    for (const p of current.params) values[p.name] = p.default;
    for (const [first] of EXCLUSIVE[current.name] || []) modes[first] = first;
    seats = [];
    draw();
  }

  function playersCount() {
    const n = Number(values.players);
    return Number.isInteger(n) && n > 0 ? n : 0;
  }

  function params() {
    const out = {};
    const skipped = new Set(HIDDEN[current.name] || []);
    for (const pair of EXCLUSIVE[current.name] || []) {
      const active = modes[pair[0]] || pair[0];
      for (const name of pair) if (name !== active) skipped.add(name);
    }
    for (const p of current.params) {
      if (skipped.has(p.name)) continue;
      const v = values[p.name];
      if (v === null || v === undefined || v === "" || (Array.isArray(v) && !v.length && p.default === null)) continue;
      out[p.name] = v;
    }
    return out;
  }

  function seatsSpec() {
    const n = playersCount();
    if (!hasSeats(current) || !n) return undefined;
    return [...Array(n).keys()].map((i) => seats[i] || { kind: "person" });
  }

  function askSetup() {
    clearTimeout(setupTimer);
    setupTimer = setTimeout(async () => {
      const asked = ++setupAsked;
      try {
        const setup = await api.setup(current.name, params());
        if (asked === setupAsked) starsSlot.replaceChildren(starsView(setup) || "");
      } catch (err) {
        if (!(err instanceof ApiError)) throw err;
        if (asked === setupAsked) starsSlot.replaceChildren(h("p", { class: "form-warning" }, err.message));
      }
    }, 200);
  }

  function changed(name) {
    return (v) => {
      values[name] = v;
      if (name === "players") drawSeats();
      askSetup();
    };
  }

  const seatsBox = h("div", { class: "seats-box" });

  function drawSeats() {
    const n = playersCount();
    if (!hasSeats(current) || !n) {
      seatsBox.replaceChildren();
      return;
    }
    const agents = current.agents || cat.agents || DEFAULT_AGENTS;
    seatsBox.replaceChildren(h("fieldset", { class: "seats" },
      h("legend", null, t("Seats")),
      [...Array(n).keys()].map((i) => {
        const seat = seats[i] || (seats[i] = { kind: "person" });
        const kind = h("select", { id: `seat-${i}-kind`, "aria-label": t("Seat {n}: who plays", { n: i + 1 }) },
          h("option", { value: "person" }, t("A person")), h("option", { value: "ai" }, t("The computer")));
        kind.value = seat.kind;
        const agentNames = agents.map((a) => (typeof a === "string" ? { value: a, label: a } : { value: a.name ?? a.value, label: a.label ?? a.name ?? a.value }));
        const agent = h("select", { id: `seat-${i}-agent`, "aria-label": t("Seat {n}: agent", { n: i + 1 }),
          hidden: seat.kind !== "ai" }, agentNames.map((a) => h("option", { value: a.value }, a.label)));
        agent.value = seat.agent || agentNames[0].value;
        kind.addEventListener("change", () => {
          seat.kind = kind.value;
          if (seat.kind === "ai") seat.agent = agent.value; else delete seat.agent;
          agent.hidden = seat.kind !== "ai";
        });
        agent.addEventListener("change", () => { seat.agent = agent.value; });
        return h("div", { class: "seat-row" }, h("span", { class: "seat-name" }, t("Seat {n}", { n: i + 1 })), kind, agent);
      })));
  }

  function draw() {
    const hidden = new Set(HIDDEN[current.name] || []);
    const advanced = new Set(ADVANCED[current.name] || []);
    const pairs = EXCLUSIVE[current.name] || [];
    const inPair = new Map();
    pairs.forEach((pair) => pair.forEach((name) => inPair.set(name, pair)));
    const main = [];
    const extra = [];
    const drawn = new Set();
    for (const p of current.params) {
      if (hidden.has(p.name) || p.hidden || drawn.has(p.name)) continue;
      let node;
      const pair = inPair.get(p.name);
      if (pair) {
        pair.forEach((name) => drawn.add(name));
        node = pairField(pair);
      } else {
        drawn.add(p.name);
        node = paramField(p, values[p.name], changed(p.name));
      }
      (advanced.has(p.name) ? extra : main).push(node);
    }
    const seedInput = h("input", { type: "number", id: "param-seed", inputmode: "numeric", step: "1", min: "0",
      placeholder: t("random") });
    seedInput.value = seed === null ? "" : String(seed);
    seedInput.addEventListener("input", () => { seed = seedInput.value === "" ? null : Number.parseInt(seedInput.value, 10); });
    extra.push(h("label", { class: "field", for: "param-seed" }, h("span", { class: "field-label" }, t("Seed")), seedInput,
      h("span", { class: "field-help" }, t("The same seed deals the same dice and cards. Empty: random."))));
    fields.replaceChildren(...main, seatsBox,
      h("details", { class: "advanced" }, h("summary", null, t("More options")), ...extra));
    drawSeats();
    askSetup();
  }

  // e.g. threat level (random tiles) or each sky tile's side: one tab shows one of the two
  function pairField(pair) {
    const specs = pair.map((name) => current.params.find((p) => p.name === name)).filter(Boolean);
    const box = h("div", { class: "field pair" });
    const tabs = h("div", { class: "segmented small", role: "radiogroup", "aria-label": specs.map((s) => s.label).join(" / ") });
    const body = h("div", { class: "pair-body" });
    const drawBody = () => {
      const spec = specs.find((s) => s.name === (modes[pair[0]] || pair[0])) || specs[0];
      if (spec.name === "sky") body.replaceChildren(skyField(spec, values.sky, changed("sky")));
      else if (spec.name === "difficult") body.replaceChildren(cardsField(spec, values.difficult, changed("difficult")));
      else body.replaceChildren(paramField(spec, values[spec.name], changed(spec.name)));
    };
    specs.forEach((spec, i) => {
      const id = `mode-${pair[0]}-${i}`;
      const input = h("input", { type: "radio", name: `mode-${pair[0]}`, id, value: spec.name });
      input.checked = (modes[pair[0]] || pair[0]) === spec.name;
      input.addEventListener("change", () => {
        if (!input.checked) return;
        modes[pair[0]] = spec.name;
        drawBody();
        askSetup();
      });
      tabs.append(h("label", { for: id }, input, h("span", null, spec.label)));
    });
    drawBody();
    box.append(tabs, body);
    return box;
  }

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    errorEl.textContent = "";
    startBtn.disabled = true;
    try {
      const body = { game: current.name, params: params(), seed };
      const seatList = seatsSpec();
      if (seatList) body.seats = seatList;
      const created = await api.create(body);
      dialog.close();
      openCreatedGame(created);
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      errorEl.textContent = err.rule ? err.message + " (" + t("Rule: {rule}", { rule: err.rule }) + ")" : err.message;
    } finally {
      startBtn.disabled = false;
    }
  });
  cancelBtn.addEventListener("click", () => dialog.close());
  dialog.addEventListener("close", () => {
    clearTimeout(setupTimer);
    dialog.remove();
    if (anchor && anchor.isConnected) anchor.focus();
  });

  form.append(
    h("header", { class: "dialog-head" }, h("h2", { id: "new-game-title" }, t("New game"))),
    gamesRow,
    h("div", { class: "dialog-columns" }, fields,
      h("aside", { class: "difficulty paper-inset", "aria-label": t("Difficulty") },
        h("h3", null, t("Difficulty")), starsSlot)),
    errorEl,
    h("footer", { class: "dialog-actions" }, cancelBtn, startBtn));
  dialog.append(form);
  document.body.append(dialog);
  reset();
  dialog.showModal(); // a modal <dialog>: focus stays inside, Escape closes it
  const firstInput = dialog.querySelector(".game-choice input:checked");
  if (firstInput) firstInput.focus();
  return dialog;
}

// --- saved games and import ---------------------------------------------------------------

// the decisions made (dice rolls and card draws are no moves)
export function movesText(g) {
  const n = Number(g.decisions ?? g.ply) || 0;
  return tn("{n} move", "{n} moves", n);
}

function savedList(cat, games) {
  if (!games.length) return h("p", { class: "muted" }, t("No saved games yet: start one above."));
  const sorted = [...games].sort((a, b) => String(b.updated ?? "").localeCompare(String(a.updated ?? "")));
  const list = h("ul", { class: "saved-games" }, sorted.map((g, i) => {
    const status = g.status || "playing";
    const statusWord = status === "won" ? t("Won") : status === "lost" ? t("Lost") : t("In play");
    return h("li", { hidden: i >= SAVED_SHOWN }, h("a", { class: `saved-game status-${status}`, href: `/game/${encodeURIComponent(g.id)}`, "data-nav": true },
      h("span", { class: "saved-title" }, gameTitle(cat, g.game)),
      h("span", { class: "saved-setup" }, g.setup ?? setupSummary(cat, g.game, g.params)),
      h("span", { class: "saved-meta" },
        h("span", { class: `badge badge-${status}` }, statusWord), " ",
        movesText(g), g.updated ? ` · ${dateTime(g.updated)}` : "")));
  }));
  if (sorted.length <= SAVED_SHOWN) return list;
  const more = h("button", { type: "button", class: "token-button small" },
    tn("Show all {n} saved game", "Show all {n} saved games", sorted.length));
  more.addEventListener("click", () => {
    const first = list.children[SAVED_SHOWN];
    for (const item of list.children) item.hidden = false;
    more.remove();
    if (first) first.querySelector("a").focus();
  });
  return h("div", null, list, h("p", null, more));
}

function importBox() {
  return fileImportBox({ id: "import-file", label: t("Import a game file"),
    help: t("A game exported from this page or saved by the terminal."),
    load: async (text) => openCreatedGame(await api.importGame(text)) });
}

export async function pageHome(main, onLeave) {
  document.title = `${t("Games")} · soloboard`;
  // the catalog and the saved games are fetched before the page is drawn: nothing moves as they arrive
  const [cat, list] = await Promise.all([
    catalog().catch((err) => { if (err instanceof ApiError) return err; throw err; }),
    api.games().catch((err) => { if (err instanceof ApiError) return err; throw err; }),
  ]);
  const boxes = h("div", { class: "game-boxes" });
  const saved = h("div", { class: "saved-slot" });
  main.replaceChildren(h("div", { class: "home" },
    h("section", { class: "hero" },
      h("h1", null, t("Pick a game from the shelf")),
      h("p", null, t("Solo and co-operative dice games, played on a board like the one on your table."))),
    h("section", { class: "shelf", "aria-labelledby": "shelf-title" },
      h("h2", { id: "shelf-title", class: "visually-hidden" }, t("New game")), boxes),
    h("div", { class: "home-columns" },
      h("section", { class: "panel paper", "aria-labelledby": "saved-title" },
        h("h2", { id: "saved-title" }, t("Saved games")), saved),
      h("section", { class: "panel paper", "aria-labelledby": "import-title" },
        h("h2", { id: "import-title" }, t("Import")), importBox()))));

  if (cat instanceof ApiError) {
    boxes.replaceChildren(h("p", { class: "form-error" }, cat.message));
    return;
  }
  boxes.replaceChildren(...cat.games.map((g) => {
    const btn = h("button", { type: "button", class: `game-box game-box-${g.name}` },
      gameBoxArt(g.name),
      h("span", { class: "box-title" }, gameTitle(cat, g.name)),
      g.description ? h("span", { class: "box-text" }, g.description) : null,
      h("span", { class: "box-cta" }, t("New game")));
    btn.addEventListener("click", () => openNewGame(cat, g.name, btn));
    return btn;
  }));
  saved.replaceChildren(list instanceof ApiError
    ? h("p", { class: "form-error" }, list.message)
    : savedList(cat, Array.isArray(list) ? list : (list && list.games) || []));

  onLeave(() => document.querySelectorAll("dialog.new-game").forEach((d) => { if (d.open) d.close(); }));
  // /?new=ufs (or ?new=1) opens the dialog, e.g. from a game page's "New game"
  const asked = new URLSearchParams(location.search).get("new");
  if (asked) {
    const url = new URL(location.href);
    url.searchParams.delete("new");
    history.replaceState(null, "", url.pathname + url.search);
    openNewGame(cat, asked, boxes.querySelector(`.game-box-${CSS.escape(asked)}`) || boxes.querySelector("button"));
  }
}
