// The custom battle builder ("campaign components in a standalone game"): a city and its side, a
// scenario, characters, each sky tile and its side; the server counts its stars as the rulebook
// does, says what soloboard does not know, and starts it as a browser game when it can.

import { ApiError, api } from "../api.js";
import { t } from "../i18n.js";
import { h, openCreatedGame, starsView, toast } from "../shared.js";
import { starValue } from "./parts.js";

const SKY_SIDES = ["easy", "threat"];

const unknownMark = (known) => (known ? "" : ` · ${t("rules not known")}`);

// the answer of the server for a battle: its difficulty, its terms, and how it can be played
function resultNodes(answer, play) {
  const measured = (answer.measured || []).map((m) => ({ ...m,
    agent: m.match === "exact" ? m.agent : t("{agent}, tiles drawn at random", { agent: m.agent }) }));
  const d = answer.difficulty;
  return [
    // measured win rates exist only for the engine's own set-ups
    starsView({ stars: d.stars, scale: d.scale, stars_text: null, measured: answer.playable ? measured : null }) || "",
    d.parts.length ? h("ul", { class: "star-terms" }, d.parts.map((p) => h("li", null,
      h("span", null, p.what), h("span", { class: "star-term" }, `${p.value > 0 ? "+" : ""}${starValue(p.value)}`))))
      : null,
    ...(d.notes || []).map((note) => h("p", { class: "field-help" }, note)),
    answer.playable
      ? h("button", { type: "button", class: "token-button primary", "data-play": "custom", onclick: play },
        t("Play this battle here"))
      : h("div", { class: "form-warning" }, h("p", null, t("Played at your table: soloboard does not know {parts}.",
        { parts: answer.unknown.join(", ") })))].filter(Boolean);
}

function select(id, options, value, onChange) {
  const el = h("select", { id }, options.map((o) => h("option", { value: o.value }, o.label)));
  el.value = value;
  el.addEventListener("change", () => onChange(el.value));
  return el;
}

function characterPick(c, spec, update) {
  const box = h("input", { type: "checkbox", id: `custom-char-${c.id}`, value: c.id });
  const level = h("select", { "aria-label": t("{name}: side", { name: c.name }), disabled: true },
    h("option", { value: "basic" }, t("blue side") + (c.known.upgraded && !c.known.basic ? unknownMark(false) : "")),
    h("option", { value: "upgraded" }, t("upgraded side") + (c.known.basic && !c.known.upgraded ? unknownMark(false) : "")));
  const sync = () => {
    level.disabled = !box.checked;
    if (box.checked) spec.characters[c.id] = level.value === "upgraded";
    else delete spec.characters[c.id];
    update();
  };
  box.addEventListener("change", sync);
  level.addEventListener("change", sync);
  const unknown = !c.known.basic && !c.known.upgraded;
  return h("div", { class: "custom-char" }, box,
    h("label", { for: `custom-char-${c.id}` }, c.name,
      unknown ? h("span", { class: "unknown-tag", title: t("Its rules are on the sealed chapter components and are not known to soloboard: play it at your table.") }, t("rules not known")) : null),
    level);
}

// one sky tile (i: 0 nearest the city): which tile, and which side up
function skyTilePick(i, tiles, spec, update) {
  const tile = select(`custom-tile-${i + 1}`, tiles.map((x) => ({ value: x.id,
    label: (x.id === "basic" ? t("basic tile") : x.name) + (x.known ? "" : ` · ${t("contents not known")}`) })),
  "basic", (v) => { spec.sky[i][0] = v; update(); });
  const sideBox = h("div", { class: "segmented small", role: "radiogroup", "aria-label": t("Sky tile {n}", { n: i + 1 }) },
    SKY_SIDES.map((s) => {
      const input = h("input", { type: "radio", name: `custom-tile-side-${i + 1}`, value: s, id: `custom-tile-${i + 1}-${s}` });
      input.checked = s === "easy";
      input.addEventListener("change", () => { spec.sky[i][1] = s; update(); });
      return h("label", { for: `custom-tile-${i + 1}-${s}` }, input, h("span", null, s === "threat" ? t("threat side") : t("easy side")));
    }));
  return h("div", { class: "custom-tile", "data-height": i + 1 },
    h("label", { class: "field-label", for: `custom-tile-${i + 1}` }, t("Sky tile {n}", { n: i + 1 })), tile, sideBox);
}

function builderFields(parts, spec, update) {
  const city = select("custom-city", parts.cities.map((c) => ({ value: c.id, label: c.name + unknownMark(c.known.blue) })),
    spec.city, (v) => { spec.city = v; update(); });
  const side = select("custom-side", [{ value: "blue", label: t("blue side") }, { value: "damaged", label: t("damaged side") }],
    spec.side, (v) => { spec.side = v; update(); });
  const scenario = select("custom-scenario", [{ value: "", label: t("No scenario") },
    ...parts.scenarios.map((c) => ({ value: c.id, label: c.name + unknownMark(c.known) }))], "", (v) => { spec.scenario = v || null; update(); });
  const team = h("div", { class: "custom-team" }, parts.characters.map((c) => characterPick(c, spec, update)));
  // the sky as it lies above the city: height 4 at the top
  const sky = h("div", { class: "custom-sky" }, [3, 2, 1, 0].map((i) => skyTilePick(i, parts.sky[i], spec, update)));
  return h("div", { class: "fields" },
    h("div", { class: "field-row" },
      h("label", { class: "field", for: "custom-city" }, h("span", { class: "field-label" }, t("City")), city),
      h("label", { class: "field", for: "custom-side" }, h("span", { class: "field-label" }, t("City side")), side)),
    h("label", { class: "field", for: "custom-scenario" }, h("span", { class: "field-label" }, t("Scenario")), scenario),
    h("div", { class: "field" }, h("span", { class: "field-label" }, t("Characters")), team),
    h("div", { class: "field" }, h("span", { class: "field-label" }, t("Sky tiles")),
      h("span", { class: "field-help" }, t("Top tile nearest the mothership.")), sky));
}

export function customBuilder(parts) {
  const spec = { city: "roswell", side: "blue", scenario: null, characters: {},
    sky: [["basic", "easy"], ["basic", "easy"], ["basic", "easy"], ["basic", "easy"]] };
  const out = h("div", { class: "custom-result", "aria-live": "polite" });
  let asked = 0;
  const play = async () => {
    try {
      openCreatedGame(await api.customGame(spec));
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      toast(err.message, "error", err.ruleText);
    }
  };
  // the latest answer only: a slower answer to an older spec is dropped
  const update = async () => {
    const seq = ++asked;
    try {
      const answer = await api.customBattle(spec);
      if (seq === asked) out.replaceChildren(...resultNodes(answer, play));
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      if (seq === asked) out.replaceChildren(h("p", { class: "form-error" }, err.message));
    }
  };
  const fields = builderFields(parts, spec, update);
  update();
  return h("div", { class: "custom-builder" }, fields,
    h("aside", { class: "difficulty paper-inset", "aria-label": t("Difficulty") }, out));
}
