// What the saved games' list (home.js) and the campaigns' list (campaign/list.js) share: the
// sort and filter controls (kept in the page's address, so a reload keeps them), the question
// before a deletion, and the shelf of Undo buttons. A deletion is the server's (docs/web.md,
// "Managing saved games and campaigns"): the item is hidden at once and removed for good when the
// undo window closes; the list's answer names what may still be taken back, with the seconds
// left, so a reload within the window shows its Undo again.

import { ApiError } from "../api.js";
import { dateTime, t } from "../i18n.js";
import { announce, h, toast } from "../shared.js";

const SEARCH_DELAY_MS = 250; // typing in the search box asks the server once the typing pauses

// --- sort and filter controls -------------------------------------------------------------------------

// The values asked for in the address (?q=...&sort=...), each kept only if it is one of its choices.
export function readQuery(fields) {
  const params = new URLSearchParams(location.search);
  const out = {};
  for (const f of fields) {
    const value = params.get(f.name) ?? "";
    out[f.name] = f.choices && !f.choices.some((c) => c.value === value) ? f.choices[0].value : value;
  }
  return out;
}

function writeQuery(fields, values) {
  const url = new URL(location.href);
  for (const f of fields) {
    const value = values[f.name];
    if (value && (!f.choices || value !== f.choices[0].value)) url.searchParams.set(f.name, value);
    else url.searchParams.delete(f.name);
  }
  history.replaceState(history.state, "", url.pathname + url.search + url.hash);
}

function control(idPrefix, f, value) {
  const id = `${idPrefix}-${f.name}`;
  const input = f.choices
    ? h("select", { id, name: f.name }, f.choices.map((c) => h("option", { value: c.value, selected: c.value === value }, c.label)))
    : h("input", { id, name: f.name, type: "search", value, maxlength: String(f.max || 100), autocomplete: "off",
      placeholder: f.placeholder || null });
  return h("label", { class: "list-control", for: id }, h("span", { class: "field-label" }, f.label), input);
}

// The form of a list's controls: `fields` [{name, label, choices?: [{value, label}], max?}]; `changed(values)`
// is called with every field's value after a change (the search box's after a pause in the typing).
export function listControls({ idPrefix, label, fields, values, changed }) {
  const form = h("form", { class: "list-controls", role: "search", "aria-label": label },
    fields.map((f) => control(idPrefix, f, values[f.name])));
  let timer = null;
  const current = () => Object.fromEntries(fields.map((f) => [f.name, form.elements[f.name].value.trim()]));
  const send = () => {
    clearTimeout(timer);
    const now = current();
    writeQuery(fields, now);
    changed(now);
  };
  form.addEventListener("submit", (event) => { event.preventDefault(); send(); });
  form.addEventListener("change", send);
  form.addEventListener("input", (event) => {
    if (event.target.tagName !== "INPUT") return;
    clearTimeout(timer);
    timer = setTimeout(send, SEARCH_DELAY_MS);
  });
  return form;
}

// A sort choice's value is "key" or "key:order" (the server's sort and order).
export function sortQuery(value) {
  const [sort, order] = String(value || "").split(":");
  return order ? { sort, order } : { sort };
}

export function datesText(created, updated) {
  return [created ? t("Started {date}", { date: dateTime(created) }) : null,
    updated ? t("Last played {date}", { date: dateTime(updated) }) : null].filter(Boolean).join(" · ");
}

// --- asking before a deletion ---------------------------------------------------------------------------

// A modal question: resolves true when the person confirms. The safe answer (Cancel) has the focus.
export function confirmDelete({ heading, lines, confirmLabel }) {
  return new Promise((resolve) => {
    const cancel = h("button", { type: "button", class: "token-button" }, t("Cancel"));
    const confirm = h("button", { type: "button", class: "token-button danger" }, confirmLabel);
    const dialog = h("dialog", { class: "confirm-delete paper", "aria-labelledby": "confirm-delete-title",
      "aria-describedby": "confirm-delete-text" },
    h("h2", { id: "confirm-delete-title" }, heading),
    h("div", { id: "confirm-delete-text" }, lines.map((line) => h("p", null, line))),
    h("div", { class: "confirm-actions" }, cancel, confirm));
    let answer = false;
    cancel.addEventListener("click", () => dialog.close());
    confirm.addEventListener("click", () => { answer = true; dialog.close(); });
    // the browser's Back while it asks: the question goes with the page it was asked on
    const leave = () => dialog.close();
    window.addEventListener("popstate", leave, { once: true });
    dialog.addEventListener("close", () => {
      window.removeEventListener("popstate", leave);
      dialog.remove();
      resolve(answer);
    });
    document.body.append(dialog);
    dialog.showModal();
    cancel.focus();
  });
}

