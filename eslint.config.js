// ESLint for the page's ES modules (src/soloboard/web/static) and their unit tests (tests/js):
//   npm run lint   (eslint --max-warnings 0 src/soloboard/web/static tests/js)
// The page runs in the browser as it is (no build step); the tests run under `node --test`.
import js from "@eslint/js";
import globals from "globals";

export default [
  { ignores: ["node_modules/", ".venv/", "test-artifacts/"] },
  js.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2024, sourceType: "module" },
    rules: {
      "no-unused-vars": ["error", { args: "after-used", caughtErrors: "none" }],
      "no-var": "error",
      "prefer-const": "error",
      eqeqeq: ["error", "always"],
      "no-shadow": "error",
      "no-implicit-globals": "error",
      "no-use-before-define": ["error", { functions: false, classes: true, variables: true }],
      "no-unused-expressions": "error",
      "no-console": ["error", { allow: ["error"] }],
      // small functions of one purpose: none over about 80 lines (tools/architecture_figures.py counts them too)
      "max-lines-per-function": ["error", { max: 80, skipBlankLines: false, skipComments: false }],
    },
  },
  {
    files: ["src/soloboard/web/static/**/*.js"],
    languageOptions: { globals: globals.browser },
  },
  {
    files: ["tests/js/**/*.{js,mjs}", "eslint.config.js"],
    languageOptions: { globals: globals.node },
    // the fixture capture is a command-line script that says what it wrote
    rules: { "no-console": "off" },
  },
];
