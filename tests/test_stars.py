"""The rulebooks' difficulty of a set-up (soloboard/ufs/stars.py).

The boxed rulebook gives no worked example of the star count; these tests carry its terms
one by one: +1 ★ per black star on a sky tile (one on each basic tile's threat side, none on
its easy side), -½ ★ for a damaged city side; the 9-card edition's "+1 NIVEL" per difficult
card; Monstros has no number.
"""

from __future__ import annotations

import pytest

from soloboard.i18n import use
from soloboard.ufs.stars import LEVEL, NONE, STARS, difficulty, number, stars


@pytest.mark.parametrize("threat", [0, 1, 2, 3, 4])
def test_each_tile_on_its_threat_side_adds_one_star(threat: int) -> None:
    # "Úroveň ohrožení je rovna počtu destiček otočených na těžší stranu": the drawn tiles
    # are unknown until the draw, but how many is not
    d = difficulty("ufs", {"city": "roswell", "threat": threat})
    assert d.scale == STARS
    assert d.value == threat


@pytest.mark.parametrize(("sky", "expected", "tiles"), [
    ("EEEE", 0, []), ("TEEE", 1, [1]), ("ETTE", 2, [2, 3]), ("TTTT", 4, [1, 2, 3, 4]),
])
def test_named_sky_counts_the_threat_tiles_and_names_them(sky: str, expected: int, tiles: list[int]) -> None:
    with use("en"):
        d = difficulty("ufs", {"city": "washington", "sky": sky})
    assert d.value == expected
    assert [p.value for p in d.parts] == [1.0] * len(tiles)
    assert [p.what for p in d.parts] == [f"sky tile {n} on its threat side" for n in tiles]


def test_damaged_city_side_takes_half_a_star_off() -> None:
    # "Poškozené strany měst [...] odečítají po další půlhvězdičce"
    blue = difficulty("ufs", {"city": "new-york", "threat": 1})
    with use("en"):
        red = difficulty("ufs", {"city": "new-york", "threat": 1, "side": "damaged"})
    assert blue.value == 1
    assert red.value == 0.5
    assert red.parts[-1].value == -0.5 and "damaged" in red.parts[-1].what
    assert difficulty("ufs", {"city": "roswell", "side": "damaged"}).value == -0.5


def test_text_adds_up_and_says_what_this_version_lacks() -> None:
    with use("en"):
        out = stars("ufs", {"city": "roswell", "sky": "TETE", "side": "damaged"})
    assert out["stars"] == 1.5 and out["scale"] == STARS
    assert out["stars_text"].startswith("Difficulty 1½ ★ (sky tile 1 on its threat side: +1; "
                                        "sky tile 3 on its threat side: +1; Roswell, damaged side: -½).")
    assert "Scenarios and characters" in out["stars_text"]


def test_nine_card_edition_counts_levels() -> None:
    # "Cada uno agrega +1 NIVEL (hasta NIVEL8)"
    d = difficulty("ufs-pnp", {"level": 0})
    assert (d.value, d.scale, d.parts) == (0.0, LEVEL, ())
    d = difficulty("ufs-pnp", {"level": 1})
    assert (d.value, d.scale) == (1.0, LEVEL)


def test_monstros_has_no_stars() -> None:
    out = stars("monstros", {"players": 2})
    assert out["stars"] is None and out["scale"] == NONE
    assert out["stars_text"]


def test_bad_parameters_are_refused_by_the_game() -> None:
    with pytest.raises(ValueError, match="threat"):
        stars("ufs", {"threat": 9})
    with pytest.raises(ValueError, match="unknown game"):
        stars("chess", {})


@pytest.mark.parametrize(("value", "text"), [(0, "0"), (0.5, "½"), (1.5, "1½"), (-0.5, "-½"), (3.0, "3"),
                                             (-2.5, "-2½")])
def test_half_stars_are_written_as_the_rulebook_writes_them(value: float, text: str) -> None:
    assert number(value) == text


def test_counts_read_as_numbers_do() -> None:
    with use("en"):
        assert difficulty("ufs", {"threat": 1}).parts[0].what == "1 sky tile drawn onto its threat side"
        assert difficulty("ufs", {"threat": 3}).parts[0].what == "3 sky tiles drawn onto their threat side"
        assert difficulty("ufs-pnp", {"level": 1}).parts[0].what == "1 card on its difficult side"


def test_nine_card_text_says_how_many_difficult_sides_can_be_played() -> None:
    from soloboard.ufs.pnp import UFSPnPGame

    playable = len(UFSPnPGame().playable_cards())
    with use("en"):
        text = stars("ufs-pnp", {"level": 0})["stars_text"]
    assert f"Only {playable} difficult side" in text
