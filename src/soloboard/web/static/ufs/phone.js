// A phone's board: the decision on one screen. The sky and the base are two windows of the one
// drawing, switched by tabs (the part the decision is played on shown first); the message and the
// dice tray sit in a sheet at the bottom of the screen, where the thumb and the eye are.

import { el, html } from "./dom.js";
import { trayViewBox, viewBoxOf } from "./layout.js";

// where the current decision is played: spawning ships happens in the sky, the rest on the base;
// a move being played out (the ships, the mothership) is watched in the sky
export function partFor(phase, passive) {
  if (passive || phase === "spawn") return "sky";
  return "base";
}

// the part shown: the one the person chose for this position, else the decision's own
export function shownPart(st, phase, passive) {
  return (!passive && st.part) || partFor(phase, passive);
}

export function phoneTabs(L, svg, st, part, t) {
  const bar = html("div", { class: "ufs-tabs", role: "group", "aria-label": t("Part of the board shown") });
  const show = (which) => {
    st.part = which;
    svg.setAttribute("viewBox", viewBoxOf(L, which));
    svg.dataset.part = which;
    for (const b of bar.querySelectorAll("button")) b.setAttribute("aria-pressed", String(b.dataset.part === which));
  };
  for (const [which, label] of [["sky", t("Sky")], ["base", t("Base")]]) {
    bar.appendChild(html("button", { type: "button", class: "ufs-tab", "data-part": which,
      "aria-pressed": String(which === part), onclick: () => show(which) }, label));
  }
  svg.setAttribute("viewBox", viewBoxOf(L, part));
  svg.dataset.part = part;
  return bar;
}

// the sheet: the message over the dice tray (`trayGroup`, the tray's drawing, in an SVG of its own)
export function phoneSheet(L, view, msg, trayGroup, t) {
  const tray = el("svg", { viewBox: trayViewBox(L, view.tray), class: "ufs-svg ufs-tray-svg narrow",
    role: "group", "aria-label": t("Dice") });
  tray.appendChild(trayGroup);
  return html("div", { class: "ufs-sheet" }, msg, tray);
}
