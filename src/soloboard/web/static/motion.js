// How fast the boards play a move out: the person's choice (off, fast, normal), kept on this
// device; without a choice, the system's "reduce motion" means off. Pure but for the storage and
// the media query, both passed in (the unit tests give their own).

export const SPEEDS = ["off", "fast", "normal"];
const KEY = "soloboard.animation";
const FAST = 3; // fast: the same steps, three times quicker (each still seen)

function reducedMotion(media) {
  try {
    return Boolean(media && media("(prefers-reduced-motion: reduce)").matches);
  } catch {
    return false;
  }
}

function defaultStorage() {
  try {
    return typeof localStorage === "undefined" ? null : localStorage;
  } catch {
    return null; // storage refused (a private window's settings): nothing is remembered
  }
}

function defaultMedia() {
  return typeof matchMedia === "undefined" ? null : matchMedia;
}

// the speed chosen on this device, if any
export function chosenSpeed(storage = defaultStorage()) {
  let value;
  try {
    value = storage ? storage.getItem(KEY) : null;
  } catch {
    return null;
  }
  return SPEEDS.includes(value) ? value : null;
}

export function animationSpeed(storage = defaultStorage(), media = defaultMedia()) {
  return chosenSpeed(storage) || (reducedMotion(media) ? "off" : "normal");
}

export function rememberSpeed(speed, storage = defaultStorage()) {
  if (!SPEEDS.includes(speed)) throw new RangeError(`unknown animation speed: ${speed}`);
  try {
    if (storage) storage.setItem(KEY, speed);
  } catch { /* not remembered: the choice still holds on this page */ }
}

// a step's pause at a speed (null: no animation at all)
export function stepDelay(ms, speed) {
  if (speed === "off") return null;
  return speed === "fast" ? Math.round(ms / FAST) : ms;
}
