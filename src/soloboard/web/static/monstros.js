// A Invasão dos Monstros Sem Nome que comem tijolos, drawn as it lies on the table: the wall
// and invasion tracks, the printed tower and the four tower spaces, the board's five slots,
// the monsters on the table, the dice, every hand, the piles, and the seats of the
// co-operative game (who holds which seat, join links with QR codes for the host).
//
// The page never decides a rule. Everything drawn comes from game.view (web/view_monstros.py),
// the legal moves and what each clicks from game.moves (keys, highlight, label), what a move
// would do from ui.preview(id), refusals from the server, and the monsters' turn is played
// step by step from the narrated events (game.new, or the log since the last picture).
//
// render(container, game, ui) is called with every new game JSON. ui: play(id),
// preview(id) -> {events}, t(msgid, params), say(text), seatTokens ({seat: token}), and
// optionally playNotation(text) (an illegal click asks the engine why), isHost, lang, and
// narrated(i): while the monsters' turn plays out, called after the i-th event of game.new
// (0-based) is shown, and with game.new.length when the playing ends or is skipped (at once when
// nothing is played out), so the shell's log can keep pace with the table.

const SVGNS = "http://www.w3.org/2000/svg";
const STEP_MS = 550;
const memory = new WeakMap(); // per container: the ply last drawn, the selected die, the animation

// ---------------------------------------------------------------- small DOM helpers

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") node.className = value;
    else if (key === "text") node.textContent = value;
    else if (key === "html") node.innerHTML = value; // only for our own SVG strings
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

function svg(viewBox, inner, cls = "") {
  return `<svg xmlns="${SVGNS}" viewBox="${viewBox}" class="${cls}" aria-hidden="true" focusable="false">${inner}</svg>`;
}

// ---------------------------------------------------------------- pictures (our own drawings)

const ICONS = {
  heart: svg("0 0 24 24", '<path d="M12 21s-8-5.3-8-11a4.6 4.6 0 0 1 8-3 4.6 4.6 0 0 1 8 3c0 5.7-8 11-8 11z" fill="#d63a3a" stroke="#fff" stroke-width="1.4"/>'),
  blast: svg("0 0 24 24", '<path d="M12 1l2.3 5.6 5.9-2.3-2.6 5.6L23 12l-5.4 2.1 2.6 5.6-5.9-2.3L12 23l-2.3-5.6-5.9 2.3 2.6-5.6L1 12l5.4-2.1-2.6-5.6 5.9 2.3z" fill="#f29a1f" stroke="#fff" stroke-width="1.2"/>'),
  shield: svg("0 0 24 24", '<path d="M12 2l8 3v6c0 5-3.4 9.2-8 11-4.6-1.8-8-6-8-11V5z" fill="#5d8bd6" stroke="#fff" stroke-width="1.4"/>'),
  raise: svg("0 0 24 24", '<circle cx="12" cy="12" r="11" fill="#c42525"/><path d="M12 5l6 7h-4v6h-4v-6H6z" fill="#fff"/>'),
  save: svg("0 0 24 24", '<circle cx="12" cy="12" r="11" fill="#c42525"/><path d="M7 13a5 5 0 1 0 2-6" fill="none" stroke="#fff" stroke-width="2.2"/><path d="M5 4v5h5" fill="none" stroke="#fff" stroke-width="2.2"/><text x="12" y="16" font-size="7" text-anchor="middle" fill="#fff" font-weight="700">3</text>'),
  destroy: svg("0 0 24 24", '<circle cx="12" cy="12" r="11" fill="#c42525"/><path d="M8 19V9h2V7h1.3v2h1.4V7H14v2h2v10z" fill="#fff"/><path d="M5 5l14 14" stroke="#fff" stroke-width="2.4"/>'),
  reroll: svg("0 0 24 24", '<path d="M19 8a8 8 0 1 0 1 6" fill="none" stroke="currentColor" stroke-width="2.4"/><path d="M20 3v6h-6" fill="none" stroke="currentColor" stroke-width="2.4"/>'),
  token: svg("0 0 24 24", '<circle cx="12" cy="12" r="11" fill="#f3e3b5" stroke="#7a5a1e" stroke-width="1.5"/><rect x="6.5" y="6.5" width="11" height="11" rx="2.5" fill="#fff" stroke="#333"/><circle cx="9.5" cy="9.5" r="1.2"/><circle cx="14.5" cy="14.5" r="1.2"/>'),
  full: svg("0 0 24 24", '<circle cx="12" cy="12" r="11" fill="#7a2c91"/><text x="12" y="17" font-size="14" text-anchor="middle" fill="#fff" font-weight="700">5</text>'),
};

const CARD_ART = {
  pa: '<path d="M30 8v32" stroke="#5a3a1a" stroke-width="4"/><path d="M22 8h16" stroke="#5a3a1a" stroke-width="4"/><path d="M21 40h18l-2 12q-7 6-14 0z" fill="#c9d2db" stroke="#333" stroke-width="2"/>',
  carrinho: '<path d="M8 26h34l-6 14H16z" fill="#c9d2db" stroke="#333" stroke-width="2"/><circle cx="22" cy="46" r="6" fill="#333"/><path d="M42 26l10-6M20 40l-4 10M36 40l4 10" stroke="#5a3a1a" stroke-width="3"/>',
  ferC: '<circle cx="30" cy="30" r="17" fill="none" stroke="#fff" stroke-width="4" stroke-dasharray="6 4"/><text x="30" y="38" font-size="22" text-anchor="middle" fill="#fff" font-weight="700">C</text>',
  construtor: '<path d="M12 38a18 18 0 0 1 36 0z" fill="#f2c230" stroke="#333" stroke-width="2"/><rect x="8" y="38" width="44" height="6" rx="3" fill="#f2c230" stroke="#333" stroke-width="2"/><path d="M30 20v18" stroke="#333" stroke-width="2"/>',
  defeito: '<g fill="#b5533c" stroke="#fff" stroke-width="1.5"><rect x="8" y="14" width="20" height="10"/><rect x="30" y="14" width="20" height="10"/><rect x="4" y="26" width="14" height="10"/><rect x="20" y="26" width="20" height="10"/><rect x="42" y="26" width="12" height="10"/><rect x="8" y="38" width="20" height="10"/><rect x="30" y="38" width="20" height="10"/></g><path d="M33 12l-5 12 6 4-7 12 4 8" fill="none" stroke="#222" stroke-width="2.5"/>',
  atraso: '<circle cx="30" cy="31" r="18" fill="#fff" stroke="#333" stroke-width="3"/><path d="M30 31V19M30 31l9 5" stroke="#333" stroke-width="3"/><path d="M22 9h16" stroke="#333" stroke-width="4"/>',
};
CARD_ART.construtorV = CARD_ART.construtor;

function cardArt(id) {
  const art = CARD_ART[id];
  if (art) return svg("0 0 60 60", art, "mon-card-art");
  return svg("0 0 60 60", `<text x="30" y="40" font-size="28" text-anchor="middle" fill="#fff" font-weight="700">${escapeXml(String(id).slice(0, 2))}</text>`, "mon-card-art");
}

