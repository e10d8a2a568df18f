"""Choosing between a compiled engine module and its source (soloboard/compiled.py), on a package laid
out as a compiled build lays it out. No compiler is needed: nothing is loaded, only chosen."""

from __future__ import annotations

import hashlib
from importlib.machinery import EXTENSION_SUFFIXES, ExtensionFileLoader, ModuleSpec, PathFinder
from pathlib import Path
from typing import Any

import pytest

from soloboard import compiled


@pytest.fixture
def build(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A package directory with ``rules.py`` and a (never loaded) compiled ``rules`` beside it."""
    package = tmp_path / "soloboard" / "fake"
    package.mkdir(parents=True)
    (package / "rules.py").write_text("X = 1\n")
    (package / f"rules{EXTENSION_SUFFIXES[0]}").write_bytes(b"")
    (tmp_path / "soloboard" / f"_engine__mypyc{EXTENSION_SUFFIXES[0]}").write_bytes(b"")
    monkeypatch.delenv(compiled.PURE_VARIABLE, raising=False)

    real = PathFinder.find_spec

    def find_spec(name: str, path: Any, target: Any = None) -> ModuleSpec | None:
        if not name.startswith(("soloboard.fake.", "soloboard._engine")):
            return real(name, path, target)  # what the test itself imports (a codec, say) is found as ever
        leaf = name.rpartition(".")[2]
        origin = str(Path(path[0]) / f"{leaf}{EXTENSION_SUFFIXES[0]}")
        return ModuleSpec(name, ExtensionFileLoader(name, origin), origin=origin)

    monkeypatch.setattr(PathFinder, "find_spec", find_spec)
    return package


def _manifest(package: Path, compiled_sources: dict[str, bytes]) -> None:
    """The build's record of the sources it compiled (what setup.py writes)."""
    (package.parent / compiled.MANIFEST).write_text(
        "".join(f"{name} {hashlib.sha256(text).hexdigest()}\n" for name, text in compiled_sources.items()))


def _chosen(package: Path, name: str = "soloboard.fake.rules") -> str:
    finder = compiled._SourceWhenPureOrStale(package.parent if name.count(".") == 2 else package)
    spec = finder.find_spec(name, [str(package)])
    assert spec is not None and spec.origin is not None
    return Path(spec.origin).name


def test_the_compiled_module_is_chosen_while_its_source_is_the_one_compiled(
        build: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _manifest(build, {"soloboard.fake.rules": b"X = 1\n"})
    assert _chosen(build) == f"rules{EXTENSION_SUFFIXES[0]}"


def test_pure_python_is_chosen_when_asked(build: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _manifest(build, {"soloboard.fake.rules": b"X = 1\n"})
    monkeypatch.setenv(compiled.PURE_VARIABLE, "1")
    assert _chosen(build) == "rules.py"
    monkeypatch.setenv(compiled.PURE_VARIABLE, "0")
    assert _chosen(build) == f"rules{EXTENSION_SUFFIXES[0]}"


def test_an_edited_source_is_never_shadowed_by_its_old_compiled_module(build: Path) -> None:
    _manifest(build, {"soloboard.fake.rules": b"X = 0\n"})
    with pytest.warns(RuntimeWarning, match="soloboard.fake.rules: the source changed since it was compiled"):
        assert _chosen(build) == "rules.py"


def test_one_edited_source_sends_every_compiled_module_to_its_source(build: Path) -> None:
    """The compiled modules are one shared library: they run compiled together or not at all."""
    (build / "board.py").write_text("Y = 2\n")
    (build / f"board{EXTENSION_SUFFIXES[0]}").write_bytes(b"")
    _manifest(build, {"soloboard.fake.rules": b"X = 1\n", "soloboard.fake.board": b"Y = 1\n"})
    with pytest.warns(RuntimeWarning, match="soloboard.fake.board:"):
        assert _chosen(build) == "rules.py"


def test_the_shared_library_and_modules_outside_the_package_are_left_alone(
        build: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(compiled.PURE_VARIABLE, "1")
    assert _chosen(build.parent, "soloboard._engine__mypyc") == f"_engine__mypyc{EXTENSION_SUFFIXES[0]}"
    assert compiled._SourceWhenPureOrStale().find_spec("json", [str(build)]) is None


def test_the_finder_is_installed_once_before_pythons_path_finder() -> None:
    import sys

    compiled.install()
    ours = [i for i, f in enumerate(sys.meta_path) if isinstance(f, compiled._SourceWhenPureOrStale)]
    assert len(ours) == 1
    assert ours[0] < sys.meta_path.index(PathFinder)
