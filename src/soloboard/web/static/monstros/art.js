// The table's pictures, our own drawings as SVG strings: icons, the action cards' art, the
// nameless monsters (green to red with their level), the towers, the dice and the wall. Pure.

const SVGNS = "http://www.w3.org/2000/svg";

function svg(viewBox, inner, cls = "") {
  return `<svg xmlns="${SVGNS}" viewBox="${viewBox}" class="${cls}" aria-hidden="true" focusable="false">${inner}</svg>`;
}

export const ICONS = {
  heart: svg("0 0 24 24", '<path d="M12 21s-8-5.3-8-11a4.6 4.6 0 0 1 8-3 4.6 4.6 0 0 1 8 3c0 5.7-8 11-8 11z" fill="#d63a3a" stroke="#fff" stroke-width="1.4"/>'),
  blast: svg("0 0 24 24", '<path d="M12 1l2.3 5.6 5.9-2.3-2.6 5.6L23 12l-5.4 2.1 2.6 5.6-5.9-2.3L12 23l-2.3-5.6-5.9 2.3 2.6-5.6L1 12l5.4-2.1-2.6-5.6 5.9 2.3z" fill="#f29a1f" stroke="#fff" stroke-width="1.2"/>'),
  shield: svg("0 0 24 24", '<path d="M12 2l8 3v6c0 5-3.4 9.2-8 11-4.6-1.8-8-6-8-11V5z" fill="#5d8bd6" stroke="#fff" stroke-width="1.4"/>'),
  raise: svg("0 0 24 24", '<circle cx="12" cy="12" r="11" fill="#c42525"/><path d="M12 5l6 7h-4v6h-4v-6H6z" fill="#fff"/>'),
  save: svg("0 0 24 24", '<circle cx="12" cy="12" r="11" fill="#c42525"/><path d="M7 13a5 5 0 1 0 2-6" fill="none" stroke="#fff" stroke-width="2.2"/><path d="M5 4v5h5" fill="none" stroke="#fff" stroke-width="2.2"/><text x="12" y="16" font-size="7" text-anchor="middle" fill="#fff" font-weight="700">3</text>'),
  destroy: svg("0 0 24 24", '<circle cx="12" cy="12" r="11" fill="#c42525"/><path d="M8 19V9h2V7h1.3v2h1.4V7H14v2h2v10z" fill="#fff"/><path d="M5 5l14 14" stroke="#fff" stroke-width="2.4"/>'),
  reroll: svg("0 0 24 24", '<path d="M19 8a8 8 0 1 0 1 6" fill="none" stroke="currentColor" stroke-width="2.4"/><path d="M20 3v6h-6" fill="none" stroke="currentColor" stroke-width="2.4"/>'),
  token: svg("0 0 24 24", '<circle cx="12" cy="12" r="11" fill="#f3e3b5" stroke="#7a5a1e" stroke-width="1.5"/><rect x="6.5" y="6.5" width="11" height="11" rx="2.5" fill="#fff" stroke="#333"/><circle cx="9.5" cy="9.5" r="1.2"/><circle cx="14.5" cy="14.5" r="1.2"/>'),
  full: svg("0 0 24 24", '<circle cx="12" cy="12" r="11" fill="#7a2c91"/><text x="12" y="17" font-size="14" text-anchor="middle" fill="#fff" font-weight="700">5</text>'),
};

const CARD_ART = {
  pa: '<path d="M30 8v32" stroke="#5a3a1a" stroke-width="4"/><path d="M22 8h16" stroke="#5a3a1a" stroke-width="4"/><path d="M21 40h18l-2 12q-7 6-14 0z" fill="#c9d2db" stroke="#333" stroke-width="2"/>',
  carrinho: '<path d="M8 26h34l-6 14H16z" fill="#c9d2db" stroke="#333" stroke-width="2"/><circle cx="22" cy="46" r="6" fill="#333"/><path d="M42 26l10-6M20 40l-4 10M36 40l4 10" stroke="#5a3a1a" stroke-width="3"/>',
  ferC: '<circle cx="30" cy="30" r="17" fill="none" stroke="#fff" stroke-width="4" stroke-dasharray="6 4"/><text x="30" y="38" font-size="22" text-anchor="middle" fill="#fff" font-weight="700">C</text>',
  construtor: '<path d="M12 38a18 18 0 0 1 36 0z" fill="#f2c230" stroke="#333" stroke-width="2"/><rect x="8" y="38" width="44" height="6" rx="3" fill="#f2c230" stroke="#333" stroke-width="2"/><path d="M30 20v18" stroke="#333" stroke-width="2"/>',
  defeito: '<g fill="#b5533c" stroke="#fff" stroke-width="1.5"><rect x="8" y="14" width="20" height="10"/><rect x="30" y="14" width="20" height="10"/><rect x="4" y="26" width="14" height="10"/><rect x="20" y="26" width="20" height="10"/><rect x="42" y="26" width="12" height="10"/><rect x="8" y="38" width="20" height="10"/><rect x="30" y="38" width="20" height="10"/></g><path d="M33 12l-5 12 6 4-7 12 4 8" fill="none" stroke="#222" stroke-width="2.5"/>',
  atraso: '<circle cx="30" cy="31" r="18" fill="#fff" stroke="#333" stroke-width="3"/><path d="M30 31V19M30 31l9 5" stroke="#333" stroke-width="3"/><path d="M22 9h16" stroke="#333" stroke-width="4"/>',
};
CARD_ART.construtorV = CARD_ART.construtor;

