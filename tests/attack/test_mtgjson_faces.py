"""Attack on the MTGJSON reader: face records of one card that contradict each other.

Seen failing on main: two faces of a werewolf both on side "a", the back listed first, imported with the faces
swapped (the card then made it night where daybound makes it day, 702.145d). Every such card is now refused
with one line naming the file, the set, the card and its faces, and nothing is written.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from mtg_daynight.importer.errors import FaceRecordError
from mtg_daynight.importer.fold import Folder
from mtg_daynight.importer.mtgjson import read_mtgjson
from tests.importer.mtgjson_fixtures import face, fixture_set, set_file, werewolf

from .conftest import run_cli

Damage = Callable[[list[dict[str, Any]]], list[dict[str, Any]]]


def _both_on_side_a_back_first(faces: list[dict[str, Any]]) -> list[dict[str, Any]]:
    faces[1]["side"] = "a"
    return [faces[1], faces[0]]


def _back_lost(faces: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [faces[0]]


def _front_lost(faces: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [faces[1]]


def _daybound_on_side_b(faces: list[dict[str, Any]]) -> list[dict[str, Any]]:
    faces[0]["keywords"], faces[1]["keywords"] = ["Nightbound"], ["Daybound"]
    return faces


def _one_face_both(faces: list[dict[str, Any]]) -> list[dict[str, Any]]:
    faces[0]["keywords"] = ["Daybound", "Nightbound"]
    return faces


def _back_without_nightbound(faces: list[dict[str, Any]]) -> list[dict[str, Any]]:
    faces[1]["keywords"] = ["Trample"]
    return faces


def _front_without_daybound(faces: list[dict[str, Any]]) -> list[dict[str, Any]]:
    faces[0]["keywords"] = []
    return faces


CASES: dict[str, tuple[Damage, str]] = {
    "two faces on side a, back first": (_both_on_side_a_back_first, "two face records on side 'a'"),
    "front without its back": (_back_lost, "without its partner"),
    "back without its front": (_front_lost, "without its partner"),
    "daybound face on side b": (_daybound_on_side_b, r"Daybound on the back face"),
    "a face both daybound and nightbound": (_one_face_both, "both daybound and nightbound"),
    "back without nightbound": (_back_without_nightbound, "front must have Daybound and the back Nightbound"),
    "front without daybound": (_front_without_daybound, "front must have Daybound and the back Nightbound"),
}


def _damaged_file(tmp_path: Path, damage: Damage) -> Path:
    card_set = fixture_set()
    wolf = damage(werewolf(100))
    card_set["cards"] = [*wolf, *card_set["cards"][2:]]
    path = tmp_path / "FXM.json"
    path.write_bytes(set_file(card_set))
    return path


@pytest.mark.parametrize(("damage", "said"), CASES.values(), ids=list(CASES))
def test_contradicting_faces_are_refused_naming_file_set_card_and_faces(
    tmp_path: Path, damage: Damage, said: str
) -> None:
    path = _damaged_file(tmp_path, damage)
    with pytest.raises(FaceRecordError, match=said) as caught:
        read_mtgjson(path, Folder())
    message = str(caught.value)
    assert message.startswith(f"{path}: set FXM: card 'Fixture Moonward Hunter // Fixture Moonward Howler' (faces ")
    assert "side " in message and "uuid 11111111-0000-5000-8000-" in message


@pytest.mark.parametrize("damage", [CASES["two faces on side a, back first"][0], _daybound_on_side_b])
def test_the_cli_refuses_in_one_line_and_writes_nothing(
    tmp_path: Path, damage: Damage, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _damaged_file(tmp_path, damage)
    data_dir = tmp_path / "data"
    assert run_cli(["carddata", "update", "--from-file", str(path), "--data-dir", str(data_dir)]) != 0
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err and "set FXM" in err and "Fixture Moonward" in err
    assert not (data_dir / "daynight-cards.json").exists()


def test_older_build_without_sides_is_ordered_by_face_name(tmp_path: Path) -> None:
    """MTGJSON builds without ``side`` are resolved by a documented rule: where the faceName stands in the name."""
    back, front = reversed(werewolf(100))
    for record in (back, front):
        record.pop("side")
    card_set = fixture_set()
    card_set["cards"] = [back, front, *card_set["cards"][2:]]
    path = tmp_path / "FXM.json"
    path.write_bytes(set_file(card_set))
    folder = Folder()
    read_mtgjson(path, folder)
    (card,) = folder.build().cards
    assert (card.daybound_face, card.nightbound_face) == ("Fixture Moonward Hunter", "Fixture Moonward Howler")


def test_a_lone_face_of_a_card_that_is_not_kept_is_not_checked(tmp_path: Path) -> None:
    """Only the cards that may be kept are joined and checked: a broken plain card elsewhere does not matter."""
    card_set = fixture_set()
    card_set["cards"].append(face(300, "Fixture Plain // Other", "Fixture Plain", "a", [], "Plain."))
    path = tmp_path / "FXM.json"
    path.write_bytes(set_file(card_set))
    assert read_mtgjson(path, Folder()).objects_kept >= 1