function escapeXml(text) {
  return text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);
}

// A nameless monster that eats bricks: its colour goes from green to red with its level.
function monsterArt(level) {
  const hue = Math.max(0, 130 - (level - 1) * 17);
  const body = `hsl(${hue} 55% 45%)`;
  const dark = `hsl(${hue} 55% 28%)`;
  return svg("0 0 80 64", `
    <path d="M10 58c-6-14 0-40 18-46 6-8 18-8 24 0 18 6 24 32 18 46z" fill="${body}" stroke="${dark}" stroke-width="2.5"/>
    <path d="M14 58q4-8 8 0q4-8 8 0q4-8 8 0q4-8 8 0q4-8 8 0q4-8 8 0" fill="${dark}"/>
    <circle cx="30" cy="24" r="7" fill="#fff"/><circle cx="50" cy="24" r="7" fill="#fff"/>
    <circle cx="31" cy="25" r="3" fill="#111"/><circle cx="49" cy="25" r="3" fill="#111"/>
    <path d="M24 38h32q-2 10-16 10t-16-10z" fill="#3a0d0d"/>
    <path d="M27 38l3 5 3-5 3 5 3-5 3 5 3-5 3 5 3-5" fill="#fff"/>
    <rect x="50" y="42" width="14" height="7" fill="#b5533c" stroke="#fff" stroke-width="1" transform="rotate(-18 57 45)"/>`,
  "mon-monster-art");
}

function tower(built, space) {
  const fill = built ? "#b8a58a" : "none";
  const stroke = built ? "#5b4a32" : "rgba(255,255,255,.45)";
  const dash = built ? "" : 'stroke-dasharray="4 3"';
  const bricks = built
    ? '<path d="M14 34h32M14 46h32M14 58h32M30 22v12M22 34v12M38 34v12M30 46v12" stroke="#5b4a32" stroke-width="1.2"/>'
    : "";
  const label = space ? `<text x="30" y="75" font-size="11" text-anchor="middle" fill="currentColor">${space}</text>` : "";
  return svg("0 0 60 80", `<path d="M12 66V22h-2V10h8v5h6v-5h12v5h6v-5h8v12h-2v44z" fill="${fill}" stroke="${stroke}" stroke-width="2" ${dash}/>${bricks}${label}`, "mon-tower-art");
}

const PIPS = { 1: [[2, 2]], 2: [[1, 1], [3, 3]], 3: [[1, 1], [2, 2], [3, 3]], 4: [[1, 1], [3, 1], [1, 3], [3, 3]],
  5: [[1, 1], [3, 1], [2, 2], [1, 3], [3, 3]], 6: [[1, 1], [3, 1], [1, 2], [3, 2], [1, 3], [3, 3]] };

function dieFace(value) {
  const pips = (PIPS[value] || []).map(([x, y]) => `<circle cx="${x * 10}" cy="${y * 10}" r="3.6"/>`).join("");
  return svg("0 0 40 40", `<rect x="2" y="2" width="36" height="36" rx="8" class="mon-die-body"/>${pips}`, "mon-die-art");
}

// The wall: 50 bricks, the standing ones are the wall's value (the board's wall track).
function wallArt(value, max) {
  const cols = 10;
  const rows = Math.ceil(max / cols);
  let bricks = "";
  for (let i = 0; i < max; i++) {
    const row = Math.floor(i / cols);
    const col = i % cols;
    const y = (rows - 1 - row) * 9 + 1;
    const x = col * 12 + (row % 2 ? 6 : 0) + 1;
    const standing = i < value;
    bricks += `<rect x="${x}" y="${y}" width="11" height="8" rx="1" class="${standing ? "mon-brick" : "mon-brick-gone"}" data-i="${i}"/>`;
  }
  return svg(`0 0 ${cols * 12 + 8} ${rows * 9 + 2}`, bricks, "mon-wall-art");
}

// ---------------------------------------------------------------- the page

// People count seats from 1, as the page's header does; the API's seat numbers start at 0.
function seatName(t, seat) {
  return t("Seat {seat}", { seat: seat + 1 });
}

function seatKind(game, seat) {
  const info = (game.seats || []).find((s) => s && (s.seat === seat)) || (game.seats || [])[seat] || {};
  return info;
}

function tokensOf(ui, game) {
  const tokens = typeof ui.seatTokens === "function" ? ui.seatTokens(game.id) : ui.seatTokens;
  return tokens && typeof tokens === "object" ? tokens : {};
}

function keyAttr(key) {
  return { "data-key": key };
}

// The table's stylesheet beside this module, linked once (the shell need not know it).
function ensureStyles() {
  if (document.querySelector("link[data-mon-css]")) return;
  const link = document.createElement("link");
  link.rel = "stylesheet";
  link.href = new URL("./monstros.css", import.meta.url).href;
  link.setAttribute("data-mon-css", "");
  // the names were measured before the sheet arrived: measure them again with it
  link.addEventListener("load", () => { for (const root of document.querySelectorAll(".mon")) fitNames(root); }, { once: true });
  document.head.append(link);
}

// the shell waits for ui.narrated before it shows a move's lines in the log
export const narrates = true;

