"""An agent of one's own named by import path (``package.module:Class``) is found from the folder
the command runs in, as ``python -m`` would find it, though ``soloboard`` is a console script
whose ``sys.path`` starts at the virtual environment's ``bin`` (examples/ppo.py's ``Agent``)."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import pytest

from soloboard.agents import make
from soloboard.cli.main import main

BOT = '''
class FirstLegal:
    name = "first-legal"

    def step(self, state):
        return state.legal_actions()[0]
'''


@pytest.fixture
def bot_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A folder holding a package ``tmpbots`` with an agent, as the current directory, and a
    ``sys.path`` that does not reach it (as under the console script)."""
    (tmp_path / "tmpbots").mkdir()
    (tmp_path / "tmpbots" / "__init__.py").write_text("")
    (tmp_path / "tmpbots" / "simple.py").write_text(BOT)
    (tmp_path / "broken.py").write_text("import a_module_nobody_has_installed\n")
    monkeypatch.chdir(tmp_path)
    here = {"", ".", os.getcwd(), str(tmp_path)}
    monkeypatch.setattr(sys, "path", [p for p in sys.path if p not in here])
    for name in ("tmpbots", "tmpbots.simple", "broken"):
        monkeypatch.delitem(sys.modules, name, raising=False)
    return tmp_path


def test_soloboard_sim_finds_an_agent_beside_the_user(bot_folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["sim", "ufs", "--agent", "tmpbots.simple:FirstLegal", "--games", "2", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["games"] == 2 and result["agent"] == "tmpbots.simple:FirstLegal"
    assert sys.path[-1] == str(bot_folder)  # appended: an installed module of the same name would win


def test_an_import_error_inside_the_agents_module_is_shown_as_it_is(bot_folder: Path) -> None:
    with pytest.raises(ValueError, match="a_module_nobody_has_installed"):
        make("broken:Bot")
    with pytest.raises(ValueError, match="cannot import the agent's module 'nowhere'"):
        make("nowhere:Bot")
    assert str(bot_folder) not in sys.path[:-1]