// --- the shelf of Undo buttons ----------------------------------------------------------------------------

// One Undo per deletion still pending, each with its seconds left; `restore()` asks the server,
// `restored()` redraws the list. An item whose window closes leaves the shelf (the server removes
// what it deleted by itself).
export function undoShelf(label) {
  const shelf = h("div", { class: "undo-shelf", role: "region", "aria-label": label });
  const items = new Map();
  const drop = (key) => {
    const item = items.get(key);
    if (!item) return;
    clearInterval(item.timer);
    item.el.remove();
    items.delete(key);
  };
  const add = ({ key, text, seconds, restore, restored, focus = false }) => {
    drop(key);
    const until = Date.now() + seconds * 1000;
    const left = h("span", { class: "undo-left", "aria-hidden": "true" });
    const message = h("span", { class: "undo-text", id: `undo-${key}` }, text);
    const button = h("button", { type: "button", class: "token-button undo-button", "aria-describedby": `undo-${key}` },
      t("Undo"));
    const el = h("div", { class: "undo-item" }, message, left, button);
    const tick = () => {
      const secs = Math.ceil((until - Date.now()) / 1000);
      if (secs <= 0) drop(key);
      else left.textContent = t("{n} s", { n: secs });
    };
    button.addEventListener("click", async () => {
      button.disabled = true;
      try {
        await restore();
        drop(key);
        announce(t("Brought back."));
        await restored();
      } catch (err) {
        if (!(err instanceof ApiError)) throw err;
        drop(key);
        toast(err.message, "error");
      }
    });
    items.set(key, { el, timer: setInterval(tick, 250) });
    tick();
    shelf.append(el);
    if (focus) button.focus();
  };
  return { el: shelf, add, drop, keys: () => [...items.keys()] };
}

// --- a list a person manages --------------------------------------------------------------------------

// The saved games' and the campaigns' sections share their working: the controls (kept in the
// address), a count and the cards drawn again on every change (the latest request wins: an earlier
// answer arriving after it is not drawn), and deletion: a question, then an Undo on the shelf while
// the server's window lasts, which survives a reload (the list's answer carries `deleted`).
//   fields, idPrefix, findLabel, shelfLabel: the controls and the shelf
//   fetch(values) -> the server's answer; draw(answer, values, remove) -> [count text, card nodes]
//   item: { key, title, focus } of a listed or pending entry (`focus`: the selector of its link)
//   ask(entry, seconds) -> confirmDelete's { heading, lines, confirmLabel }
//   remove(entry) -> the server's answer to the deletion; restore(key) -> the server's to the Undo
export function managedList({ fields, idPrefix, findLabel, shelfLabel, fetch, draw, item, ask, remove, restore }) {
  let values = readQuery(fields);
  const count = h("p", { class: "list-count", role: "status" });
  const slot = h("div", { class: "manage-slot" });
  const shelf = undoShelf(shelfLabel);
  let undoWindow = 10;
  let asked = 0;
  const offer = (entry, seconds, focus) => {
    const { key, title, focus: link } = item(entry);
    shelf.add({ key, focus, seconds, text: t("Deleted: {title}", { title }), restore: () => restore(entry),
      restored: async () => {
        await redraw();
        slot.querySelector(link)?.focus();
      } });
  };
  const deleteOne = async (entry, button) => {
    if (!(await confirmDelete(ask(entry, undoWindow)))) { button.focus(); return; }
    try {
      const done = await remove(entry);
      await redraw();
      offer(entry, Number(done.undo_seconds) || undoWindow, true);
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      toast(err.message, "error");
    }
  };
  async function redraw() {
    const mine = ++asked;
    slot.setAttribute("aria-busy", "true");
    let answer;
    try {
      answer = await fetch(values);
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      if (mine !== asked) return null;
      slot.replaceChildren(h("p", { class: "form-error" }, err.message));
      slot.setAttribute("aria-busy", "false");
      return null;
    }
    if (mine !== asked) return null;
    undoWindow = Number(answer.undo_window) || undoWindow;
    const [counted, cards] = draw(answer, values, deleteOne);
    count.textContent = counted;
    slot.replaceChildren(...cards);
    slot.setAttribute("aria-busy", "false");
    return answer;
  }
  const controls = listControls({ idPrefix, label: findLabel, fields, values,
    changed: (now) => { values = now; redraw(); } });
  const ready = redraw().then((answer) => {
    // deletions made before a reload (or on another page) keep their Undo while their window lasts
    for (const pending of (answer && answer.deleted) || []) offer(pending, Number(pending.undo_seconds) || 0, false);
  });
  return { el: h("div", { class: "manage" }, controls, count, slot, shelf.el), ready };
}