export function render(container, game, ui) {
  ensureStyles();
  const t = ui.t || ((text, params) => text.replace(/\{(\w+)\}/g, (w, k) => (params && k in params ? params[k] : w)));
  const view = game.view;
  const mem = memory.get(container) || { ply: null, selected: null, timer: null, open: new Set() };
  memory.set(container, mem);
  if (mem.timer) { clearTimeout(mem.timer); mem.timer = null; }

  // what happened since the last picture: the move's answer carries it, a live update does not
  let fresh = [];
  let fromMove = true; // fresh is game.new, the list ui.narrated counts in
  if (Array.isArray(ui.fresh) && ui.fresh.length) fresh = ui.fresh;
  else if (Array.isArray(game.new) && game.new.length) fresh = game.new;
  else if (mem.ply !== null && mem.ply < game.ply && Array.isArray(game.log)) {
    fresh = game.log.filter((entry) => entry.ply >= mem.ply); // a live update from another device
    fromMove = false;
  }
  mem.anim = null; // an animation of an earlier picture is gone with it
  const moved = mem.ply !== null && mem.ply !== game.ply; // a re-drawing of the same position replays nothing
  if (mem.ply !== game.ply) mem.selected = null;
  mem.sent = false;
  mem.ply = game.ply;

  const tokens = tokensOf(ui, game);
  const mySeats = Object.keys(tokens).map(Number).filter((s) => Number.isInteger(s));
  const canAct = game.to_move !== null && game.to_move !== undefined && tokens[String(game.to_move)] !== undefined;
  const moves = canAct ? (game.moves || []) : [];

  const focusedKey = document.activeElement && container.contains(document.activeElement)
    ? document.activeElement.getAttribute("data-key") || document.activeElement.getAttribute("data-focus") : null;

  // lang: the names on the cards are hyphenated by the rules of the page's language
  const lang = ui.lang || document.documentElement.lang || "en";
  const root = el("div", { class: `mon${view.reconstructed ? " mon-reconstructed" : ""}`, lang, "data-phase": view.phase, "data-status": view.status, "data-ply": game.ply });
  root.append(
    noticeBar(view, t),
    statusBar(game, view, t, canAct, mySeats),
    el("div", { class: "mon-movebar" },
      el("div", { class: "mon-actions", role: "group", "aria-label": t("Moves") }),
      el("p", { class: "mon-preview", "aria-live": "polite" })),
    el("div", { class: "mon-grid" },
      tracksSection(view, t),
      towersSection(view, t),
      boardSection(view, t),
      tableSection(view, t),
      stageSection(view, t, game.log),
      attackSection(view, t),
      handsSection(game, view, t, mySeats),
      pilesSection(view, t),
      seatsSection(game, view, t, ui, tokens)),
  );
  container.replaceChildren(root);

  wireMoves(container, root, game, moves, ui, t, mem);

  if (focusedKey) {
    const again = root.querySelector(`[data-key="${cssEscape(focusedKey)}"], [data-focus="${cssEscape(focusedKey)}"]`);
    if (again) again.focus({ preventScroll: true });
  }
  // the notice and the invitations stay open across pictures when the person opened them
  for (const box of root.querySelectorAll("details[data-open-key]")) {
    const key = box.getAttribute("data-open-key");
    if (mem.open.has(key)) box.open = true;
    box.addEventListener("toggle", () => { if (box.open) mem.open.add(key); else mem.open.delete(key); });
  }
  fitNames(root);
  watchSize(container, mem);
  const told = ui.narrated; // this picture's: the shell gives every new picture its own
  const narrated = (i) => {
    if (!fromMove || typeof told !== "function") return;
    try { told(i); } catch (err) { console.error("soloboard: ui.narrated failed", err); }
  };
  if (!(moved && fresh.length && animate(container, root, view, fresh, t, mem, narrated)) && fresh.length) narrated(fresh.length);
}

// ---------------------------------------------------------------- names that fit their cards

// A card's name is fitted to its box: the largest size (down from the stylesheet's) at which it
// fits on the lines the box has, broken between words only; a word too long even at the
// smallest size is broken inside, hyphenated where the browser knows the language (lang on the
// table). Measured, so it holds in every language and at every card size; results are kept per
// text and box, so a picture re-drawn costs a look-up.
const FIT_MIN_PX = 6;
const fitCache = new Map();

function fitNames(scope) {
  for (const box of scope.querySelectorAll(".mon-card-name, .mon-monster-name, .mon-card-id")) fitText(box);
}

function fitText(box) {
  const inner = box.firstElementChild;
  if (!inner) return;
  box.style.fontSize = "";
  box.classList.remove("mon-fit-break");
  const width = box.clientWidth;
  const height = box.clientHeight;
  if (!width || !height) return; // not laid out (hidden): fitted when it is drawn again
  const max = parseFloat(getComputedStyle(box).fontSize) || 10;
  const key = `${box.closest("[lang]")?.getAttribute("lang") || ""}|${inner.textContent}|${width}|${height}|${max}`;
  let fit = fitCache.get(key);
  if (!fit) {
    const fits = () => inner.offsetWidth <= width + 0.5 && inner.offsetHeight <= height + 0.5;
    let size = max;
    if (!fits()) {
      // start near the size that fits (the width of the longest word rules) and step down from there
      size = Math.max(FIT_MIN_PX, Math.min(max - 0.25, Math.floor(max * Math.min(1, width / inner.offsetWidth) * 4) / 4));
      box.style.fontSize = `${size}px`;
      while (!fits() && size > FIT_MIN_PX) {
        size -= 0.25;
        box.style.fontSize = `${size}px`;
      }
    }
    fit = { size, broken: !fits() };
    fitCache.set(key, fit);
  }
  box.style.fontSize = fit.size === max ? "" : `${fit.size}px`;
  box.classList.toggle("mon-fit-break", fit.broken);
}

// The sizes of the cards follow the table's width (a phone turned, a window resized): fit again.
function watchSize(container, mem) {
  if (mem.resize || typeof ResizeObserver !== "function") return;
  let lastWidth = container.clientWidth;
  let queued = false;
  mem.resize = new ResizeObserver(() => {
    if (container.clientWidth === lastWidth || queued) return;
    lastWidth = container.clientWidth;
    queued = true;
    requestAnimationFrame(() => {
      queued = false;
      const root = container.querySelector(":scope > .mon");
      if (root) fitNames(root);
    });
  });
  mem.resize.observe(container);
}

