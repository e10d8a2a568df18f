// The result banner over the board when the game is won or lost (closed, it stays closed for
// that result): the result in words, and where to go next.

import { t } from "../i18n.js";
import { h } from "../shared.js";

export function drawBanner(p, g) {
  const slot = p.els.bannerSlot;
  slot.replaceChildren();
  if (g.status !== "won" && g.status !== "lost") {
    p.bannerDismissed = false;
    return;
  }
  if (p.bannerDismissed) return;
  const close = () => { p.bannerDismissed = true; slot.replaceChildren(); };
  const closeBtn = h("button", { type: "button", class: "token-button small", onclick: close }, t("Close"));
  const banner = h("div", { class: `result-banner result-${g.status}`, role: "status" },
    h("p", { class: "result-word" }, g.status === "won" ? t("Victory!") : t("Defeat")),
    g.result ? h("p", { class: "result-text" }, g.result) : null,
    g.campaign ? h("p", { class: "result-text" }, t("The result is written in the campaign's journal.")) : null,
    h("div", { class: "result-actions" },
      g.campaign
        ? h("a", { class: "token-button primary", href: `/campaign/${encodeURIComponent(g.campaign.name)}`, "data-nav": true },
          t("Back to the campaign"))
        : h("a", { class: "token-button", href: `/?new=${encodeURIComponent(g.game)}`, "data-nav": true }, t("New game")),
      h("a", { class: "token-button", href: "/history", "data-nav": true }, t("History")),
      closeBtn));
  banner.addEventListener("keydown", (e) => { if (e.key === "Escape") close(); });
  slot.append(banner);
}
