#!/usr/bin/env python3
# The model from Python through GObject introspection (PyGObject), as a
# student scripting an experiment uses it: the seed's example, and the
# functions whose annotations (out, array length, caller-allocates,
# transfer) a binding depends on. A wrong annotation shows here as a
# wrong shape (a value where a tuple belongs), a crash or a leak.
#
#   test-python.py GIR
# with GI_TYPELIB_PATH and LD_LIBRARY_PATH at the build's src/model (as
# tests/meson.build sets them). GIR is Bloom-1.0.gir, checked for a
# documented parameter and return value on every function.
#
# SPDX-License-Identifier: GPL-3.0-or-later

import gc
import sys
import traceback
import xml.etree.ElementTree as ET

import gi

gi.require_version('Bloom', '1.0')
from gi.repository import Bloom, Gio, GLib  # noqa: E402

Outcome = Bloom.Outcome


def assert_error(domain, code, function, *args):
    """function(*args) raises the GLib.Error @code of @domain."""
    try:
        function(*args)
    except GLib.Error as error:
        assert error.matches(domain, code), error
    else:
        raise AssertionError("%s%r succeeded" % (function.__name__, args))


def seed_session():
    """SPEC's seed example: m = 8, k = 1, "a" inserted (bit 4)."""
    session = Bloom.Session.new()
    assert session.create_filter(8, 1) is True
    operation = session.insert("a", -1)
    assert operation.get_outcome() == Outcome.INSERTED
    return session


def test_seed_example():
    session = seed_session()

    # No negative query yet: the rate is undefined, not 0.
    assert session.get_observed_rate()[0] is False

    expected = [("i", Outcome.FALSE_POSITIVE, 4),
                ("a", Outcome.MEMBER, 4),
                ("b", Outcome.DEFINITELY_ABSENT, 5)]
    for text, outcome, position in expected:
        operation = session.query(text, -1)
        assert operation.get_outcome() == outcome, (text, operation.get_outcome())
        assert operation.get_kind() == Bloom.OperationKind.QUERY
        assert operation.get_n_positions() == 1
        assert operation.get_position(0) == position, (text, operation.get_position(0))
        assert session.get_last_operation() == operation

    # (out) rate: a (success, rate) pair, 1 false positive of 2.
    ok, rate = session.get_observed_rate()
    assert ok is True
    assert rate == 0.5, rate
    assert session.get_negative_queries() == 2
    assert session.get_false_positives() == 1
    assert session.get_filter().to_string() == "00001000"


def test_text_out_length():
    session = seed_session()
    session.insert("h\u00e9", -1)

    # (out) (optional) len beside the returned text.
    assert session.get_entry(0) == ("a", 1)
    assert session.get_entry(1) == ("h\u00e9", 3)
    assert session.get_last_operation().get_text() == ("h\u00e9", 3)
    assert session.get_n_entries() == 2
    assert session.contains("h\u00e9", -1) is True
    assert session.contains("b", -1) is False


def test_bit_setters():
    session = seed_session()
    session.insert("b", -1)   # bit 5
    session.insert("i", -1)   # bit 4, like "a"

    # (array length=n_setters) (transfer full): the entries, not a count.
    assert session.get_bit_setters(4) == [0, 2]
    assert session.get_bit_setters(5) == [1]
    assert session.get_bit_setters(0) == []
    assert session.get_first_setter(4) == (True, 0)
    assert session.get_first_setter(0)[0] is False


def test_units_array():
    # (array length=n_units) (transfer full) return, (out) n_units hidden.
    units = Bloom.text_to_units("h\U0001F600", -1)
    assert list(units) == [0x68, 0xD83D, 0xDE00], units
    ok, h1, h2 = Bloom.text_hash_pair("h\U0001F600", -1)
    assert ok is True
    assert Bloom.hash_pair(units) == (h1, h2)
    assert h2 % 2 == 1


def test_errors():
    session = Bloom.Session.new()
    assert_error(Bloom.error_quark(), Bloom.Error.NO_FILTER, session.query, "a", -1)
    assert session.get_last_operation() is None
    assert session.get_filter() is None

    session.create_filter(8, 1)
    assert_error(Bloom.error_quark(), Bloom.Error.TEXT_EMPTY, session.insert, "", -1)
    assert session.get_n_entries() == 0


