// "Moves as a list" under the board: every legal move as a button, what it would do on hover or
// focus (the move's preview, asked then). Where no board module can draw the game, the game is played from here.

import { t } from "../i18n.js";
import { h } from "../shared.js";

export function drawMoves(p, g) {
  const { movesList, moveEffect } = p.els;
  const moves = g.moves || [];
  // a keyboard user who just played from the list stays in the list
  const hadFocus = movesList.contains(document.activeElement);
  moveEffect.textContent = "";
  if (!moves.length) {
    movesList.replaceChildren(h("p", { class: "muted" },
      g.status === "playing" ? t("No move to make on this device now.") : t("The game is over.")));
    return;
  }
  movesList.replaceChildren(...moves.map((m) => {
    const describe = async () => {
      try {
        const events = await p.ui.preview(m.id);
        moveEffect.textContent = events.map((e) => e.text).filter(Boolean).join(" ");
      } catch { moveEffect.textContent = ""; }
    };
    return h("button", { type: "button", class: "move-button", onclick: () => p.ui.play(m.id),
      onfocus: describe, onmouseenter: describe },
    // what a move does is asked for when it is pointed at (its preview, below the list); a button the
    // board draws with words (Monstros: "Keep this hand") carries them here too
    h("span", { class: "move-notation" }, m.notation ?? ""), " ", h("span", null, m.label ?? ""));
  }));
  if (hadFocus) movesList.querySelector("button").focus();
}
