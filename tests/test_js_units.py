"""The page's pure parts (view -> drawing model, events -> animation steps, plural forms, the
new-game dialog's form): their unit tests are JavaScript, run by Node's own runner
(``node --test tests/js/``), so the README's one test command runs them too.

Node.js is needed (as for the page's lint, ``npm run lint``): without it this test fails, it
does not skip.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_the_pages_unit_tests_pass_under_node() -> None:
    node = shutil.which("node")
    assert node is not None, "Node.js is needed for the page's unit tests (node --test tests/js/)"
    run = subprocess.run([node, "--test", "tests/js/"], cwd=ROOT, capture_output=True, text=True, timeout=300)
    summary = [line for line in run.stdout.splitlines() if line.startswith("# ")]
    assert run.returncode == 0, run.stdout[-6000:] + run.stderr[-2000:]
    passed = next(int(line.split()[-1]) for line in summary if line.startswith("# pass"))
    assert passed >= 50, summary  # the suite is there, not an empty folder
