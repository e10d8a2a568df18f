// The two element builders of the board: SVG for the table, HTML for what lies around it.

const SVGNS = "http://www.w3.org/2000/svg";

function appendKids(node, children) {
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    node.appendChild(typeof c === "string" || typeof c === "number" ? document.createTextNode(String(c)) : c);
  }
  return node;
}

// el("rect", {x: 1, ...}, ...children): attributes that are null, undefined or false are left out
export function el(tag, attrs = {}, ...children) {
  const node = document.createElementNS(SVGNS, tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v !== null && v !== undefined && v !== false) node.setAttribute(k, v);
  }
  return appendKids(node, children);
}

// html("div", {class: "x", onclick: f}, ...children)
export function html(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "class") node.className = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v);
  }
  return appendKids(node, children);
}

// An SVG group of `nodes` (a drawing model's list drawn in order).
export function group(attrs, nodes) {
  const g = el("g", attrs);
  for (const n of nodes) g.appendChild(n);
  return g;
}
