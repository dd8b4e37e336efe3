"""The MTGJSON reader on HAND-WRITTEN FIXTURES (tests/importer/mtgjson_fixtures.py): faces, keywords, ids, flags,
printed names, the helper card, AllPrintings, compression by content, bad files, several files in one snapshot."""

from __future__ import annotations

import bz2
import gzip
import json
import lzma
from pathlib import Path

import pytest

from mtg_daynight.cli import main
from mtg_daynight.importer.errors import CardFileError
from mtg_daynight.importer.fold import Folder
from mtg_daynight.importer.limits import MAX_WHOLE_FILE_BYTES
from mtg_daynight.importer.local import import_local_files, sniff_source
from mtg_daynight.importer.mtgjson import Bounds, read_mtgjson
from mtg_daynight.importer.snapshot import load_snapshot
from tests.importer.fixture_cards import encode_jsonl, fixture_objects
from tests.importer.mtgjson_fixtures import (
    META,
    all_printings,
    face,
    fixture_set,
    mention,
    oid,
    set_file,
    set_object,
    sid,
    werewolf,
)


def _read(tmp_path: Path, data: bytes, name: str = "set.json") -> Folder:
    path = tmp_path / name
    path.write_bytes(data)
    folder = Folder()
    read_mtgjson(path, folder)
    return folder


def test_702_145_daybound_and_nightbound_come_from_each_faces_own_keywords(tmp_path: Path) -> None:
    built = _read(tmp_path, set_file(fixture_set())).build()
    [card] = built.cards
    assert card.name == "Fixture Moonward Hunter // Fixture Moonward Howler"
    assert [f.name for f in card.faces] == ["Fixture Moonward Hunter", "Fixture Moonward Howler"]
    assert card.daybound_face == "Fixture Moonward Hunter" and card.nightbound_face == "Fixture Moonward Howler"
    assert [f.keywords for f in card.faces] == [("Daybound",), ("Nightbound", "Trample")]
    assert card.faces[0].mana_cost == "{1}{G}" and card.faces[1].mana_cost == ""


def test_ids_are_scryfalls_printing_and_oracle_ids(tmp_path: Path) -> None:
    [card] = _read(tmp_path, set_file(fixture_set())).build().cards
    assert card.oracle_id == oid(100)
    [printing] = card.printings
    assert (printing.id, printing.set, printing.collector_number, printing.lang) == (sid(100), "fxm", "100", "en")
    assert printing.released_at == "2099-01-01" and printing.set_type == "expansion" and printing.games == ("paper",)


def test_faces_join_by_other_face_ids_only_with_the_same_name(tmp_path: Path) -> None:
    # a meld-like record names another card's face in otherFaceIds: that face is a different card
    hunter = werewolf(100)
    other = face(300, "Fixture Other Card", None, None, ["Daybound"], "Daybound", otherFaceIds=[hunter[0]["uuid"]])
    built = _read(tmp_path, set_file(set_object("FXM", [*hunter, other]))).build()
    assert sorted(c.name for c in built.cards) == ["Fixture Moonward Hunter // Fixture Moonward Howler",
                                                   "Fixture Other Card"]
    assert next(c for c in built.cards if c.name == "Fixture Other Card").faces[0].keywords == ("Daybound",)


def test_faces_are_ordered_by_side_whatever_the_record_order(tmp_path: Path) -> None:
    a, b = werewolf(100)
    [card] = _read(tmp_path, set_file(set_object("FXM", [b, a]))).build().cards
    assert card.daybound_face == "Fixture Moonward Hunter" and card.faces[0].name == "Fixture Moonward Hunter"


def test_mentions_day_night_by_the_same_rule_as_scryfall(tmp_path: Path) -> None:
    built = _read(tmp_path, set_file(fixture_set())).build()
    assert [m.name for m in built.mentions] == ["Fixture Sunspeaker"]  # "becomes daylight" does not count


def test_helper_card_comes_from_the_sets_tokens(tmp_path: Path) -> None:
    [helper] = _read(tmp_path, set_file(fixture_set())).build().helpers
    assert helper.name == "Day // Night" and [f.name for f in helper.faces] == ["Day", "Night"]
    assert helper.oracle_id == oid(9999) and [p.set for p in helper.printings] == ["tfxm"]


def test_online_only_is_digital_and_playtest_promo_is_playtest(tmp_path: Path) -> None:
    online = werewolf(100, isOnlineOnly=True)
    playtest = werewolf(400, "Fixture Test Pup", "Fixture Test Wolf", promoTypes=["playtest"])
    built = _read(tmp_path, set_file(set_object("FXM", [*online, *playtest]))).build()
    flags = {c.name.split(" //")[0]: (c.digital, c.playtest) for c in built.cards}
    assert flags == {"Fixture Moonward Hunter": (True, False), "Fixture Test Pup": (False, True)}


