"""A blueprint preview warns of a slot whose questions tell few distinct stories (walk 3, #12:
a slot of 9 drew the same card, wording and key four times, only the names changed)."""

from types import SimpleNamespace

from quizzes.exams.services.blueprints import slots_with_few_situations


def drawn(*stories):
    return [SimpleNamespace(template_id=template, key=key) for template, key in stories]


def test_a_slot_of_near_identical_stories_is_named_with_its_counts():
    sample = drawn(("a", 1), ("b", 1), ("c", 1), ("d", 1), ("a", 1), ("a", 1), ("a", 1), ("a", 2))
    composition = [{"count": 4}, {"count": 4}]

    thin = slots_with_few_situations(sample=sample, composition=composition)

    assert thin == []  # slot 2 tells 2 stories in 4: half, not fewer
    five_alike = drawn(("a", 1), ("a", 1), ("a", 1), ("a", 1), ("a", 2))
    assert slots_with_few_situations(
        sample=[*drawn(("x", 1)), *five_alike], composition=[{"count": 1}, {"count": 5}]
    ) == [{"slot": 2, "count": 5, "distinct": 2}]


def test_a_varied_or_small_slot_is_not_warned_of():
    varied = drawn(("a", 1), ("a", 2), ("b", 1), ("c", 1))
    assert slots_with_few_situations(sample=varied, composition=[{"count": 4}]) == []
    small = drawn(("a", 1), ("a", 1), ("a", 1))
    assert slots_with_few_situations(sample=small, composition=[{"count": 3}]) == []
