// The page's texts in five languages, from the one message catalog (soloboard/i18n, gettext).
//
// The msgid is the English text: t("New game"), t("Round {n}", {n: 3}). The catalog for the
// page comes from GET /api/i18n/{lang} as {msgid: text}; plural entries are a list of forms
// keyed by the singular (tn), context entries are keyed context + "\x04" + msgid (tp).
// Babel's javascript extractor finds t("..."), tn("...", "...", n) and tp("ctx", "...")
// (keywords t, tn:1,2, tp:1c,2), so every literal here is in the catalog.

export const LANGUAGES = ["en", "pt", "cs", "pl", "es"];
const STORE_KEY = "soloboard.lang";

let lang = "en";
let table = {};

export function currentLanguage() {
  return lang;
}

// The language to show: ?lang= first, then the one picked before, then the browser's, then English.
export function chooseLanguage() {
  const asked = new URLSearchParams(location.search).get("lang");
  if (asked && LANGUAGES.includes(asked)) return asked;
  let stored = null;
  try { stored = localStorage.getItem(STORE_KEY); } catch { /* storage blocked: not remembered */ }
  if (stored && LANGUAGES.includes(stored)) return stored;
  for (const tag of navigator.languages || []) {
    const code = String(tag).slice(0, 2).toLowerCase();
    if (LANGUAGES.includes(code)) return code;
  }
  return "en";
}

export function rememberLanguage(code) {
  try { localStorage.setItem(STORE_KEY, code); } catch { /* storage blocked */ }
}

// Loads the catalog of `code`; English needs none (the msgid is the text). A catalog that
// cannot be loaded leaves the texts in English rather than breaking the page.
export async function loadLanguage(code) {
  if (!LANGUAGES.includes(code)) code = "en";
  let next = {};
  if (code !== "en") {
    try {
      const res = await fetch(`/api/i18n/${code}`, { headers: { Accept: "application/json" } });
      if (res.ok) next = await res.json();
    } catch { /* offline or no server: English */ }
  }
  useCatalog(code, next);
  document.documentElement.lang = code;
  return code;
}

// The language and its catalog ({msgid: text | [plural forms]}) that t, tn and tp read.
export function useCatalog(code, entries) {
  lang = code;
  table = entries && typeof entries === "object" ? entries : {};
}

function fill(text, params) {
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (whole, key) => (key in params ? String(params[key]) : whole));
}

export function t(msgid, params) {
  const hit = table[msgid];
  const text = typeof hit === "string" && hit ? hit : Array.isArray(hit) && hit[0] ? hit[0] : msgid;
  return fill(text, params);
}

// The plural rules of the catalogs' Plural-Forms headers (soloboard.i18n.plural_index).
export function pluralIndex(code, n) {
  n = Math.abs(n);
  if (code === "cs") return n === 1 ? 0 : n >= 2 && n <= 4 ? 1 : 2;
  if (code === "pl") {
    if (n === 1) return 0;
    return n % 10 >= 2 && n % 10 <= 4 && !(n % 100 >= 12 && n % 100 <= 14) ? 1 : 2;
  }
  return n === 1 ? 0 : 1;
}

// tn("{n} game", "{n} games", n): the form for n, with {n} filled.
export function tn(singular, plural, n, params) {
  const forms = table[singular];
  const all = { n, ...(params || {}) };
  if (Array.isArray(forms) && forms.length) {
    const form = forms[Math.min(pluralIndex(lang, n), forms.length - 1)];
    if (form) return fill(form, all);
  }
  return fill(n === 1 ? singular : plural, all);
}

// tp("die", "white"): a word whose translation depends on what it names.
export function tp(context, msgid, params) {
  const hit = table[`${context}\x04${msgid}`];
  return fill(typeof hit === "string" && hit ? hit : msgid, params);
}

// Numbers and percentages in the page's language.
export function percent(p, digits = 0) {
  if (p === null || p === undefined || Number.isNaN(p)) return "–";
  return new Intl.NumberFormat(lang, { style: "percent", maximumFractionDigits: digits }).format(p);
}

export function dateTime(value) {
  if (!value) return "";
  const d = typeof value === "number" ? new Date(value * (value < 1e12 ? 1000 : 1)) : new Date(value);
  if (Number.isNaN(d.getTime())) return String(value);
  return new Intl.DateTimeFormat(lang, { dateStyle: "medium", timeStyle: "short" }).format(d);
}
