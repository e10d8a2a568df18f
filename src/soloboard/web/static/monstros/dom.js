// Small DOM helpers of the table: elements (with "html" for our own SVG strings), the key that
// marks what a move clicks, CSS.escape for selectors built from keys, and a message to the person.

export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") node.className = value;
    else if (key === "text") node.textContent = value;
    else if (key === "html") node.innerHTML = value; // only for our own SVG strings
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

// what a move clicks: the table's pieces carry the key the moves name (game.moves[].keys)
export function keyAttr(key) {
  return { "data-key": key };
}

export function cssEscape(text) {
  return window.CSS && CSS.escape ? CSS.escape(text) : String(text).replace(/["\\]/g, "\\$&");
}

// shown and announced by the shell (ui.say)
export function say(ui, text) {
  if (ui && typeof ui.say === "function") ui.say(text);
}

// A piece is named by what it shows (its words and numbers, as a person reads them off the card,
// so a voice command saying them finds it), followed by the full description for screen readers.
export function spoken(text) {
  return el("span", { class: "sr-only", text: ` · ${text}` });
}