export function cardArt(id) {
  const art = CARD_ART[id];
  if (art) return svg("0 0 60 60", art, "mon-card-art");
  return svg("0 0 60 60", `<text x="30" y="40" font-size="28" text-anchor="middle" fill="#fff" font-weight="700">${escapeXml(String(id).slice(0, 2))}</text>`, "mon-card-art");
}

const XML_ESCAPES = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

function escapeXml(text) {
  return [...text].map((c) => XML_ESCAPES[c] || c).join("");
}

// A nameless monster that eats bricks: its colour goes from green to red with its level.
export function monsterArt(level) {
  const hue = Math.max(0, 130 - (level - 1) * 17);
  const body = `hsl(${hue} 55% 45%)`;
  const dark = `hsl(${hue} 55% 28%)`;
  return svg("0 0 80 64", `
    <path d="M10 58c-6-14 0-40 18-46 6-8 18-8 24 0 18 6 24 32 18 46z" fill="${body}" stroke="${dark}" stroke-width="2.5"/>
    <path d="M14 58q4-8 8 0q4-8 8 0q4-8 8 0q4-8 8 0q4-8 8 0q4-8 8 0" fill="${dark}"/>
    <circle cx="30" cy="24" r="7" fill="#fff"/><circle cx="50" cy="24" r="7" fill="#fff"/>
    <circle cx="31" cy="25" r="3" fill="#111"/><circle cx="49" cy="25" r="3" fill="#111"/>
    <path d="M24 38h32q-2 10-16 10t-16-10z" fill="#3a0d0d"/>
    <path d="M27 38l3 5 3-5 3 5 3-5 3 5 3-5 3 5 3-5" fill="#fff"/>
    <rect x="50" y="42" width="14" height="7" fill="#b5533c" stroke="#fff" stroke-width="1" transform="rotate(-18 57 45)"/>`,
  "mon-monster-art");
}

export function tower(built, space) {
  const fill = built ? "#b8a58a" : "none";
  const stroke = built ? "#5b4a32" : "rgba(255,255,255,.45)";
  const dash = built ? "" : 'stroke-dasharray="4 3"';
  const bricks = built
    ? '<path d="M14 34h32M14 46h32M14 58h32M30 22v12M22 34v12M38 34v12M30 46v12" stroke="#5b4a32" stroke-width="1.2"/>'
    : "";
  const label = space ? `<text x="30" y="75" font-size="11" text-anchor="middle" fill="currentColor">${space}</text>` : "";
  return svg("0 0 60 80", `<path d="M12 66V22h-2V10h8v5h6v-5h12v5h6v-5h8v12h-2v44z" fill="${fill}" stroke="${stroke}" stroke-width="2" ${dash}/>${bricks}${label}`, "mon-tower-art");
}

const PIPS = { 1: [[2, 2]], 2: [[1, 1], [3, 3]], 3: [[1, 1], [2, 2], [3, 3]], 4: [[1, 1], [3, 1], [1, 3], [3, 3]],
  5: [[1, 1], [3, 1], [2, 2], [1, 3], [3, 3]], 6: [[1, 1], [3, 1], [1, 2], [3, 2], [1, 3], [3, 3]] };

export function dieFace(value) {
  const pips = (PIPS[value] || []).map(([x, y]) => `<circle cx="${x * 10}" cy="${y * 10}" r="3.6"/>`).join("");
  return svg("0 0 40 40", `<rect x="2" y="2" width="36" height="36" rx="8" class="mon-die-body"/>${pips}`, "mon-die-art");
}

// The wall: 50 bricks, the standing ones are the wall's value (the board's wall track).
export function wallArt(value, max) {
  const cols = 10;
  const rows = Math.ceil(max / cols);
  let bricks = "";
  for (let i = 0; i < max; i++) {
    const row = Math.floor(i / cols);
    const col = i % cols;
    const y = (rows - 1 - row) * 9 + 1;
    const x = col * 12 + (row % 2 ? 6 : 0) + 1;
    const standing = i < value;
    bricks += `<rect x="${x}" y="${y}" width="11" height="8" rx="1" class="${standing ? "mon-brick" : "mon-brick-gone"}" data-i="${i}"/>`;
  }
  return svg(`0 0 ${cols * 12 + 8} ${rows * 9 + 2}`, bricks, "mon-wall-art");
}
