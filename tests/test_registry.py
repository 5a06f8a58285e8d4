import pytest

from catchup_notation.errors import VariantError
from catchup_notation.rules.registry import find_spec, parse_multiset, parse_variant, specs

EXPECTED = [
    "catchup",
    "catchup-2012",
    "ketchup-4",
    "ketchup-4-amended",
    "ketchup-3",
    "ketchup-2",
    "ketchup-1",
    "alternative",
    "catch-up",
]


def test_every_variant_of_the_rules_is_registered_with_its_metadata():
    names = [s.name for s in specs()]
    assert names[: len(EXPECTED)] == EXPECTED
    for spec in specs():
        assert spec.title and spec.description and spec.confidence and spec.sources
        assert len(spec.players) == 2
    assert find_spec("ketchup-1").reconstructed
    assert "RECONSTRUCTED" in find_spec("ketchup-1").description
    assert not find_spec("catchup").reconstructed


@pytest.mark.parametrize("alias", ["current", "littlegolem", "lg", "genius", "abstractplay", "CATCHUP"])
def test_aliases(alias):
    assert parse_variant(alias).name == "catchup"


def test_variant_strings():
    assert str(parse_variant("catchup")) == "catchup(size=5)"
    assert str(parse_variant("lg(size=7)")) == "catchup(size=7)"
    assert str(parse_variant(" mindsports ( size = 4 ) ")) == "catchup-2012(size=4)"
    v = parse_variant("catch-up(set=1..12)")
    assert v.params["set"] == tuple(range(1, 13)) and v.params["scores"] == (0, 0)
    assert str(v) == "catch-up(set=1..12)"
    v = parse_variant("numbers(set={2,2,2,3,3}, scores=0:3)")
    assert v.params["set"] == (2, 2, 2, 3, 3) and v.params["scores"] == (0, 3)
    assert str(v) == "catch-up(set={2,2,2,3,3}, scores=0:3)"
    assert parse_variant(str(v)) == v


def test_unknown_variant_lists_the_known_ones():
    with pytest.raises(VariantError) as info:
        parse_variant("ketchup-9")
    for name in EXPECTED:
        assert name in str(info.value)


@pytest.mark.parametrize(
    "text, problem",
    [
        ("catchup(size=1)", "at least 2"),
        ("catchup(width=5)", "no parameter"),
        ("catchup(size=x)", "bad value"),
        ("catchup(size)", "name=value"),
        ("catch-up(set={1,2)", "unbalanced"),
        ("catch-up(set=0..3)", "positive"),
        ("(size=3)", "not a variant string"),
    ],
)
def test_bad_variant_strings(text, problem):
    with pytest.raises(VariantError, match=problem):
        parse_variant(text)


def test_multisets():
    assert parse_multiset("{1..4, 7, 2}") == (1, 2, 2, 3, 4, 7)
    assert parse_multiset("3") == (3,)


def test_a_variant_read_from_its_own_file_is_the_one_the_whole_registry_gives():
    # find_spec reads only `NN-name.toml` when a variant is asked for by its own name (start-up
    # time); that must give the very spec that reading every file gives.
    from catchup_notation.rules import registry

    names = [spec.name for spec in registry.specs()]
    caches = (registry.specs, registry._own_file, registry._spec_of_file, registry._by_name, registry._cached_variant)
    for cached in caches:  # every cache that holds a spec: the run goes on with the new ones alone
        cached.cache_clear()
    alone = {name: registry._own_file(name) for name in names}
    assert registry._own_file("lg") is None  # an alias: the whole registry answers
    assert registry.specs.cache_info().currsize == 0  # nothing but the one file each time
    assert registry._spec_of_file.cache_info().currsize == len(names)
    for spec in registry.specs():
        assert alone[spec.name] is spec
