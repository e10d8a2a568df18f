// The table's input: a click (or Enter) on a piece whose key a move names makes the move, or
// selects the die it starts with; hovering or focusing a move previews it (the engine's words);
// Escape drops the selected die. A click that is no move now says why.

import { cssEscape, el, say } from "./dom.js";
import {
  buttonMoves, clickableKeys, isSecondKey, movesByFirstKey, previewText, tips,
} from "./moves-model.js";

const FOCUSABLE = ["mon-die", "mon-monster", "mon-card", "mon-tower", "mon-pile", "mon-reroll"];

function fillMoveBar(c) {
  const actions = c.root.querySelector(".mon-actions");
  for (const move of buttonMoves(c.moves)) {
    actions.append(el("button", { type: "button", class: `mon-btn mon-btn-${move.verb}`, "data-key": move.keys[0],
      text: move.label || move.text || move.notation }));
  }
  if (!c.moves.length) {
    actions.append(el("span", { class: "mon-dim", text: c.game.status === "playing" ? c.t("Nothing to do on this device now.") : "" }));
  } else if (buttonMoves(c.moves).length < c.moves.length) {
    actions.prepend(el("span", { class: "mon-tip", text: tips(c.moves, c.t) }));
  }
}

const clickable = (c) => clickableKeys(c.byFirst, c.mem.selected);

// every keyed piece marked: clickable now, the selected die, the second click of its move
function paint(c) {
  const keys = clickable(c);
  const selected = c.mem.selected;
  for (const node of c.root.querySelectorAll("[data-key]")) {
    const key = node.getAttribute("data-key");
    const on = keys.has(key);
    node.classList.toggle("mon-can", on);
    node.classList.toggle("mon-selected", key === selected);
    node.classList.toggle("mon-second", !!selected && on && keys.get(key) !== "select" && isSecondKey(c.byFirst, selected, key));
    if (node.tagName === "BUTTON") {
      node.setAttribute("aria-disabled", on ? "false" : "true");
      if (FOCUSABLE.some((cls) => node.classList.contains(cls))) node.tabIndex = on ? 0 : -1;
    }
  }
  const hint = c.root.querySelector(".mon-target");
  if (selected && hint) hint.textContent = c.t("Die {n} chosen: now click what it goes on (Esc to cancel).", { n: selected.split(":")[1] });
}

function highlight(c, move) {
  for (const node of c.root.querySelectorAll(".mon-hl")) node.classList.remove("mon-hl");
  if (!move || move === "select") return;
  for (const key of move.highlight || []) {
    for (const node of c.root.querySelectorAll(`[data-key="${cssEscape(key)}"]`)) node.classList.add("mon-hl");
  }
}

async function showPreview(c, move) {
  const seq = ++c.previewSeq;
  highlight(c, move);
  if (!move || move === "select") { c.preview.textContent = ""; return; }
  c.preview.textContent = move.text || move.notation;
  if (typeof c.ui.preview !== "function") return;
  // ask only for a move still on the table after a short rest (no request per pixel moved)
  await new Promise((resolve) => setTimeout(resolve, 120));
  if (seq !== c.previewSeq || !c.container.contains(c.root) || c.mem.ply !== c.game.ply || c.ui.busy || c.mem.sent) return;
  try {
    const answer = await c.ui.preview(move.id);
    if (seq !== c.previewSeq) return;
    const text = previewText(answer);
    if (text) c.preview.textContent = text;
  } catch { /* a preview is a nicety: the move itself still works */ }
}

async function play(c, move) {
  c.mem.selected = null;
  c.previewSeq++; // a preview still waiting would ask about a position that is going away
  c.mem.sent = true;
  paint(c); // the chosen die is spent: no highlight waits for a target while the move is on its way
  const done = typeof c.ui.play === "function" ? await c.ui.play(move.id, move) : false;
  if (done === false && c.container.contains(c.root)) { c.mem.sent = false; paint(c); } // refused: the same position
}

async function onActivate(c, node) {
  const key = node.getAttribute("data-key");
  if (!key) return;
  if (c.mem.anim) c.mem.anim.finish();
  const target = clickable(c).get(key);
  if (target && target !== "select") {
    await play(c, target);
    return;
  }
  if (target === "select") {
    c.mem.selected = c.mem.selected === key ? null : key;
    paint(c);
    showPreview(c, null);
    return;
  }
  // not a move now: the engine says why when the page can ask it, otherwise the prompt does
  if (!c.moves.length) {
    say(c.ui, c.game.status === "playing" ? c.t("It is not this device's turn.") : c.t("The game is over."));
    return;
  }
  if (c.mem.selected && key.startsWith("mon:") && typeof c.ui.playNotation === "function") {
    await c.ui.playNotation(`hit ${key.slice(4)} ${c.mem.selected.split(":")[1]}`);
    return;
  }
  say(c.ui, c.t("That is not a move now: {what}", { what: c.game.view.phase_text }));
}

function listen(c) {
  c.root.addEventListener("click", (event) => {
    const node = event.target.closest("[data-key]");
    if (!node || !c.root.contains(node)) return;
    if (node.tagName === "INPUT" || node.closest(".mon-invite")) return;
    event.preventDefault();
    if (c.ui.busy) return; // a move is on its way
    onActivate(c, node);
  });
  const hover = (event) => {
    const node = event.target.closest("[data-key]");
    if (!node) return;
    const move = clickable(c).get(node.getAttribute("data-key"));
    if (move) showPreview(c, move);
  };
  c.root.addEventListener("mouseover", hover);
  c.root.addEventListener("focusin", hover);
  c.root.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && c.mem.selected) {
      c.mem.selected = null;
      paint(c);
      const hint = c.root.querySelector(".mon-target");
      if (hint) hint.textContent = "";
      event.preventDefault();
    }
  });
}

export function wireMoves(container, root, game, moves, ui, t, mem) {
  const c = { container, root, game, moves, ui, t, mem, byFirst: movesByFirstKey(moves),
    preview: root.querySelector(".mon-preview"), previewSeq: 0 };
  fillMoveBar(c);
  listen(c);
  paint(c);
}
