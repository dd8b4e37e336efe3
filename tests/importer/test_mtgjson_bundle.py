"""The snapshot bundled in the package: rebuilt byte for byte from the real MTGJSON set files, their sha256 checked,
what it holds, the lookup order that puts it last, `carddata status`/`list` about it, and the README example."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import msgspec
import pytest

from mtg_daynight.cli import main
from mtg_daynight.importer import store
from mtg_daynight.importer.snapshot import decode_snapshot, load_snapshot
from mtg_daynight.importer.store import bundled_snapshot, locate_snapshot
from mtg_daynight.importer.update import run_update
from tests.importer.mtgjson_fixtures import fixture_set, set_file
from tests.scripts import load_script

ROOT = Path(__file__).resolve().parents[2]
#: The five MTGJSON set files the bundled snapshot is built from, in import order.
SOURCES = ("MID.json", "VOW.json", "PMID.json", "PVOW.json", "DBL.json")


def _script() -> ModuleType:
    return load_script('build_bundled_carddata')


@pytest.fixture(scope="module")
def build() -> ModuleType:
    return _script()


@pytest.fixture
def sources(build: ModuleType) -> Path:
    directory: Path = build.sources_dir()
    if not (directory / "SHA256SUMS").is_file():
        pytest.skip(
            f"the MTGJSON sources of the bundled snapshot are not here ({directory}; ../shared/ next to the "
            "repository, or set MTG_DAYNIGHT_SHARED)"
        )
    return directory


@pytest.fixture
def no_user_data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """No --data-dir, no $MTG_DAYNIGHT_DATA_DIR, an empty user data directory, no checkout snapshot."""
    monkeypatch.delenv(store.DATA_DIR_ENV, raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    monkeypatch.setattr(store, "repo_carddata_dir", lambda: None)
    return tmp_path / "xdg" / "mtg-daynight" / "carddata"


def test_bundled_snapshot_is_byte_identical_to_a_rebuild_from_its_sources(build: ModuleType, sources: Path) -> None:
    assert build.build(sources) == bundled_snapshot().read_bytes(), "run scripts/build_bundled_carddata.py"


def test_sources_are_checked_against_their_sha256sums(build: ModuleType, sources: Path, tmp_path: Path) -> None:
    assert [p.name for p in build.verify_sources(sources)] == list(SOURCES)
    for name in ("SHA256SUMS", *SOURCES):
        (tmp_path / name).write_bytes((sources / name).read_bytes())
    (tmp_path / "PVOW.json").write_bytes((sources / "PVOW.json").read_bytes() + b"\n")
    with pytest.raises(build.SourcesError, match=r"PVOW\.json: sha256 .* does not match SHA256SUMS"):
        build.verify_sources(tmp_path)


def test_bundle_ids_are_the_scryfall_ids_of_the_sources(sources: Path) -> None:
    expected: dict[str, set[str]] = {}
    for name in SOURCES:
        data = json.loads((sources / name).read_bytes())["data"]
        for record in data["cards"] + data["tokens"]:
            ids = record["identifiers"]
            expected.setdefault(ids.get("scryfallOracleId", ""), set()).add(ids["scryfallId"])
    snapshot = load_snapshot(bundled_snapshot())
    for record in (*snapshot.cards, *snapshot.mentions, *snapshot.helpers):
        assert record.oracle_id is not None
        assert {p.id for p in record.printings if p.id} == expected[record.oracle_id], record.name


def test_bundle_holds_35_paper_day_night_cards_12_mentions_and_the_helper() -> None:
    snapshot = load_snapshot(bundled_snapshot())
    assert (len(snapshot.cards), len(snapshot.mentions), len(snapshot.helpers)) == (35, 12, 1)
    assert not any(c.digital or c.playtest for c in snapshot.cards)
    source = snapshot.manifest.source
    assert (source.kind, source.version, source.updated_at) == ("mtgjson", "5.2.0+20220425", "2022-04-25")
    assert [f.name for f in source.files] == list(SOURCES)
    assert snapshot.manifest.imported_at == ""  # reproducible: the same sources give the same bytes
    cathar = next(c for c in snapshot.cards if c.name == "Brutal Cathar // Moonrage Brute")
    assert cathar.oracle_id == "1ed2d8e0-462b-468e-8fd3-1f3c6d99fb8a"  # real ids, as in MTGJSON's identifiers
    assert "0dbac7ce-a6fa-466e-b6ba-173cf2dec98e" in {p.id for p in cathar.printings}
    assert (cathar.daybound_face, cathar.nightbound_face) == ("Brutal Cathar", "Moonrage Brute")
    [helper] = snapshot.helpers
    assert helper.name == "Day // Night" and {p.set for p in helper.printings} == {"tmid", "tvow"}


def test_bundle_holds_148_printings_by_scryfall_id_of_its_50_cards_and_2_of_the_helper() -> None:
    snapshot = load_snapshot(bundled_snapshot())
    cards = (*snapshot.cards, *snapshot.mentions, *snapshot.reads)
    printings = [p for record in cards for p in record.printings if p.id]
    assert (len(cards), len({p.id for p in printings})) == (50, 148)  # 98 of MID, VOW and their promos, 50 of DBL
    assert len({p.id for p in printings if p.set == "dbl"}) == 50  # one Double Feature reprint of each card
    assert len({p.id for helper in snapshot.helpers for p in helper.printings}) == 2


def test_a_permanent_enters_by_the_scryfall_id_of_its_double_feature_printing(no_user_data: Path) -> None:
    from mtg_daynight import CardPermanent, DayNight, Side

    game = DayNight(autoload=False).new_game("g", ["alice", "bob"])
    game.untap_step(1, "alice")
    game.become("night", "test")
    # Tavern Ruffian, Innistrad: Double Feature 163 (DBL.json's identifiers.scryfallId)
    game.enter(CardPermanent("p1", "alice", card="b0d1ab73-7dbe-40d4-856c-f49ce29706fa"))
    assert game.face_of("p1") is Side.BACK
    assert game.permanent("p1").card.name == "Tavern Ruffian // Tavern Smasher"


def test_a_snapshot_written_before_files_and_version_existed_still_loads() -> None:
    raw = json.loads(bundled_snapshot().read_bytes())
    for key in ("files", "version"):
        del raw["manifest"]["source"][key]
    old = decode_snapshot(json.dumps(raw).encode(), name="old.json")
    assert old.manifest.source.files == () and len(old.cards) == 35


def test_lookup_order_data_dir_env_user_checkout_then_bundled(
    no_user_data: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert locate_snapshot().origin == "bundled" and locate_snapshot().path == bundled_snapshot()
    checkout = tmp_path / "checkout" / "carddata"
    checkout.mkdir(parents=True)
    monkeypatch.setattr(store, "repo_carddata_dir", lambda: checkout)
    assert locate_snapshot().origin == "bundled"  # a checkout's carddata/ without a snapshot does not count
    (checkout / "daynight-cards.json").write_bytes(bundled_snapshot().read_bytes())
    assert locate_snapshot().origin == "checkout"
    source = tmp_path / "fixture.json"
    source.write_bytes(set_file(fixture_set()))
    run_update(from_file=[source], force=True)  # no --data-dir: writes the user import (fewer cards: forced)
    assert locate_snapshot() == (no_user_data / "daynight-cards.json", "user")
    monkeypatch.setenv(store.DATA_DIR_ENV, str(tmp_path / "empty"))
    assert locate_snapshot() == (tmp_path / "empty" / "daynight-cards.json", "$MTG_DAYNIGHT_DATA_DIR")
    assert locate_snapshot(tmp_path / "given") == (tmp_path / "given" / "daynight-cards.json", "--data-dir")


def test_an_update_never_writes_into_the_package(no_user_data: Path, tmp_path: Path) -> None:
    before = bundled_snapshot().read_bytes()
    source = tmp_path / "fixture.json"
    source.write_bytes(set_file(fixture_set()))
    outcome = run_update(from_file=[source], force=True)  # fewer cards than the bundled snapshot: forced
    assert outcome.snapshot_file == no_user_data / "daynight-cards.json"
    assert bundled_snapshot().read_bytes() == before


def test_status_says_the_bundled_snapshot_is_in_use_with_its_source_date_and_age(
    no_user_data: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["carddata", "status", "--json"]) == 0
    status = json.loads(capsys.readouterr().out)
    assert status["origin"] == "bundled" and status["bundled"] is True and status["path"] == str(bundled_snapshot())
    assert (status["source"], status["date"]) == ("mtgjson", "2022-04-25") and status["age_seconds"] > 3 * 365 * 86400
    assert main(["carddata", "status"]) == 0
    out = capsys.readouterr().out
    assert "in use:     bundled with mtg-daynight" in out and "MTGJSON 5.2.0+20220425 of 2022-04-25" in out


def test_status_check_treats_the_bundled_snapshot_as_old_data_not_missing(
    no_user_data: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["carddata", "status", "--check", "--max-age", "30d"]) == 1
    err = capsys.readouterr().err
    assert "older than 30d" in err and "bundled" in err and "no card-data snapshot" not in err
    assert main(["carddata", "status", "--check", "--max-age", "100000d"]) == 0


def test_list_json_without_data_is_a_clear_error_exit_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "empty").mkdir()
    assert main(["carddata", "list", "--json", "--data-dir", str(tmp_path / "empty")]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.count("\n") == 1
    assert "no card-data snapshot at" in captured.err and "carddata update" in captured.err


def test_list_json_of_the_bundle(no_user_data: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["carddata", "list", "--json"]) == 0
    records = json.loads(capsys.readouterr().out)
    kinds = [r["kind"] for r in records]
    assert kinds.count("day_night") == 35 and kinds.count("mentions_day_night") == 12 and kinds.count("helper") == 1


def _readme_card_example() -> str:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```python\n(.*?)```", text, re.DOTALL)
    [block] = [b for b in blocks if 'CardPermanent("p1", "alice", card="Tavern Ruffian")' in b]
    return block


def test_readme_example_card_permanent_tavern_ruffian_works_offline(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith("MTG_DAYNIGHT")}
    env.update(HOME=str(tmp_path), XDG_DATA_HOME=str(tmp_path / "xdg"), XDG_CACHE_HOME=str(tmp_path / "cache"))
    env.update(https_proxy="http://127.0.0.1:9", http_proxy="http://127.0.0.1:9")  # any network use would fail
    done = subprocess.run(
        [sys.executable, "-c", _readme_card_example()],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[0] == "night back"
    assert "Tavern Ruffian (p1, alice) transforms into Tavern Smasher" in done.stdout


def test_bundled_snapshot_is_package_data() -> None:
    import mtg_daynight

    assert bundled_snapshot() == Path(mtg_daynight.__file__).parent / "data" / "daynight-cards.json"
    assert msgspec.json.decode(bundled_snapshot().read_bytes())["manifest"]["format_version"] == 2


def test_scenarios_and_demo_take_day_night_cards_from_the_bundle(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from mtg_daynight.reference import CardKind
    from mtg_daynight.scenarios import BUILTIN, ORDINARY_CARDS

    monkeypatch.setenv(store.DATA_DIR_ENV, str(tmp_path))  # the user's card data plays no part in built-in cards
    ruffian = BUILTIN.lookup("Tavern Ruffian")
    assert ruffian is not None and ruffian.back is not None
    assert (ruffian.front.name, ruffian.front.daybound, ruffian.back.name, ruffian.back.nightbound) == (
        "Tavern Ruffian",
        True,
        "Tavern Smasher",
        True,
    )
    celestus = BUILTIN.lookup("The Celestus")  # a card that makes it day or night, single-faced
    assert celestus is not None and celestus.back is None and not celestus.front.daybound
    bolt = BUILTIN.lookup("Lightning Bolt")
    assert bolt is not None and bolt.kind is CardKind.INSTANT
    assert set(ORDINARY_CARDS) == {
        "Delver of Secrets // Insectile Aberration",
        "Lightning Bolt",
        "Moonmist",
        "Grizzly Bears",
    }  # none of them is a day/night card
    assert all(BUILTIN.lookup(name.split(" //")[0]) == card for name, card in ORDINARY_CARDS.items())


def test_bundled_snapshot_is_not_git_ignored_so_hatch_puts_it_in_the_wheel() -> None:
    # hatch builds the wheel from mtg_daynight/ minus what .gitignore excludes
    if not (ROOT / ".git").exists():
        pytest.skip("not a git checkout")
    done = subprocess.run(["git", "check-ignore", "-q", str(bundled_snapshot())], cwd=ROOT, check=False)
    assert done.returncode == 1, "mtg_daynight/data/daynight-cards.json is git-ignored: the wheel would lack it"


def test_a_first_update_lists_changes_against_the_bundled_snapshot(
    build: ModuleType, sources: Path, no_user_data: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    files = [str(p) for p in build.verify_sources(sources)]
    assert main(["carddata", "update", *(arg for f in files for arg in ("--from-file", f))]) == 0
    assert "no card changed" in capsys.readouterr().out  # the same five files: the same records as the bundle
    assert locate_snapshot().origin == "user"


def test_the_build_script_prints_the_count_of_each_kind_of_card(
    build: ModuleType, sources: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(build.Store, "write_snapshot", lambda store, _: store.snapshot)  # leave the package be
    assert build.main([]) == 0
    out = capsys.readouterr().out
    assert "35 day/night cards (108 printings), 12 that mention day/night, 3 that read day/night, 1 helper card(s)" \
        in out


def test_a_snapshots_age_is_unknown_without_a_date_or_with_one_in_the_future() -> None:
    from datetime import UTC, datetime, timedelta

    from mtg_daynight.importer.snapshot import FUTURE_SLACK, parse_time, snapshot_age

    snapshot = load_snapshot(bundled_snapshot())
    dated = parse_time(snapshot.manifest.source.updated_at)
    assert dated is not None
    age = snapshot_age(snapshot, dated + timedelta(days=3))
    assert age.seconds == 3 * 86400 and not age.future and not age.older_than(4 * 86400) and age.older_than(86400)
    ahead = snapshot_age(snapshot, dated - timedelta(seconds=FUTURE_SLACK + 1))
    assert ahead.future and ahead.older_than(10**9)
    undated = msgspec.structs.replace(snapshot, manifest=msgspec.structs.replace(
        snapshot.manifest, imported_at="", source=msgspec.structs.replace(snapshot.manifest.source, updated_at="")))
    assert snapshot_age(undated, datetime.now(UTC)).seconds is None and snapshot_age(undated, dated).older_than(1)
