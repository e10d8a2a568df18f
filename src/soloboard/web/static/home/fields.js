// The new-game dialog's fields: one per parameter of the catalog (a row of tokens or a list for
// choices, a box for yes/no, a number or a text), the sky tiles' sides, the difficult cards.

import { t } from "../i18n.js";
import { h } from "../shared.js";
import { chosenCards, skySides } from "./setup-form.js";


export function paramField(spec, value, onChange) {
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

// The sky tiles, top (nearest the mothership) to bottom, each turned easy or threat.
export function skyField(spec, value, onChange) {
  const tiles = spec.length;
  const sides = skySides(value, tiles);
  const column = h("div", { class: "sky-tiles", role: "group", "aria-label": spec.label });
  const draw = () => {
    column.replaceChildren(...[...Array(tiles).keys()].reverse().map((i) => {
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
export function cardsField(spec, value, onChange) {
  const chosen = chosenCards(value);
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