def test_online_only_set_makes_its_printings_digital(tmp_path: Path) -> None:
    [card] = _read(tmp_path, set_file(set_object("FXM", werewolf(100), isOnlineOnly=True))).build().cards
    assert card.digital and card.printings[0].digital


def test_printed_names_come_from_foreign_data(tmp_path: Path) -> None:
    a, b = werewolf(100)
    a["foreignData"] = [{"language": "German", "name": "Fixture Mondjäger // Fixture Mondheuler",
                         "faceName": "Fixture Mondjäger", "identifiers": {"scryfallId": sid(150)}}]
    b["foreignData"] = [{"language": "German", "name": "Fixture Mondjäger // Fixture Mondheuler",
                         "faceName": "Fixture Mondheuler", "identifiers": {"scryfallId": sid(150)}}]
    single = mention(110)
    single["foreignData"] = [{"language": "Japanese", "name": "フィクスチャー"}]
    built = _read(tmp_path, set_file(set_object("FXM", [a, b, single]))).build()
    german = next(p for p in built.cards[0].printings if p.lang == "de")
    assert german.id == sid(150) and german.printed_name == "Fixture Mondjäger // Fixture Mondheuler"
    assert german.face_printed_names == ("Fixture Mondjäger", "Fixture Mondheuler")
    japanese = next(p for p in built.mentions[0].printings if p.lang == "ja")
    assert japanese.printed_name == "フィクスチャー" and japanese.id == ""  # MTGJSON gave no Scryfall id for it


def test_allprintings_gives_the_same_records_as_the_set_files(tmp_path: Path) -> None:
    other = set_object("FXN", werewolf(500, "Fixture Dusk Scout", "Fixture Dusk Stalker"))
    separate = Folder()
    for i, card_set in enumerate((fixture_set(), other)):
        (tmp_path / f"s{i}.json").write_bytes(set_file(card_set))
        read_mtgjson(tmp_path / f"s{i}.json", separate)
    (tmp_path / "AllPrintings.json").write_bytes(all_printings(fixture_set(), other))
    together = Folder()
    info = read_mtgjson(tmp_path / "AllPrintings.json", together)
    assert info.format == "mtgjson-allprintings" and info.sets == ("FXM", "FXN")
    assert together.build() == separate.build()


@pytest.mark.parametrize("allprintings", [False, True], ids=["set file", "AllPrintings"])
def test_a_file_decoded_whole_and_the_same_file_streamed_give_the_same_result(
    tmp_path: Path, allprintings: bool
) -> None:
    other = set_object("FXN", werewolf(500, "Fixture Dusk Scout", "Fixture Dusk Stalker"))
    path = tmp_path / "file.json"
    path.write_bytes(all_printings(fixture_set(), other) if allprintings else set_file(fixture_set()))
    whole = read_mtgjson(path, Folder())
    streamed = read_mtgjson(path, Folder(), bounds=Bounds(whole_file_bytes=1))  # larger than the bound: streamed
    assert whole == streamed and whole.cards and whole.helpers


@pytest.mark.parametrize("whole_file_bytes", [MAX_WHOLE_FILE_BYTES, 1], ids=["whole", "streamed"])
def test_an_allprintings_member_that_is_not_a_set_is_refused_naming_it(tmp_path: Path, whole_file_bytes: int) -> None:
    data = json.loads(all_printings(fixture_set()))
    data["data"]["XYZ"] = {"name": "no cards here"}
    path = tmp_path / "AllPrintings.json"
    path.write_bytes(json.dumps(data).encode())
    with pytest.raises(CardFileError, match=r"AllPrintings\.json: data\.XYZ: not an MTGJSON set object \(no cards\)"):
        read_mtgjson(path, Folder(), bounds=Bounds(whole_file_bytes=whole_file_bytes))


@pytest.mark.parametrize("compress", [gzip.compress, lzma.compress, bz2.compress, lambda data: data])
def test_compression_is_recognised_by_content_not_name(tmp_path: Path, compress: object) -> None:
    data = compress(set_file(fixture_set()))  # type: ignore[operator]
    path = tmp_path / "misleading-name.txt"
    path.write_bytes(data)
    assert sniff_source(path) == "mtgjson"
    folder = Folder()
    info = read_mtgjson(path, folder)
    assert info.version == META["version"] and info.date == META["date"]
    assert info.file_size == len(data) and len(folder.build().cards) == 1


