// The fixtures of the page's unit tests (captured from a running server by fixtures/capture.mjs),
// each read afresh so that no test sees another's changes.
import { readFileSync } from "node:fs";

export function fixture(name) {
  return JSON.parse(readFileSync(new URL(`./fixtures/${name}`, import.meta.url), "utf-8"));
}

// t() as the page's catalog gives it in English: the msgid with its {placeholders} filled
export function englishT(msg, params) {
  return params ? msg.replace(/\{(\w+)\}/g, (m, k) => (k in params ? String(params[k]) : m)) : msg;
}
