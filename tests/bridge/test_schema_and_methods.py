"""The shipped schema is the code's, and the method table is the facade, one to one."""

from __future__ import annotations

import inspect
from pathlib import Path

import msgspec

from mtg_daynight.bridge import methods as bridge_methods
from mtg_daynight.bridge.methods import METHODS
from mtg_daynight.bridge.schema import schema, schema_json
from mtg_daynight.facade import DayNight, Game

SHIPPED = Path(__file__).resolve().parents[2] / "docs" / "bridge-schema.json"

#: Public facade names that are not methods a remote engine can call.
NOT_BRIDGED = {"id", "pm"}
#: The bridge's own methods.
BRIDGE_ONLY = {"initialize", "add_cant_become", "remove_cant_become"}


def test_shipped_schema_is_the_one_the_code_generates() -> None:
    assert SHIPPED.read_bytes() == schema_json(), (
        "docs/bridge-schema.json is stale: regenerate it with 'mtg-daynight serve --schema > docs/bridge-schema.json'")


def test_schema_describes_every_method_request_and_result() -> None:
    document = schema()
    assert list(document["methods"]) == list(METHODS)
    for name, entry in document["methods"].items():
        params = entry["params"]["$ref"].rsplit("/", 1)[1]
        assert params in document["$defs"], name
    assert {"Outcome", "EnterFace", "DesignationChange", "Transform", "TransformRefused", "ChangeVetoed",
            "TraceLine", "EnteringPermanent", "EnteringCard", "Success", "Failure", "ErrorData"} <= set(
        document["$defs"])
    assert document["methods"]["cast"]["result"] == {"$ref": "#/$defs/Outcome"}


def test_every_public_facade_method_is_a_bridge_method() -> None:
    public = {name for cls in (Game, DayNight) for name in dir(cls) if not name.startswith("_")}
    public |= {name for name in Game.__slots__ if not name.startswith("_")}
    assert public - NOT_BRIDGED == set(METHODS) - BRIDGE_ONLY, (
        "a facade method is missing from the bridge: add one entry to mtg_daynight.bridge.methods.METHODS")


def test_params_are_the_facade_parameters_by_name() -> None:
    for name, method in METHODS.items():
        if name in BRIDGE_ONLY:
            continue
        cls = Game if hasattr(Game, name) else DayNight
        target = inspect.getattr_static(cls, name)
        function = target.fget if isinstance(target, property) else target
        expected = [p for p in inspect.signature(function).parameters if p != "self"]
        fields = list(method.params.__struct_fields__)
        assert fields == (["game", *expected] if cls is Game else expected), name


def test_wire_types_map_what_json_cannot_carry() -> None:
    from typing import Literal

    from mtg_daynight.bridge.protocol import EnteringCard, EnteringPermanent
    from mtg_daynight.rules import CardPermanent, Designation, Keyword, Permanent

    wire = bridge_methods.wire_type
    assert wire(bytes) is str
    assert wire(Keyword | str) is Keyword
    assert wire(Designation | Literal["day", "night", "switch"]) == Literal["neither", "day", "night", "switch"]
    assert wire(Permanent | CardPermanent) == EnteringPermanent | EnteringCard
    params = msgspec.json.decode(b'{"game":"g","permanent":"p","gained":["daybound"]}',
                                 type=METHODS["set_abilities"].params)
    assert params.gained == [Keyword.DAYBOUND]  # type: ignore[attr-defined]


def test_every_reference_in_the_schema_resolves() -> None:
    document = schema()

    def refs(node: object) -> list[str]:
        if isinstance(node, dict):
            return [v for k, v in node.items() if k == "$ref"] + [r for v in node.values() for r in refs(v)]
        if isinstance(node, list):
            return [r for v in node for r in refs(v)]
        return []

    found = refs(document)
    assert len(found) > 50
    assert all(r.startswith("#/$defs/") and r.removeprefix("#/$defs/") in document["$defs"] for r in found)