def test_scryfall_files_are_recognised_by_content(tmp_path: Path) -> None:
    path = tmp_path / "cards.json"
    path.write_bytes(encode_jsonl(fixture_objects()))
    assert sniff_source(path) == "scryfall"


def test_a_truncated_file_is_reported_as_invalid_with_file_and_position(tmp_path: Path) -> None:
    data = set_file(fixture_set())
    path = tmp_path / "cut.json"
    path.write_bytes(data[: len(data) // 2])
    with pytest.raises(CardFileError, match=r"cut\.json: invalid MTGJSON \(truncated or not JSON\) near byte \d+"):
        read_mtgjson(path, Folder())


def test_a_truncated_compressed_file_names_the_compression(tmp_path: Path) -> None:
    path = tmp_path / "cut.json.xz"
    data = lzma.compress(set_file(fixture_set()))
    path.write_bytes(data[: len(data) // 2])
    with pytest.raises(CardFileError, match=r"cut\.json\.xz: truncated xz data"):
        read_mtgjson(path, Folder())


def test_trailing_garbage_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "junk.json"
    path.write_bytes(set_file(fixture_set()) + b" {}")
    with pytest.raises(CardFileError, match=r"junk\.json: .*(trailing|invalid)"):
        read_mtgjson(path, Folder())


def test_a_bad_record_names_the_set_and_field(tmp_path: Path) -> None:
    card_set = fixture_set()
    card_set["cards"][0]["name"] = 7
    path = tmp_path / "bad.json"
    path.write_bytes(set_file(card_set))
    with pytest.raises(CardFileError, match=r"bad\.json: data: bad MTGJSON record: .*\$\.cards\[0\]\.name"):
        read_mtgjson(path, Folder())


def test_json_without_sets_is_not_mtgjson(tmp_path: Path) -> None:
    path = tmp_path / "other.json"
    path.write_bytes(json.dumps({"meta": META, "data": {"hello": 1}}).encode())
    with pytest.raises(CardFileError, match="not an MTGJSON file"):
        read_mtgjson(path, Folder())


def test_several_files_of_both_sources_make_one_snapshot(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    mtgjson = tmp_path / "FXM.json.gz"
    mtgjson.write_bytes(gzip.compress(set_file(fixture_set())))
    scryfall = tmp_path / "cards.jsonl"
    scryfall.write_bytes(encode_jsonl(fixture_objects()))
    data = tmp_path / "data"
    argv = ["carddata", "update", "--data-dir", str(data), "--from-file", str(mtgjson), "--from-file", str(scryfall)]
    assert main(argv) == 0
    snapshot = load_snapshot(data)
    source = snapshot.manifest.source
    assert source.kind == "mixed" and [f.name for f in source.files] == ["FXM.json.gz", "cards.jsonl"]
    assert [f.source for f in source.files] == ["mtgjson", "scryfall"]
    assert source.files[0].compression == "gzip" and source.files[0].version == META["version"]
    assert source.files[0].sha256 == __import__("hashlib").sha256(mtgjson.read_bytes()).hexdigest()
    names = {c.name for c in snapshot.cards}
    assert "Fixture Moonward Hunter // Fixture Moonward Howler" in names and len(names) == 5  # 1 + Scryfall's 4
    assert len(snapshot.helpers) == 2  # the fixtures' two helper cards have different (invented) oracle ids


def test_mtgjson_only_import_says_mtgjson_with_its_version_and_date(tmp_path: Path) -> None:
    (tmp_path / "a.json").write_bytes(set_file(fixture_set()))
    _, source = import_local_files([tmp_path / "a.json"])
    assert (source.kind, source.version, source.updated_at) == ("mtgjson", META["version"], META["date"])


def test_status_names_mtgjson_and_its_date(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "a.json").write_bytes(set_file(fixture_set()))
    assert main(["carddata", "update", "--data-dir", str(tmp_path / "d"), "--from-file", str(tmp_path / "a.json")]) == 0
    capsys.readouterr()
    assert main(["carddata", "status", "--data-dir", str(tmp_path / "d")]) == 0
    out = capsys.readouterr().out
    assert "source:     MTGJSON 0.0.0+FIXTURE of 2099-01-02" in out and "in use:     given with --data-dir" in out


def test_a_missing_or_invalid_from_file_is_one_line_exit_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.json"
    bad.write_bytes(set_file(fixture_set())[:50])
    data = tmp_path / "d"
    assert main(["carddata", "update", "--data-dir", str(data), "--from-file", str(bad)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "bad.json: invalid MTGJSON" in err and "near byte" in err
    assert not (data / "daynight-cards.json").exists()


def test_progress_is_told_the_total_and_advanced_to_it(tmp_path: Path) -> None:
    class Recorder:
        def __init__(self) -> None:
            self.events: list[tuple[str, int | None]] = []

        def start(self, total: int | None, initial: int) -> None:
            self.events.append(("start", total))

        def advance(self, n: int) -> None:
            self.events.append(("advance", n))

        def close(self) -> None:
            self.events.append(("close", None))

    (tmp_path / "a.json").write_bytes(all_printings(fixture_set(), set_object("FXN", werewolf(500, "A B", "C D"))))
    (tmp_path / "b.jsonl").write_bytes(encode_jsonl(fixture_objects()))
    recorder = Recorder()
    import_local_files([tmp_path / "a.json", tmp_path / "b.jsonl"], progress=recorder)
    total = (tmp_path / "a.json").stat().st_size + (tmp_path / "b.jsonl").stat().st_size
    assert recorder.events[0] == ("start", total) and recorder.events[-1] == ("close", None)
    advances = [n for kind, n in recorder.events if kind == "advance"]
    assert advances and all(n > 0 for n in advances) and sum(advances) == total


def test_only_records_that_may_be_kept_are_validated_and_joined(tmp_path: Path) -> None:
    card_set = fixture_set()
    card_set["cards"].append({"name": 7, "text": "a broken record of a card that has nothing to do with day/night"})
    folder = Folder()
    path = tmp_path / "set.json"
    path.write_bytes(set_file(card_set))
    info = read_mtgjson(path, folder)
    assert info.candidate_lines == 5  # the werewolf's 2 faces, the mention card, the helper's 2 faces
    assert [len(x) for x in (folder.build().cards, folder.build().mentions, folder.build().helpers)] == [1, 1, 1]


@pytest.mark.parametrize(
    "data",
    [
        b'{"meta": {}, "data": {"cards": ' + b"[" * 100_000 + b"]" * 100_000 + b"}}",
        b'{"meta": {}, "data": {"MID": {"cards": [], "x": ' + b'{"a":' * 100_000 + b"1" + b"}" * 100_000 + b"}}}",
        b'{"meta": ' + b"[" * 100_000 + b"]" * 100_000 + b', "data": {"cards": []}}',
    ],
    ids=["deep lists in a set file", "deep objects in AllPrintings", "deep meta"],
)
def test_deeply_nested_json_is_refused_before_it_costs_memory(tmp_path: Path, data: bytes) -> None:
    path = tmp_path / "deep.json"
    path.write_bytes(data)
    with pytest.raises(CardFileError, match=r"deep\.json: JSON nested deeper than 512 levels"):
        import_local_files([path])


def test_nesting_as_deep_as_real_files_and_balanced_mana_symbols_pass(tmp_path: Path) -> None:
    card_set = fixture_set()
    card_set["cards"][0]["text"] = "{2}{G}{G}: " * 5000 + "[[[ unbalanced ]] in a string"
    card_set["booster"] = {"a": [[[[{"b": [[[1]]]}]]]]}
    path = tmp_path / "ok.json.gz"
    path.write_bytes(gzip.compress(set_file(card_set)))
    _, source = import_local_files([path])
    assert source.files[0].sets == ("FXM",)


def test_scryfall_bulk_files_may_be_xz_or_bzip2_too(tmp_path: Path) -> None:
    jsonl = encode_jsonl(fixture_objects())
    (tmp_path / "a.bin").write_bytes(lzma.compress(jsonl))
    (tmp_path / "b.bin").write_bytes(bz2.compress(jsonl))
    (tmp_path / "c.bin").write_bytes(jsonl)
    results = [import_local_files([tmp_path / n]) for n in ("a.bin", "b.bin", "c.bin")]
    assert [s.files[0].compression for _, s in results] == ["xz", "bzip2", "none"]
    assert results[0][0].cards == results[1][0].cards == results[2][0].cards and len(results[0][0].cards) == 4


def test_a_directory_or_missing_file_is_named_as_such(tmp_path: Path) -> None:
    with pytest.raises(CardFileError, match="not a regular file"):
        import_local_files([tmp_path])
    with pytest.raises(CardFileError, match=r"nothing\.json: no such file"):
        import_local_files([tmp_path / "nothing.json"])


def test_a_promo_printed_outside_its_set_keeps_its_own_release_date(tmp_path: Path) -> None:
    promo = werewolf(100, originalReleaseDate="2099-06-01")
    [card] = _read(tmp_path, set_file(set_object("FXM", promo))).build().cards
    assert card.printings[0].released_at == "2099-06-01"  # not the set's 2099-01-01
