// The campaign's next step, by phase: choose a pile, name the final battle's city, set up a game
// (played here when soloboard knows every part, else at the table), the game in play with its
// set-up and result buttons, or the campaign over. `c`: {view, step(action, value, extra), openGame()}.

import { t } from "../i18n.js";
import { h } from "../shared.js";
import { componentLine, sideText, skyColumn } from "./parts.js";

function choosePile(status, c) {
  return [h("div", { class: "piles" }, status.piles.map((pile, i) => h("section", {
    class: "pile paper-inset", "data-pile": i + 1, "aria-labelledby": `pile-${i + 1}` },
  h("h3", { id: `pile-${i + 1}` }, t("Pile {n}", { n: i + 1 })),
  h("ul", { class: "components" }, componentLine(pile.scenario), componentLine(pile.city), componentLine(pile.character)),
  h("button", { type: "button", class: "token-button primary", onclick: () => c.step("choose", i + 1) },
    t("Choose pile {n}", { n: i + 1 }))))),
  h("p", { class: "field-help" }, t("The other pile leaves the campaign."))];
}

function nameCity(status, c) {
  const select = h("select", { id: "final-city" }, (status.city_choices || []).map((x) => h("option", { value: x.id }, x.name)));
  return [h("div", { class: "field-row" },
    h("label", { class: "field", for: "final-city" }, h("span", { class: "field-label" }, t("City")), select),
    h("button", { type: "button", class: "token-button primary", onclick: () => c.step("name_city", select.value) },
      t("Name the city")))];
}

function setUp(status, c) {
  const battle = status.battle;
  const number = battle ? battle.games.length + 1 : 1;
  const parts = [c.view.digital
    // every part of the game is known to soloboard: it can be played here, or still at the table
    ? h("div", { class: "field-row" },
      h("button", { type: "button", class: "token-button primary", "data-play": "digital",
        onclick: async () => { if (await c.step("set_up")) await c.openGame(); } },
      number === 1 ? t("Set up the first game and play it here") : t("Set up the second game and play it here")),
      h("button", { type: "button", class: "token-button", "data-play": "companion",
        onclick: () => c.step("set_up", null, { companion: true }) },
      number === 1 ? t("Set up the first game at your table") : t("Set up the second game at your table")))
    : h("div", { class: "field-row" },
      h("button", { type: "button", class: "token-button primary", onclick: () => c.step("set_up", null, { companion: true }) },
        number === 1 ? t("Set up the first game") : t("Set up the second game")))];
  if (c.view.unknown && c.view.unknown.length) {
    parts.push(h("p", { class: "field-help" }, t("Played at your table: soloboard does not know {parts}.",
      { parts: c.view.unknown.join(", ") })));
  }
  return parts;
}

function playing(g, c) {
  const setupCard = h("div", { class: "setup-card" },
    skyColumn(g.sky_sides),
    h("div", { class: "setup-parts" },
      h("h3", null, t("Battle {battle}, game {game}", { battle: g.battle, game: g.game })),
      h("ul", { class: "components" },
        componentLine({ ...g.city, kind: "city" }, sideText(g.side)),
        componentLine(g.scenario),
        componentLine(g.character, g.character ? sideText((g.team.find((x) => x.id === g.character.id) || {}).side) : null)),
      h("ul", { class: "setup-text" }, g.text.split("\n").map((line) => h("li", null, line)))));
  return [setupCard, g.mode === "digital"
    // played here: the game itself writes its result in the journal when it ends
    ? h("div", { class: "field-row" },
      h("button", { type: "button", class: "token-button primary", "data-play": "open", onclick: () => c.openGame() },
        c.view.web_game ? t("Go on with the game") : t("Start the game")),
      h("span", { class: "field-help" }, t("Played with soloboard: its result is written here when it ends.")))
    : h("div", { class: "field-row result-row" },
      h("button", { type: "button", class: "token-button primary", "data-result": "won",
        onclick: () => c.step("record", "won") }, t("Won: the box gets {level}", { level: g.threat })),
      h("button", { type: "button", class: "token-button", "data-result": "lost",
        onclick: () => c.step("record", "lost") }, t("Lost: the box gets X")))];
}

function over(status) {
  const saved = status.battles.filter((b) => b.city_fate === "saved").map((b) => b.city.name);
  return [h("p", { class: "campaign-over" }, t("The campaign is over."),
    " ", saved.length ? t("Cities saved: {names}", { names: saved.join(", ") }) : t("No city was saved."))];
}

export function nowNodes(status, c) {
  const parts = status.phase === "over" ? [] : [h("p", { class: "campaign-next" }, status.next)];
  if (status.phase === "choose" && status.piles) parts.push(...choosePile(status, c));
  else if (status.phase === "name_city") parts.push(...nameCity(status, c));
  else if (status.phase === "set_up") parts.push(...setUp(status, c));
  else if (status.phase === "playing" && status.game) parts.push(...playing(status.game, c));
  else if (status.phase === "over") parts.push(...over(status));
  return parts;
}