function cssEscape(text) {
  return window.CSS && CSS.escape ? CSS.escape(text) : String(text).replace(/["\\]/g, "\\$&");
}

function noticeBar(view, t) {
  const main = view.notices && view.notices[0];
  const bar = el("details", { class: `mon-notice${view.reconstructed ? " mon-notice-warn" : ""}`, "data-open-key": "notice" });
  bar.append(el("summary", {},
    view.reconstructed
      ? el("strong", { text: t("Reconstructed deck: the cards' values are not the printed ones.") })
      : el("span", { text: t("Cards from the owner's deck file.") }),
    " ", el("span", { class: "mon-more", text: t("Details and readings") })));
  for (const note of view.notices || []) bar.append(el("p", { class: `mon-note-${note.kind}`, text: note.text }));
  if (!main) bar.hidden = true;
  return bar;
}

function statusBar(game, view, t, canAct, mySeats) {
  const bar = el("section", { class: "mon-status", "aria-label": t("Whose turn") });
  const left = el("div", { class: "mon-status-main" });
  if (view.status !== "playing") {
    left.append(el("strong", { class: `mon-result mon-${view.status}`, text: view.result || game.result || "" }));
  } else {
    left.append(el("span", { class: "mon-turn", text: t("Turn {turn}", { turn: view.turn }) }), " · ",
      el("span", { class: "mon-whose", text: t("{seat}'s turn", { seat: seatName(t, view.seat) }) }));
    let prompt;
    if (canAct) {
      prompt = el("strong", { class: "mon-prompt mon-yours",
        text: mySeats.length > 1 ? t("{seat}, your move: {what}", { seat: seatName(t, game.to_move), what: view.phase_text })
          : t("Your move: {what}", { what: view.phase_text }) });
    } else if (view.actor !== null && view.actor !== undefined) {
      const kind = seatKind(game, view.actor);
      prompt = el("span", { class: "mon-prompt mon-waiting",
        text: kind.kind === "ai" ? t("Waiting for {seat} (AI): {what}", { seat: seatName(t, view.actor), what: view.phase_text })
          : t("Waiting for {seat}: {what}", { seat: seatName(t, view.actor), what: view.phase_text }) });
    } else {
      prompt = el("span", { class: "mon-prompt", text: view.phase_text });
    }
    left.append(el("div", {}, prompt));
  }
  const diff = el("span", { class: "mon-difficulty",
    text: (view.solo ? t("Solo mode") : t("{n} players", { n: view.players })) + " · "
      + t("Difficulty: {level}", { level: view.difficulty.text }) });
  bar.append(left, diff);
  return bar;
}

function tracksSection(view, t) {
  const wall = view.wall;
  const inv = view.invasion;
  const section = el("section", { class: "mon-tracks", "aria-label": t("Wall and invasion") });
  const wallBox = el("div", { class: "mon-wall", "data-focus": "wall" },
    el("div", { class: "mon-track-label" }, t("Wall"), " ",
      el("strong", { class: "mon-wall-value", text: String(wall.value) }),
      el("span", { class: "mon-dim", text: ` / ${wall.max}` })),
    el("div", { class: "mon-wall-picture", html: wallArt(wall.value, wall.max), role: "img",
      "aria-label": t("Wall: {n} of {max} bricks", { n: wall.value, max: wall.max }) }));
  const cells = [];
  for (let n = 1; n <= inv.win; n++) {
    cells.push(el("span", { class: `mon-inv-cell${n === inv.value ? " mon-inv-here" : ""}${n === inv.win ? " mon-inv-win" : ""}`,
      "data-n": n, text: n === inv.win ? "★" : String(n) }));
  }
  const invBox = el("div", { class: "mon-invasion" },
    el("div", { class: "mon-track-label" }, t("Invasion"), " ",
      el("strong", { class: "mon-inv-value", text: String(inv.value) }),
      el("span", { class: "mon-dim", text: " · " + t("the players win when it passes 15") })),
    el("div", { class: "mon-inv-track", role: "img", "aria-label": t("Invasion {n}", { n: inv.value }) }, cells));
  const atk = view.monster_attack;
  const attackBox = el("div", { class: "mon-threat" },
    el("span", { html: ICONS.blast, class: "mon-icon" }),
    t("Monsters' attack: {total} − {blocked} = {net}", { total: atk.total, blocked: atk.blocked, net: atk.net }));
  section.append(wallBox, invBox, attackBox);
  return section;
}

function towersSection(view, t) {
  const towers = view.towers;
  const section = el("section", { class: "mon-towers", "aria-label": t("Towers and tokens") });
  const row = el("div", { class: "mon-tower-row" });
  row.append(el("div", { class: "mon-tower mon-tower-printed", title: t("The printed tower (never removed)"), html: tower(true, 0) }));
  for (let space = 1; space <= towers.spaces; space++) {
    const built = space <= towers.built;
    const bonus = space <= towers.token_spaces ? el("span", { class: "mon-tower-bonus", html: ICONS.token, title: t("A tower here brings a die token") }) : null;
    const label = built ? t("Tower on space {n}", { n: space }) : t("Empty tower space {n}", { n: space });
    const node = el("button", { type: "button", class: `mon-tower${built ? " mon-built" : ""}`, ...keyAttr(`tower:${space}`),
      "aria-label": label, title: label, html: tower(built, space) });
    if (bonus) node.append(bonus);
    row.append(node);
  }
  const dice = el("div", { class: "mon-tower-dice", text: t("Dice per attack: {n}", { n: towers.dice }) });
  const tokens = el("button", { type: "button", class: "mon-pile mon-tokens", ...keyAttr("token"),
    "aria-label": t("Die tokens: {n} (supply {supply})", { n: view.die_tokens.count, supply: view.die_tokens.supply }) },
  el("span", { class: "mon-icon", html: ICONS.token }),
  el("span", { class: "mon-count", text: `×${view.die_tokens.count}` }),
  el("span", { class: "mon-pile-label", text: t("die tokens") }));
  const shields = el("button", { type: "button", class: "mon-pile mon-shields", ...keyAttr("shields"),
    "aria-label": t("Shield tokens on the table: {n} (supply {supply})", { n: view.shields.count, supply: view.shields.supply }) },
  el("span", { class: "mon-icon", html: ICONS.shield }),
  el("span", { class: "mon-count", text: `×${view.shields.count}` }),
  el("span", { class: "mon-pile-label", text: t("shields") }));
  section.append(row, dice, el("div", { class: "mon-token-row" }, tokens, shields));
  return section;
}

function actionCard(card, attrs = {}) {
  const label = card.name === card.printed ? card.name : `${card.name} (${card.printed})`;
  return el("button", { type: "button", class: `mon-card mon-card-${card.colour}${card.wild ? " mon-wild" : ""}`,
    title: label, "aria-label": label, ...attrs },
  el("span", { class: "mon-card-name" }, el("span", { text: card.name })),
  el("span", { class: "mon-card-picture", html: cardArt(card.id) }),
  el("span", { class: "mon-card-id" }, el("span", { text: card.wild ? `★ ${card.id}` : card.id })));
}

function boardSection(view, t) {
  const section = el("section", { class: "mon-board", "aria-label": t("Board") });
  const slots = el("div", { class: "mon-slots" });
  for (const slot of view.board) {
    const bonus = el("div", { class: "mon-slot-bonus", title: slot.bonus_text.join(" · ") });
    for (const b of slot.bonus) {
      if (b === "block") bonus.append(el("span", { class: "mon-icon", html: ICONS.shield }), el("span", { class: "mon-bonus-text", text: "−1" }));
      if (b === "reroll") bonus.append(el("span", { class: "mon-icon mon-reroll-icon", html: ICONS.reroll }));
      if (b === "full") bonus.append(el("span", { class: "mon-icon", html: ICONS.full }));
    }
    const cell = el("div", { class: "mon-slot", "data-slot": slot.slot, ...keyAttr(slot.key),
      "aria-label": t("Board slot {n}", { n: slot.slot }) + (slot.bonus_text.length ? `: ${slot.bonus_text.join(", ")}` : "") },
    el("span", { class: "mon-slot-number", text: String(slot.slot) }),
    slot.card ? actionCard(slot.card, { tabindex: "-1", "data-focus": `slot-card:${slot.slot}` }) : el("span", { class: "mon-slot-empty" }),
    bonus);
    slots.append(cell);
  }
  section.append(el("h3", { class: "mon-h", text: t("Board") }), slots);
  return section;
}

function monsterCard(m, t, extra = {}) {
  const abilities = m.abilities.map((a) => el("span", { class: "mon-ability", title: a.text, html: ICONS[a.id] || "" }));
  const parts = [
    t("Level {n}", { n: m.level }), t("life {n}", { n: m.life }), t("attack {n}", { n: m.attack }),
    m.shield ? t("shield") : null, ...m.abilities.map((a) => a.text),
  ].filter(Boolean);
  const label = `${m.name ? m.name + " " : ""}${m.id}: ${parts.join(", ")}`;
  const node = el("button", { type: "button", class: `mon-monster${m.coloured ? " mon-coloured mon-role-" + m.role : ""}`,
    title: label, "aria-label": label, ...extra },
  el("span", { class: "mon-level", text: String(m.level) }),
  m.shield ? el("span", { class: "mon-shield-mark", html: ICONS.shield, title: t("shield") }) : null,
  el("span", { class: "mon-monster-picture", html: monsterArt(m.level) }),
  el("span", { class: "mon-monster-name" }, el("span", { text: m.name || m.id })),
  el("span", { class: "mon-abilities" }, abilities),
  // the numbers of the default deck are reconstructed (shown only when the view says so)
  el("span", { class: "mon-recon", title: t("Reconstructed values: not the printed card"), "aria-hidden": "true", text: "≈" }),
  el("span", { class: "mon-stats" },
    el("span", { class: "mon-stat" }, el("span", { class: "mon-icon", html: ICONS.heart }), el("b", { text: String(m.life) })),
    el("span", { class: "mon-stat" }, el("span", { class: "mon-icon", html: ICONS.blast }), el("b", { text: String(m.attack) }))));
  if (m.dice && m.dice.length) {
    node.append(el("span", { class: "mon-on-it", title: t("{n} of {life} on it", { n: m.damage, life: m.life }) },
      m.dice.map((v) => el("span", { class: "mon-mini-die", html: dieFace(v) })),
      el("span", { class: "mon-on-total", text: `${m.damage}/${m.life}` })));
  }
  return node;
}

function tableSection(view, t) {
  const section = el("section", { class: "mon-table", "aria-label": t("Monsters on the table") });
  const row = el("div", { class: "mon-monsters" });
  for (const m of view.monsters) row.append(monsterCard(m, t, { ...keyAttr(m.key), "data-pos": m.pos }));
  if (!view.monsters.length) row.append(el("p", { class: "mon-empty", text: t("No monster on the table.") }));
  section.append(el("h3", { class: "mon-h" }, t("Monsters on the table"), " ",
    el("span", { class: "mon-dim", text: `(${view.monsters.length})` })), row);
  return section;
}

// The last monsters' turn as the log tells it (the engine's events): what it cost the wall, the
// cards revealed, which went to the table.
function lastMonstersTurn(view, log, t, caption, strip) {
  const entries = Array.isArray(log) ? log : [];
  let start = -1;
  for (let i = entries.length - 1; i >= 0; i--) {
    if (entries[i].kind === "monsters_turn") { start = i; break; }
  }
  if (start < 0) return false;
  let lost = 0;
  let placed = [];
  const revealed = [];
  for (const entry of entries.slice(start + 1)) {
    const e = entry.event || {};
    if (entry.kind === "turn_started" || entry.kind === "monsters_turn") break;
    if (entry.kind === "monsters_attack") lost = e.total || 0;
    if (entry.kind === "monster_revealed" && e.why !== "setup") revealed.push(e.card);
    if (entry.kind === "monsters_placed") placed = [...(e.cards || [])];
  }
  caption.textContent = t("Last monsters' turn: the wall lost {n}; revealed:", { n: lost });
  // the same cards by their ids, for the one-line summary a narrow table shows instead of the cards
  const ids = el("span", { class: "mon-stage-ids" });
  for (const id of revealed) {
    const card = stageCard(view, id, t);
    card.classList.remove("mon-flip-in");
    const at = placed.indexOf(id);
    if (at >= 0) placed.splice(at, 1);
    const where = at >= 0 ? t("to the table") : t("to the bottom of the monster deck");
    card.classList.add(at >= 0 ? "mon-went-table" : "mon-went-bottom");
    card.title = `${card.title} — ${where}`;
    strip.append(card);
    ids.append(" ", el("span", { class: at >= 0 ? "mon-went-table" : "mon-went-bottom", title: where, text: id }));
  }
  if (!revealed.length) {
    strip.append(el("span", { class: "mon-dim", text: t("no card") }));
    ids.append(" ", el("span", { class: "mon-dim", text: t("no card") }));
  }
  caption.append(ids);
  return true;
}

function stageSection(view, t, log) {
  // Always there and always the same height: what is being decided about monster cards now
  // (revealed, set aside, going to the bottom), and the monsters' turn as it plays out.
  // "brief": no card is being decided about; a narrow table then shows the panel as one line
  // (the last monsters' turn by card ids) and plays a monsters' turn out over what lies below it.
  const brief = !view.revealed.length && !view.order.length && !view.aside.length;
  const section = el("section", { class: `mon-stage${brief ? " mon-stage-brief" : ""}`, "aria-label": t("Monsters' turn"), "aria-live": "polite" });
  const caption = el("p", { class: "mon-stage-caption" });
  const strip = el("div", { class: "mon-stage-strip" });
  if (view.revealed.length) {
    caption.textContent = t("Revealed this turn (invasion {n}):", { n: view.invasion.value });
    for (const m of view.revealed) strip.append(monsterCard(m, t, keyAttr(m.key)));
  } else if (view.order.length) {
    caption.textContent = t("Going to the bottom of the monster deck: click them in order, first to go first.");
    for (const m of view.order) strip.append(monsterCard(m, t, keyAttr(m.key)));
  } else if (view.phase === "pick") {
    caption.textContent = t("Click up to {n} monsters on the table to send them to the bottom of the monster deck.", { n: view.pending.picks });
  } else if (!lastMonstersTurn(view, log, t, caption, strip)) {
    caption.textContent = t("The monsters' turn comes after the attack: they attack the wall, then 3 cards are revealed.");
  }
  if (view.aside.length) {
    strip.append(el("span", { class: "mon-aside-label", text: t("Set aside:") }));
    for (const m of view.aside) strip.append(monsterCard(m, t, { class: "mon-monster mon-small", tabindex: "-1" }));
  }
  caption.title = caption.textContent;
  const skip = el("button", { type: "button", class: "mon-skip", hidden: true, text: t("Skip animation") });
  section.append(el("div", { class: "mon-stage-inner" },
    el("div", { class: "mon-stage-head" }, el("h3", { class: "mon-h", text: t("Monsters' turn") }), skip), caption, strip));
  return section;
}

function attackSection(view, t) {
  // "brief": no attack and no die: a narrow table shows the panel as one line
  const brief = !view.attacking && !view.dice.values.length && !view.dice.rolling;
  const section = el("section", { class: `mon-attack${brief ? " mon-attack-brief" : ""}`, "aria-label": t("Attack") });
  const dice = el("div", { class: "mon-dice" });
  for (const [i, v] of view.dice.values.entries()) {
    dice.append(el("button", { type: "button", class: "mon-die", ...keyAttr(`die:${v}`), "data-i": i,
      "aria-label": t("Die showing {n}", { n: v }), html: dieFace(v) }));
  }
  for (let i = 0; i < view.dice.rolling; i++) dice.append(el("span", { class: "mon-die mon-rolling", html: dieFace(1 + (i % 6)) }));
  if (!view.dice.values.length && !view.dice.rolling) {
    dice.append(el("p", { class: "mon-empty", text: view.attacking ? t("No die left.") : t("The dice are rolled in the attack.") }));
  }
  const reroll = el("button", { type: "button", class: "mon-reroll", ...keyAttr("reroll"), hidden: !view.dice.reroll },
    el("span", { class: "mon-icon", html: ICONS.reroll }), t("Re-roll one die (slot 3)"));
  const target = view.dice.target
    ? el("p", { class: "mon-target", "aria-live": "polite", text: t("Dice on {monster}: {dice} — add dice until it falls.", { monster: view.dice.target, dice: view.dice.on_target.join(" + ") }) })
    : el("p", { class: "mon-target mon-dim", "aria-live": "polite", text: view.shields.count && view.attacking ? t("Shields first: each die destroys one shield.") : "" });
  section.append(el("div", { class: "mon-attack-head" }, el("h3", { class: "mon-h", text: t("Dice") }), el("div", { class: "mon-attack-tools" }, reroll)),
    dice, target);
  return section;
}

function handsSection(game, view, t, mySeats) {
  const section = el("section", { class: "mon-hands", "aria-label": t("Hands") });
  const row = el("div", { class: "mon-hand-row" });
  const hands = [...view.hands].sort((a, b) => (mySeats.includes(b.seat) - mySeats.includes(a.seat)) || (a.seat - b.seat));
  for (const hand of hands) {
    const kind = seatKind(game, hand.seat);
    const who = seatName(t, hand.seat) + (mySeats.includes(hand.seat) ? ` (${t("you")})` : kind.kind === "ai" ? ` (${t("AI")})` : "");
    const cards = el("div", { class: "mon-hand-cards" });
    for (const c of hand.cards) cards.append(actionCard(c, keyAttr(c.key)));
    if (!hand.cards.length) cards.append(el("span", { class: "mon-empty", text: t("no card") }));
    row.append(el("div", { class: `mon-hand${hand.turn ? " mon-hand-turn" : ""}${hand.deciding ? " mon-hand-deciding" : ""}${mySeats.includes(hand.seat) ? " mon-hand-mine" : ""}`, "data-seat": hand.seat },
      el("div", { class: "mon-hand-who" }, hand.turn ? el("span", { class: "mon-turn-mark", text: "▶" }) : null, who,
        el("span", { class: "mon-dim", text: ` · ${hand.size}/${view.hand_size}` })),
      cards));
  }
  section.append(el("h3", { class: "mon-h" }, t("Hands"), " ", el("span", { class: "mon-dim", text: t("(open: the game is co-operative)") })), row);
  return section;
}

function pilesSection(view, t) {
  const section = el("section", { class: "mon-piles", "aria-label": t("Piles") });
  const md = view.monster_deck;
  const known = md.segments.filter((s) => !s.shuffled).flatMap((s) => s.cards);
  const deck = el("div", { class: "mon-pile-box", ...keyAttr("monster_deck") },
    el("div", { class: "mon-pile-back mon-back-monster", text: String(md.size) }),
    el("div", { class: "mon-pile-text" }, el("strong", { text: t("Monster deck") }),
      el("span", { text: md.top ? t("top card known: {id}", { id: md.top.id }) : t("shuffled") }),
      known.length ? el("span", { class: "mon-dim", text: t("at the bottom, in order: {cards}", { cards: known.join(" ") }) }) : null));
  const top = view.defeated.top;
  const defeated = el("div", { class: "mon-pile-box" },
    el("div", { class: "mon-pile-back mon-back-defeated", text: String(view.defeated.size) }),
    el("div", { class: "mon-pile-text" }, el("strong", { text: t("Defeated") }),
      el("span", { text: top.length ? t("top: {cards}", { cards: top.map((m) => m.id).join(", ") }) : t("none yet") })));
  const adeck = el("div", { class: "mon-pile-box", ...keyAttr("action_deck") },
    el("div", { class: "mon-pile-back mon-back-action", text: String(view.action_deck.size) }),
    el("div", { class: "mon-pile-text" }, el("strong", { text: t("Action deck") })));
  const discard = el("div", { class: "mon-pile-box", ...keyAttr("discard") },
    el("div", { class: "mon-pile-back mon-back-discard", text: String(view.discard.size) }),
    el("div", { class: "mon-pile-text" }, el("strong", { text: t("Discard pile") }),
      el("span", { class: "mon-dim", text: view.discard.cards.map((c) => `${c.card.id}×${c.count}`).join(" ") })));
  section.append(deck, defeated, adeck, discard);
  return section;
}

function seatsSection(game, view, t, ui, tokens) {
  const section = el("section", { class: "mon-seats", "aria-label": t("Seats") });
  section.append(el("h3", { class: "mon-h", text: t("Seats") }));
  const held = Object.keys(tokens).length;
  const host = ui.isHost !== undefined ? !!ui.isHost : held > 1;
  const list = el("ul", { class: "mon-seat-list" });
  for (let seat = 0; seat < view.players; seat++) {
    const kind = seatKind(game, seat);
    const mine = tokens[String(seat)] !== undefined;
    const isAI = kind.kind === "ai";
    const who = isAI ? t("AI ({agent})", { agent: kind.agent || "?" }) : mine ? t("this device") : t("another device");
    const turn = view.status === "playing" && view.seat === seat;
    const item = el("li", { class: `mon-seat${turn ? " mon-seat-turn" : ""}${mine ? " mon-seat-mine" : ""}` },
      el("span", { class: "mon-seat-name" }, turn ? "▶ " : "", seatName(t, seat)), " ",
      el("span", { class: "mon-dim", text: who }));
    if (turn && !mine && !isAI && view.status === "playing") item.append(el("span", { class: "mon-seat-wait", text: t("waiting for {seat}", { seat: seatName(t, seat) }) }));
    if (host && !isAI && mine && seat !== 0 && game.id !== undefined) item.append(inviteBox(game, seat, tokens[String(seat)], t, ui));
    list.append(item);
  }
  section.append(list);
  if (host) section.append(el("p", { class: "mon-dim mon-seat-help", text: t("Send each player the link of their seat (or let them scan its code). This device can play every seat it holds.") }));
  return section;
}

function inviteBox(game, seat, token, t, ui) {
  const link = (typeof ui.joinUrl === "function" && ui.joinUrl(seat))
    || `${location.origin}/join/${encodeURIComponent(game.id)}?seat=${seat}&token=${encodeURIComponent(token)}`;
  const qr = (typeof ui.qrUrl === "function" && ui.qrUrl(seat))
    || `/api/games/${encodeURIComponent(game.id)}/qr?seat=${seat}&token=${encodeURIComponent(token)}`;
  const box = el("details", { class: "mon-invite", "data-open-key": `invite:${seat}` },
    el("summary", { text: t("Invite to {seat}", { seat: seatName(t, seat) }) }));
  const input = el("input", { class: "mon-link", type: "text", readonly: true, value: link, "aria-label": t("Join link of {seat}", { seat: seatName(t, seat) }) });
  const copy = el("button", { type: "button", class: "mon-copy", text: t("Copy link"),
    onclick: async () => {
      try { await navigator.clipboard.writeText(link); say(ui, t("Link copied.")); } catch {
        input.select(); document.execCommand && document.execCommand("copy"); say(ui, t("Link selected: copy it."));
      }
    } });
  const picture = el("div", { class: "mon-qr", role: "img", "aria-label": t("QR code of the join link of {seat}", { seat: seatName(t, seat) }) });
  box.append(el("div", { class: "mon-invite-body" }, picture, el("div", { class: "mon-invite-text" }, input, copy)));
  // the code is drawn inline when the invitation is opened (the server's SVG is made for inline use)
  box.addEventListener("toggle", async () => {
    if (!box.open || picture.firstChild) return;
    try {
      const res = await fetch(qr);
      if (!res.ok) return;
      const doc = new DOMParser().parseFromString(await res.text(), "text/html");
      const code = doc.querySelector("svg");
      if (!code) return;
      const w = code.getAttribute("width");
      const h = code.getAttribute("height");
      if (w && h && !code.getAttribute("viewBox")) code.setAttribute("viewBox", `0 0 ${w} ${h}`);
      code.removeAttribute("width");
      code.removeAttribute("height");
      picture.replaceChildren(document.importNode(code, true));
    } catch { /* no code: the link and the copy button still work */ }
  });
  return box;
}

function say(ui, text) {
  if (ui && typeof ui.say === "function") ui.say(text);
}

// ---------------------------------------------------------------- moves: clicks, previews, keys

function wireMoves(container, root, game, moves, ui, t, mem) {
  const byFirst = new Map();
  for (const move of moves) {
    const first = move.keys[0];
    if (!byFirst.has(first)) byFirst.set(first, []);
    byFirst.get(first).push(move);
  }
  const actions = root.querySelector(".mon-actions");
  const preview = root.querySelector(".mon-preview");
  let previewSeq = 0;

  for (const move of moves) {
    if (!move.keys[0].startsWith("btn:")) continue;
    actions.append(el("button", { type: "button", class: `mon-btn mon-btn-${move.verb}`, "data-key": move.keys[0],
      text: move.label || move.text || move.notation }));
  }
  if (!moves.length) {
    actions.append(el("span", { class: "mon-dim", text: game.status === "playing" ? t("Nothing to do on this device now.") : "" }));
  } else if (moves.some((m) => !m.keys[0].startsWith("btn:"))) {
    // what to click on the table, in the words of the moves there are
    const verbs = new Set(moves.map((m) => m.verb));
    const tips = [];
    if (verbs.has("play")) tips.push(t("Click a card of your hand to play it."));
    if (verbs.has("return")) tips.push(t("Click a red card to give it back."));
    if (verbs.has("hit") || verbs.has("shield") || verbs.has("reroll")) tips.push(t("Click a die, then what it goes on."));
    if (verbs.has("bottom")) tips.push(t("Click the monster that goes to the bottom next."));
    if (verbs.has("remove-tower")) tips.push(t("Or click a built tower to remove it."));
    if (verbs.has("token")) tips.push(t("A die token gives one more die."));
    actions.prepend(el("span", { class: "mon-tip", text: tips.join(" ") }));
  }

  const clickable = () => {
    const keys = new Map(); // key -> the move it makes, or "select"
    if (mem.selected) {
      for (const move of byFirst.get(mem.selected) || []) keys.set(move.keys[1], move);
    }
    for (const [first, list] of byFirst) {
      if (list.length === 1 && list[0].keys.length === 1) keys.set(first, list[0]);
      else if (!keys.has(first)) keys.set(first, "select");
    }
    return keys;
  };

  const paint = () => {
    const keys = clickable();
    for (const node of root.querySelectorAll("[data-key]")) {
      const key = node.getAttribute("data-key");
      const on = keys.has(key);
      node.classList.toggle("mon-can", on);
      node.classList.toggle("mon-selected", key === mem.selected);
      node.classList.toggle("mon-second", !!mem.selected && on && keys.get(key) !== "select" && (byFirst.get(mem.selected) || []).some((m) => m.keys[1] === key));
      if (node.tagName === "BUTTON") {
        node.setAttribute("aria-disabled", on ? "false" : "true");
        if (node.classList.contains("mon-die") || node.classList.contains("mon-monster") || node.classList.contains("mon-card")
          || node.classList.contains("mon-tower") || node.classList.contains("mon-pile") || node.classList.contains("mon-reroll")) {
          node.tabIndex = on ? 0 : -1;
        }
      }
    }
    const hint = root.querySelector(".mon-target");
    if (mem.selected && hint) hint.textContent = t("Die {n} chosen: now click what it goes on (Esc to cancel).", { n: mem.selected.split(":")[1] });
  };

  const highlight = (move) => {
    for (const node of root.querySelectorAll(".mon-hl")) node.classList.remove("mon-hl");
    if (!move || move === "select") return;
    for (const key of move.highlight || []) {
      for (const node of root.querySelectorAll(`[data-key="${cssEscape(key)}"]`)) node.classList.add("mon-hl");
    }
  };

  const showPreview = async (move) => {
    const seq = ++previewSeq;
    highlight(move);
    if (!move || move === "select") { preview.textContent = ""; return; }
    preview.textContent = move.text || move.notation;
    if (typeof ui.preview !== "function") return;
    // ask only for a move still on the table after a short rest (no request per pixel moved)
    await new Promise((resolve) => setTimeout(resolve, 120));
    if (seq !== previewSeq || !container.contains(root) || mem.ply !== game.ply || ui.busy || mem.sent) return;
    try {
      const answer = await ui.preview(move.id);
      if (seq !== previewSeq) return;
      const events = Array.isArray(answer) ? answer : answer && Array.isArray(answer.events) ? answer.events : [];
      const texts = events.map((e) => e.text).filter(Boolean);
      if (texts.length) preview.textContent = texts.slice(0, 4).join(" ") + (texts.length > 4 ? " …" : "");
    } catch { /* a preview is a nicety: the move itself still works */ }
  };

  const play = async (move) => {
    mem.selected = null;
    previewSeq++; // a preview still waiting would ask about a position that is going away
    mem.sent = true;
    paint(); // the chosen die is spent: no highlight waits for a target while the move is on its way
    const done = typeof ui.play === "function" ? await ui.play(move.id, move) : false;
    if (done === false && container.contains(root)) { mem.sent = false; paint(); } // refused: the same position
  };

  const onActivate = async (node) => {
    const key = node.getAttribute("data-key");
    if (!key) return;
    const anim = mem.anim;
    if (anim) anim.finish();
    const keys = clickable();
    const target = keys.get(key);
    if (target && target !== "select") {
      await play(target);
      return;
    }
    if (target === "select") {
      mem.selected = mem.selected === key ? null : key;
      paint();
      showPreview(null);
      return;
    }
    // not a move now: the engine says why when the page can ask it, otherwise the prompt does
    if (!moves.length) {
      say(ui, game.status === "playing" ? t("It is not this device's turn.") : t("The game is over."));
      return;
    }
    if (mem.selected && key.startsWith("mon:") && typeof ui.playNotation === "function") {
      await ui.playNotation(`hit ${key.slice(4)} ${mem.selected.split(":")[1]}`);
      return;
    }
    say(ui, t("That is not a move now: {what}", { what: game.view.phase_text }));
  };

  root.addEventListener("click", (event) => {
    const node = event.target.closest("[data-key]");
    if (!node || !root.contains(node)) return;
    if (node.tagName === "INPUT" || node.closest(".mon-invite")) return;
    event.preventDefault();
    if (ui.busy) return; // a move is on its way
    onActivate(node);
  });
  const hover = (event) => {
    const node = event.target.closest("[data-key]");
    if (!node) return;
    const keys = clickable();
    const move = keys.get(node.getAttribute("data-key"));
    if (move) showPreview(move);
  };
  root.addEventListener("mouseover", hover);
  root.addEventListener("focusin", hover);
  root.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && mem.selected) {
      mem.selected = null;
      paint();
      const hint = root.querySelector(".mon-target");
      if (hint) hint.textContent = "";
      event.preventDefault();
    }
  });
  paint();
}

