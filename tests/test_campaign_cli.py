"""``soloboard campaign``: a whole campaign from chapter 1 to the end in companion mode, through
the command line (``main([...])``), with a store of its own; then a digital battle."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest


def next_step(text: str) -> str:
    return re.findall(r"^Next: (.*)$", text, re.M)[-1] if "Next:" in text else "over"


def test_a_whole_campaign_in_companion_mode(campaign_cli, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    out = campaign_cli("new", "Last Stand", "--seed", "2024", "--threat", "1")
    assert "pile 1:" in out and "pile 2:" in out
    results = iter(["lost", "won", "X", "lost", "1", "won", "lost", "lost", "won", "won", "lost", "won", "lost",
                    "X", "won"] * 3)
    battles = games = 0
    upgraded = False
    for _ in range(80):
        status = campaign_cli("status")
        step = next_step(status)
        if step == "over" or "The campaign is over." in status:
            break
        if step.startswith("choose pile"):
            campaign_cli("choose", "2" if battles % 2 else "1")
            battles += 1
        elif step.startswith("name the city"):
            campaign_cli("choose", "Roswell")  # chapter 4: the player names the city
            battles += 1
        elif "set up" in step:
            out = campaign_cli("battle")  # no plugin knows the boxed components: companion play
            assert "Companion mode" in out and "Threat level" in out and "Then record the result" in out
        elif step.startswith("play game"):
            campaign_cli("record", next(results))
            games += 1
        else:
            raise AssertionError(step)
        if not upgraded and "Record it with 'upgrade NAME'" in status:
            name = re.search(r"when you turn (.+?)\.", status).group(1).split(",")[0]  # type: ignore[union-attr]
            out = campaign_cli("upgrade", *name.split())
            assert "turned to the upgraded side" in out
            upgraded = True
    journal = campaign_cli("journal")
    assert "The campaign is over." in journal and battles == 7 and 7 <= games <= 14
    assert journal.count("Battle ") >= 7 and "Campaign over after 7 battles" in journal
    assert "Chapter 4" in journal and "The Final Battle" in journal
    assert upgraded
    assert "Last Stand: over" in campaign_cli("list")
    # every record is in the export, and the export imports under another name
    path = tmp_path / "last.json"
    campaign_cli("export", str(path))
    data = json.loads(path.read_text())
    assert data["records"][-1]["kind"] == "campaign_ended"
    assert "imported" in campaign_cli("import", str(path), "--as", "Second Run")
    copied = campaign_cli("journal", "Second Run")
    assert copied.split("Journal:")[1].count("\n") == journal.split("Journal:")[1].count("\n")
    campaign_cli("import", str(path), code=2)  # the name exists already
    assert "campaign is over" in campaign_cli("choose", "1", "-c", "Last Stand", code=1)


def test_refusals_name_the_rule_and_change_nothing(campaign_cli, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    campaign_cli("new", "Refusals", "--seed", "1")
    before = campaign_cli("journal", "--json")
    out = campaign_cli("record", "won", code=1)
    assert out.startswith("Not allowed (campaign: the battle") and "choose pile 1 or 2" in out
    assert "Not allowed (campaign: choosing the battle" in campaign_cli("choose", "7", code=1)
    assert "0 to 4" in campaign_cli("threat", "9", code=1)
    assert "no campaign called" in campaign_cli("status", "Nope", code=2)
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "soloboard-campaign", "version": 1, "records": [{"kind": "campaign_started"}]}')
    assert "malformed: it does not say who" in campaign_cli("import", str(bad), code=2)
    bad.write_text('{"format": "soloboard-campaign", "version": 1, "records": [{"kind": "campaign_started", '
                   '"by": "player"}]}')
    assert "record 1 (campaign_started) is malformed" in campaign_cli("import", str(bad), code=2)
    bad.write_text("not json")
    assert "not valid JSON" in campaign_cli("import", str(bad), code=2)
    assert campaign_cli("journal", "--json") == before
    campaign_cli("choose", "1")
    campaign_cli("battle", "--companion")
    assert "Undone: Battle 1, game 1 set up" in campaign_cli("undo")
    assert "no campaign yet" in _stderr(["campaign", "--store", str(tmp_path / "empty.sqlite3"), "status"])


def _stderr(argv: list[str]) -> str:
    done = subprocess.run([sys.executable, "-m", "soloboard.cli.main", *argv], capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 2
    return done.stderr


def test_stars_and_plugins_commands(campaign_cli) -> None:  # type: ignore[no-untyped-def]
    out = campaign_cli("stars", "--city", "Havana", "--side", "damaged", "--scenario", "Storm",
              "--character", "Wang Lin:upgraded", "--sky", "TTEE")
    assert "Difficulty" in out and "play it at the table" in out
    out = campaign_cli("stars", "--city", "new york", "--sky", "ETEE")
    assert "soloboard play ufs --city new-york --side blue --sky ETEE" in out
    assert "plugins" in campaign_cli("plugins").lower()


def test_a_digital_battle_from_the_terminal_records_its_result(tmp_path: Path, test_plugin: object,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    """With a plugin that knows every component of the pile, ``battle`` plays the game with the
    engine and records the result from the game itself; leaving deals the same game again."""
    from soloboard.cli import campaign as cli
    from soloboard.cli.main import build_parser

    store = str(tmp_path / "s.sqlite3")

    def step(*argv: str, answers: list[str] | None = None) -> str:
        lines = iter(answers or [])
        args = build_parser().parse_args(["campaign", "--store", store, *argv])
        assert cli.run(args, input_fn=lambda _prompt: next(lines)) == 0
        out, err = capsys.readouterr()
        return out + err

    from soloboard.ufs.campaign import Campaign, files

    c = Campaign.new("Digital", seed=3, box="test-box")  # seed 3: pile 1 is Test Harbour (tests above)
    path = tmp_path / "d.json"
    files.export(c, path)
    step("import", str(path))
    step("choose", "1")
    out = step("battle", answers=["quit"])  # leave at once: nothing is recorded
    assert "Game left unfinished" in out and "same game again" in out
    status = step("status")
    assert "first game [ ]" in status
    out = step("battle", answers=["ai 3it"] * 400)
    assert re.search(r"Battle 1, game 1: (won \[1\]|lost \[X\]) \(played with soloboard\)", out), out[-2000:]
    journal = json.loads(step("journal", "--json"))
    result = next(r for r in journal["records"] if r["kind"] == "game_result")
    assert result["by"] == "engine" and result["played"]["history"]


def test_a_custom_battle_with_a_plugin_character_is_played_in_the_terminal(
        tmp_path: Path, test_plugin: object, capsys: pytest.CaptureFixture[str]) -> None:
    """``campaign stars --play``: a custom battle whose every component is known (the test plugin's
    character, with its once-per-game ability) is played with its rules; unknown parts are named."""
    from soloboard.cli import campaign as cli
    from soloboard.cli.main import build_parser

    def stars(*argv: str, answers: list[str] | None = None) -> str:
        lines = iter(answers or [])
        args = build_parser().parse_args(["campaign", "--store", str(tmp_path / "s.sqlite3"), "stars", *argv])
        assert cli.run(args, input_fn=lambda _prompt: next(lines)) == 0
        out, err = capsys.readouterr()
        return out + err

    out = stars("--character", "Wang Lin")
    assert "cannot play this battle" in out and "Wang Lin (basic side)" in out
    out = stars("--character", "test-medic")
    assert "add --play" in out
    # the ability is a move of the game played here: used at once, then the game is left
    out = stars("--character", "test-medic", "--play", "--seed", "4", answers=["ability", "quit"])
    assert "uses the once-per-game ability" in out
