#!/usr/bin/env python3
# Lectures from Python, as a student replays one in a script: the example
# lecture read from its file and replayed step by step (bits, verdicts,
# counters of SPEC's seed example), going back, a refusal naming its
# step, and a lecture built from steps, written and read back.
#
#   test-python-lecture.py LECTURE
# with GI_TYPELIB_PATH and LD_LIBRARY_PATH at the build's src/model (as
# tests/meson.build sets them). LECTURE is the example,
# data/lectures/false-positive.bloomlab-lecture.
#
# SPDX-License-Identifier: GPL-3.0-or-later

import sys
import traceback

import gi

gi.require_version('Bloom', '1.0')
from gi.repository import Bloom, Gio, GLib  # noqa: E402

Action = Bloom.LectureAction
Outcome = Bloom.Outcome

DOCUMENT = '{"format": "bloom-lab-lecture", "version": 1, "steps": [%s]}'


def read_example(path):
    ok, contents, etag = Gio.File.new_for_path(path).load_contents(None)
    assert ok
    return Bloom.Lecture.new_from_bytes(GLib.Bytes.new(contents))


def outcome(session):
    return session.get_last_operation().get_outcome()


def test_example_reads(path):
    lecture = read_example(path)
    assert lecture.get_title() == 'Why a Bloom filter says yes to strangers'
    assert lecture.props.n_steps == lecture.get_n_steps() == 10
    actions = [lecture.get_step(i).get_action() for i in range(lecture.get_n_steps())]
    assert actions == [Action.CREATE, Action.INSERT, Action.QUERY, Action.QUERY, Action.QUERY,
                       Action.OPEN, Action.CREATE, Action.EXAMPLE, Action.ZOOM,
                       Action.EXPERIMENT], actions
    step = lecture.get_step(0)
    assert (step.get_m(), step.get_k()) == (8, 1)
    assert step.props.caption == 'Eight bits, one hash position per string'
    assert lecture.get_step(5).get_section() == 'hash-positions'
    assert lecture.get_step(8).props.zoom == 200
    step = lecture.get_step(9)
    assert (step.get_n_samples(), step.get_length(), step.get_seed()) == (10000, 8, 42)
    assert not step.changes_session()


def test_replay(path):
    lecture = read_example(path)
    session = Bloom.Session.new()

    # Forward, one step at a time: SPEC's seed example.
    for i in range(lecture.get_n_steps()):
        assert lecture.apply_step(i, session) is True
        if i == 1:
            assert session.get_filter().to_string() == '00001000'
            assert outcome(session) == Outcome.INSERTED
        elif i == 2:
            assert outcome(session) == Outcome.FALSE_POSITIVE
        elif i == 3:
            assert outcome(session) == Outcome.MEMBER
        elif i == 4:
            assert outcome(session) == Outcome.DEFINITELY_ABSENT
            assert session.get_negative_queries() == 2
            assert session.get_false_positives() == 1
    assert session.get_filter().get_m() == 1024
    assert session.get_n_entries() == 8
    last, length = Bloom.state_to_json(session)

    # Back to step 3 (index 2): replayed from the start, counted once.
    assert lecture.replay_to(session, 2) is True
    assert session.get_filter().to_string() == '00001000'
    assert outcome(session) == Outcome.FALSE_POSITIVE
    assert (session.get_negative_queries(), session.get_false_positives()) == (1, 1)

    # And to the end again: the state of stepping forward.
    assert lecture.replay_to(session, lecture.get_n_steps() - 1) is True
    assert Bloom.state_to_json(session)[0] == last


def test_refused():
    steps = '{"say": "hi"}, {"create": {"m": 4, "k": 1}}'
    try:
        Bloom.Lecture.new_from_data(DOCUMENT % steps, -1)
    except GLib.Error as error:
        assert error.matches(Bloom.error_quark(), Bloom.Error.LECTURE_INVALID_STEP), error
        assert error.message == 'Step 2: m must be between 8 and 1024.', error.message
    else:
        raise AssertionError('a lecture with m = 4 was read')

    # One step on a session of the script's own: the session's own error.
    query = Bloom.LectureStep.new_text(Action.QUERY, 'a')
    try:
        query.apply(Bloom.Session.new())
    except GLib.Error as error:
        assert error.matches(Bloom.error_quark(), Bloom.Error.NO_FILTER), error
    else:
        raise AssertionError('a query without a filter was applied')


def test_build_round_trip():
    steps = [Bloom.LectureStep.new_create(8, 1).copy_with_caption('Eight bits'),
             Bloom.LectureStep.new_text(Action.INSERT, 'a'),
             Bloom.LectureStep.new_text(Action.QUERY, 'i'),
             Bloom.LectureStep.new_section(Action.OPEN, 'model'),
             Bloom.LectureStep.new_position(1),
             Bloom.LectureStep.new_zoom(150),
             Bloom.LectureStep.new_sample(Action.SWEEP, 1000, 8, 7),
             Bloom.LectureStep.new(Action.RESET)]
    lecture = Bloom.Lecture.new('Recorded', steps)
    json, length = lecture.to_json()
    assert len(json.encode()) == length
    again = Bloom.Lecture.new_from_data(json, -1)
    assert again.get_title() == 'Recorded'
    assert again.get_n_steps() == len(steps)
    assert again.get_step(0).get_caption() == 'Eight bits'
    assert again.get_step(6).get_seed() == 7
    assert again.to_json()[0] == json

    session = Bloom.Session.new()
    assert again.replay_to(session, 2) is True
    assert outcome(session) == Outcome.FALSE_POSITIVE


def main():
    path = sys.argv[1]
    tests = [(name, function) for name, function in globals().items()
             if name.startswith('test_')]
    print('1..%d' % len(tests))
    failed = 0
    for number, (name, function) in enumerate(tests, 1):
        try:
            function(path) if function.__code__.co_argcount == 1 else function()
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