def test_sampler():
    session = seed_session()
    sampler = Bloom.Sampler.new_for_session(session)
    assert (sampler.get_m(), sampler.get_k(), sampler.get_n_entries()) == (8, 1, 1)

    # (out caller-allocates) result: filled in by the call.
    ok, result = sampler.sample(1000, 1, 7, Bloom.Z_95, None)
    assert ok is True
    assert (result.m, result.k, result.n_entries, result.bits_set) == (8, 1, 1, 1)
    assert result.n_samples == 1000
    assert result.n_skipped + result.n_queries == 1000
    # The string "a" is the only one stored; with k = 1 every drawn string
    # on bit 4 is a false positive, so about 1 in 8 are.
    assert 0 < result.n_false_positives < result.n_queries
    assert result.low <= result.n_false_positives / result.n_queries <= result.high
    assert result.get_rate() == (True, result.n_false_positives / result.n_queries)
    assert result.contains(result.low) is True
    # The first false positives drawn, at most ten: a GStrv getter and a
    # (transfer none) one.
    named = result.dup_false_positive_strings()
    assert len(named) == min(result.n_false_positives, Bloom.SAMPLE_FALSE_POSITIVES_KEPT) == 10
    assert [result.get_false_positive_string(i) for i in range(len(named))] == named
    assert result.get_n_false_positive_strings() == 10
    assert all(len(text) == 1 and text != "a" for text in named)

    # The same strings as the measurement drew, zero-terminated array.
    assert len(Bloom.sample_strings(7, 3, 4)) == 4

    cancellable = Gio.Cancellable()
    cancellable.cancel()
    assert_error(Gio.io_error_quark(), Gio.IOErrorEnum.CANCELLED,
                 sampler.sample, 1000, 1, 7, Bloom.Z_95, cancellable)


def test_sweep():
    sampler = Bloom.Sampler.new(64, 3)

    # (transfer container) (element-type BloomSampleResult): the array
    # frees its elements, so a binding must not free them as well.
    for _ in range(20):
        points = sampler.sweep(20, 4, 100, 2, 7, Bloom.Z_95, None)
        assert [point.n_entries for point in points] == [0, 5, 10, 15, 20]
        assert all(point.n_samples == 100 for point in points)
        del points
        gc.collect()

    loop = GLib.MainLoop()
    finished = []

    def on_done(source, result):
        try:
            finished.append(source.sweep_finish(result))
        finally:
            loop.quit()

    sampler.sweep_async(20, 4, 100, 2, 7, Bloom.Z_95, None, on_done)
    loop.run()
    assert [point.n_entries for point in finished[0]] == [0, 5, 10, 15, 20]


def test_state_round_trip():
    session = seed_session()
    session.query("i", -1)
    json, length = Bloom.state_to_json(session)
    assert len(json.encode()) == length

    loaded = Bloom.Session.new()
    changes = []
    loaded.connect("changed", lambda session: changes.append(session))
    assert Bloom.state_load_json(loaded, json, -1) is True
    assert len(changes) == 1
    assert loaded.get_observed_rate() == (True, 1.0)
    assert loaded.get_last_operation().get_outcome() == Outcome.FALSE_POSITIVE
    assert Bloom.state_to_json(loaded) == (json, length)


def test_sizing():
    # (out caller-allocates) struct that is not a boxed type.
    sizing = Bloom.Sizing.compute(100, 0.01)
    assert (sizing.ideal_m, sizing.ideal_k) == (959, 7)
    assert (sizing.m, sizing.k, sizing.m_clamped) == (959, 7, False)
    assert Bloom.Z_95 == 1.959963984540054


def test_gir_documented(gir):
    """Every function of the namespace documents each parameter and what
    it returns, where its annotations live."""
    core = '{http://www.gtk.org/introspection/core/1.0}'
    c = '{http://www.gtk.org/introspection/c/1.0}'
    undocumented = []
    n_callables = 0
    for parent in ET.parse(gir).iter():
        for node in parent:
            if node.tag not in (core + 'function', core + 'method', core + 'constructor'):
                continue
            if node.get('moved-to') is not None:
                continue
            n_callables += 1
            name = node.get(c + 'identifier')
            returns = node.find(core + 'return-value')
            return_type = returns.find(core + 'type')
            returns_none = return_type is not None and return_type.get('name') == 'none'
            if not returns_none and returns.find(core + 'doc') is None:
                undocumented.append(name + ': return value')
            for parameter in node.iterfind(core + 'parameters/*'):
                if parameter.find(core + 'doc') is None:
                    undocumented.append(name + ': ' + parameter.get('name'))
    assert n_callables > 90, n_callables
    assert not undocumented, undocumented


def main():
    gir = sys.argv[1]
    tests = [(name, function) for name, function in globals().items()
             if name.startswith('test_')]
    print('1..%d' % len(tests))
    failed = 0
    for number, (name, function) in enumerate(tests, 1):
        try:
            function(gir) if name == 'test_gir_documented' else function()
        except Exception:
            failed += 1
            print('not ok %d - %s' % (number, name))
            for line in traceback.format_exc().splitlines():
                print('# ' + line)
        else:
            print('ok %d - %s' % (number, name))
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