// ---------------------------------------------------------------- the monsters' turn, step by step

// the monsters' turn, what starts a turn and the dice: the player's own clicks need no replay
const STEP_KINDS = new Set(["monsters_turn", "monsters_attack", "wall_changed", "monster_revealed", "reveal_short",
  "monsters_placed", "shield_placed", "no_shield_token", "abilities", "invasion_raised", "monsters_saved",
  "tower_destroyed", "no_tower_to_destroy", "monster_to_bottom", "turn_started", "dice_rolled", "game_won",
  "game_lost", "no_card_to_play"]);

// Returns whether it played (or, with reduced motion, settled at once) anything: if so it calls
// narrated(fresh.length) itself at the end.
function animate(container, root, view, fresh, t, mem, narrated) {
  const steps = [];
  fresh.forEach((entry, at) => {
    if (entry && entry.event && STEP_KINDS.has(entry.kind || entry.event.kind)) steps.push({ ...entry, at });
  });
  if (!steps.length) return false;
  const reduced = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  const stage = root.querySelector(".mon-stage");
  const caption = stage.querySelector(".mon-stage-caption");
  const strip = stage.querySelector(".mon-stage-strip");
  const skip = stage.querySelector(".mon-skip");
  const wallValue = root.querySelector(".mon-wall-value");
  const invValue = root.querySelector(".mon-inv-value");
  const finalCaption = [...caption.childNodes];
  const finalStrip = [...strip.childNodes];

  // the tracks start where the first step found them
  const firstWall = steps.find((s) => s.event.kind === "wall_changed");
  const firstInv = steps.find((s) => s.event.kind === "invasion_raised");
  const setWall = (v) => {
    wallValue.textContent = String(v);
    for (const brick of root.querySelectorAll(".mon-wall-art rect")) {
      const i = Number(brick.getAttribute("data-i"));
      brick.setAttribute("class", i < v ? "mon-brick" : "mon-brick-gone");
    }
  };
  const setInv = (v) => {
    invValue.textContent = String(v);
    for (const cell of root.querySelectorAll(".mon-inv-cell")) cell.classList.toggle("mon-inv-here", Number(cell.dataset.n) === v);
  };
  if (firstWall) setWall(firstWall.event.from);
  if (firstInv) setInv(firstInv.event.from);

  // the cards the last proliferation put on the table arrive at their step
  const placedAt = steps.map((s) => s.event.kind).lastIndexOf("monsters_placed");
  let arriving = [];
  if (placedAt >= 0) {
    const cards = steps[placedAt].event.cards || [];
    const table = [...root.querySelectorAll(".mon-monsters .mon-monster")];
    const tail = table.slice(table.length - cards.length);
    if (cards.length && tail.length === cards.length && tail.every((n, i) => n.getAttribute("data-key") === `mon:${cards[i]}`)) {
      arriving = tail;
      for (const n of tail) n.classList.add("mon-arriving");
    }
  }

  let index = 0;
  let over = false;
  const anim = {
    finish() {
      if (over) return;
      over = true;
      if (mem.timer) clearTimeout(mem.timer);
      mem.timer = null;
      if (mem.anim === anim) mem.anim = null;
      setWall(view.wall.value);
      setInv(view.invasion.value);
      for (const n of arriving) n.classList.remove("mon-arriving");
      caption.replaceChildren(...finalCaption);
      strip.replaceChildren(...finalStrip);
      stage.classList.remove("mon-playing");
      skip.hidden = true;
      for (const n of root.querySelectorAll(".mon-pulse")) n.classList.remove("mon-pulse");
      fitNames(stage);
      narrated(fresh.length);
    },
  };
  mem.anim = anim;
  if (reduced) { anim.finish(); return true; }
  skip.hidden = false;
  skip.addEventListener("click", () => anim.finish());
  stage.classList.add("mon-playing");
  strip.replaceChildren();

  const pulse = (selector) => {
    for (const n of root.querySelectorAll(selector)) {
      n.classList.remove("mon-pulse");
      void n.offsetWidth; // restart the animation
      n.classList.add("mon-pulse");
    }
  };

  const step = () => {
    if (index >= steps.length) { anim.finish(); return; }
    const entry = steps[index++];
    const e = entry.event;
    caption.textContent = entry.text || e.kind;
    caption.title = caption.textContent;
    switch (e.kind) {
      case "monsters_turn":
        strip.replaceChildren();
        pulse(".mon-monsters .mon-monster");
        break;
      case "monsters_attack":
        pulse(".mon-threat");
        break;
      case "wall_changed":
        setWall(e.to);
        pulse(".mon-wall");
        break;
      case "monster_revealed":
        if (e.why !== "setup") strip.append(stageCard(view, e.card, t));
        break;
      case "monsters_placed":
        for (const card of strip.querySelectorAll(".mon-monster")) {
          const id = card.getAttribute("data-id");
          card.classList.add((e.cards || []).includes(id) ? "mon-going-table" : "mon-going-aside");
        }
        if (index - 1 === placedAt) for (const n of arriving) n.classList.remove("mon-arriving");
        pulse(".mon-monsters .mon-monster:not(.mon-arriving)");
        break;
      case "shield_placed":
        pulse(".mon-shields");
        break;
      case "invasion_raised":
        setInv(e.to);
        pulse(".mon-invasion");
        break;
      case "tower_destroyed":
        pulse(".mon-tower-row");
        break;
      case "monster_to_bottom":
      case "monsters_saved":
        pulse("[data-key='monster_deck']");
        break;
      case "dice_rolled":
        pulse(".mon-dice .mon-die");
        break;
      case "card_played":
        pulse(`[data-slot="${e.slot}"]`);
        break;
      default:
        break;
    }
    fitNames(strip);
    narrated(entry.at);
    mem.timer = setTimeout(step, e.kind === "wall_changed" || e.kind === "monster_revealed" ? STEP_MS * 1.3 : STEP_MS);
  };
  step();
  return true;
}

function stageCard(view, id, t) {
  // every card of the deck is in the view by id (the cards are public)
  const known = (view.monster_kinds || {})[id];
  const m = known || { id, name: "", level: "?", life: "?", attack: "?", shield: false, abilities: [], coloured: false, role: "comum" };
  const card = monsterCard(m, t, { tabindex: "-1", "data-id": id });
  card.classList.add("mon-small", "mon-flip-in");
  return card;
}
