// The game boxes' small drawings (inline, no image files), by the catalog's drawing id ("art").

import { h } from "../shared.js";

function saucerArt(extra) {
  return h("span", { class: `box-art box-art-ufs${extra}`, "aria-hidden": "true" },
    h("span", { class: "saucer" }), h("span", { class: "beam" }), h("span", { class: "skyline" }));
}

const DRAWINGS = {
  ufs: () => saucerArt(""),
  "ufs-pnp": () => saucerArt(" pnp"),
  monstros: () => h("span", { class: "box-art box-art-monstros", "aria-hidden": "true" },
    h("span", { class: "brick" }), h("span", { class: "brick" }), h("span", { class: "brick" }),
    h("span", { class: "monster-eye" })),
};

// the drawing of `art`, or null for a drawing this page does not have
export function boxArt(art) {
  return DRAWINGS[art] ? DRAWINGS[art]() : null;
}
