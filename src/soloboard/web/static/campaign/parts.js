// The pieces both campaign pages draw: the phase, kind and side of things in words, the threat
// level picker, a component (scenario, city, character) with its side, the sky column.

import { t } from "../i18n.js";
import { h } from "../shared.js";

const THREATS = [0, 1, 2, 3, 4];

export const campaignPath = (name) => `/campaign/${encodeURIComponent(name)}`;

export function phaseText(phase) {
  return {
    choose: t("Choosing a battle"),
    name_city: t("Naming the final battle's city"),
    set_up: t("Setting up a game"),
    playing: t("Game in play"),
    over: t("Campaign over"),
    unreadable: t("Cannot be read now"),
  }[phase] || phase;
}

export function kindText(kind) {
  return { scenario: t("Scenario"), city: t("City"), character: t("Character"), sky_tile: t("Sky tile") }[kind] || kind;
}

export function threatPicker(name, value, onChange = null) {
  const group = h("div", { class: "segmented", role: "radiogroup", "aria-label": t("Threat level") });
  for (const level of THREATS) {
    const input = h("input", { type: "radio", name, value: String(level), id: `${name}-${level}` });
    input.checked = level === value;
    if (onChange) input.addEventListener("change", () => onChange(level));
    group.append(h("label", { for: `${name}-${level}` }, input, h("span", null, String(level))));
  }
  return group;
}

export function componentLine(comp, side = null) {
  if (!comp) return null;
  return h("li", { class: "component", "data-kind": comp.kind, "data-id": comp.id },
    h("span", { class: "component-kind" }, kindText(comp.kind)),
    h("span", { class: "component-body" },
      h("span", { class: "component-name" }, comp.name),
      side ? h("span", { class: "component-side" }, side) : null,
      comp.known === false
        ? h("span", { class: "unknown-tag", title: t("Its rules are on the sealed chapter components and are not known to soloboard: play it at your table.") },
          t("rules not known"))
        : null));
}

export function sideText(side) {
  return { blue: t("blue side"), damaged: t("damaged side"), basic: t("blue side"), upgraded: t("upgraded side") }[side] || side;
}

// the four sky tiles as they lie above the city: tile 4 at the top, tile 1 nearest the city
export function skyColumn(sides) {
  return h("ol", { class: "campaign-sky", "aria-label": t("Sky tiles") },
    sides.map((side, i) => ({ side, n: i + 1 })).reverse().map(({ side, n }) => h("li", {
      class: `campaign-tile ${side === "threat" ? "tile-threat" : "tile-easy"}`, "data-tile": n, "data-side": side },
    h("span", { class: "tile-name" }, t("Sky tile {n}", { n })),
    h("span", { class: "tile-side" }, side === "threat" ? `★ ${t("threat side")}` : t("easy side")))),
  h("li", { class: "campaign-tile tile-city", "aria-hidden": "true" }, t("City")));
}

export function resultBox(game, label) {
  const value = game ? game.box : "";
  return h("span", { class: `result-box${value === "X" ? " box-lost" : value ? " box-won" : ""}`,
    title: label, "aria-label": `${label}: ${value || t("empty")}` }, value || "\u00a0");
}

export function starValue(value) {
  const whole = Math.trunc(Math.abs(value));
  const half = Math.abs(value) % 1 !== 0;
  return `${value < 0 ? "−" : ""}${whole || !half ? whole : ""}${half ? "½" : ""}`;
}

