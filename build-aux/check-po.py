#!/usr/bin/env python3
# Check the translations against the sources as they are now.
#
#   build-aux/check-po.py [--xgettext PATH] [--msgfmt PATH] SOURCE_ROOT PACKAGE
#
# For every language in po/LINGUAS, po/LANG.po must
#   - compile with `msgfmt --check` (syntax, header, plural forms, and the
#     printf directives of every c-format message);
#   - have no untranslated and no fuzzy message;
#   - hold every message of a template generated right now from the files in
#     po/POTFILES.in, with the options of meson's i18n 'glib' preset
#     (a missing msgid means: run msgmerge, then translate);
#   - keep a mnemonic where the English has one, and have at most one.
# Besides, every file under src/ and data/ that marks strings for
# translation must be listed in po/POTFILES.in.
#
# Exits 0 when all holds, 1 otherwise, listing every problem found.
# Python 3 standard library only; needs xgettext and msgfmt (gettext).

import argparse
import os
import re
import subprocess
import sys
import tempfile

# meson's i18n module, PRESET_ARGS['glib'] (meson 1.0), plus what its
# `gettext pot` helper adds (-k_, --package-name). Keep in step with meson.
GLIB_PRESET = [
    '--from-code=UTF-8',
    '--add-comments',
    '--keyword=_',
    '--keyword=N_',
    '--keyword=C_:1c,2',
    '--keyword=NC_:1c,2',
    '--keyword=g_dcgettext:2',
    '--keyword=g_dngettext:2,3',
    '--keyword=g_dpgettext2:2c,3',
    '--flag=N_:1:pass-c-format',
    '--flag=C_:2:pass-c-format',
    '--flag=NC_:2:pass-c-format',
    '--flag=g_dngettext:2:pass-c-format',
    '--flag=g_strdup_printf:1:c-format',
    '--flag=g_string_printf:2:c-format',
    '--flag=g_string_append_printf:2:c-format',
    '--flag=g_error_new:3:c-format',
    '--flag=g_set_error:4:c-format',
    '--flag=g_markup_printf_escaped:1:c-format',
    '--flag=g_log:3:c-format',
    '--flag=g_print:1:c-format',
    '--flag=g_printerr:1:c-format',
    '--flag=g_printf:1:c-format',
    '--flag=g_fprintf:2:c-format',
    '--flag=g_sprintf:2:c-format',
    '--flag=g_snprintf:3:c-format',
]

# What marks a string for translation, per kind of file.
MARKERS = {
    '.c': re.compile(r'(?<![A-Za-z0-9_])(_|N_|C_|NC_|g_dngettext|g_dcgettext|g_dpgettext2)\s*\('),
    '.ui': re.compile(r'translatable="(yes|true|1)"'),
    '.in': re.compile(r'^_?(Name|GenericName|Comment|Keywords)=|<(name|summary|p|li|caption)\b', re.M),
    '.xml': re.compile(r'<(summary|description)\b'),
}


class Entry:
    def __init__(self):
        self.msgctxt = None
        self.msgid = None
        self.msgid_plural = None
        self.msgstr = {}
        self.flags = set()
        self.obsolete = False
        self.line = 0

    @property
    def key(self):
        return (self.msgctxt, self.msgid, self.msgid_plural)

    def describe(self):
        text = self.msgid if len(self.msgid) <= 60 else self.msgid[:57] + '...'
        ctxt = f'[{self.msgctxt}] ' if self.msgctxt is not None else ''
        return f'{ctxt}"{text}"'


def unquote(text, path, line):
    if len(text) < 2 or text[0] != '"' or text[-1] != '"':
        raise ValueError(f'{path}:{line}: not a quoted string: {text}')
    out = []
    i, body = 0, text[1:-1]
    escapes = {'n': '\n', 't': '\t', 'r': '\r', '"': '"', '\\': '\\', 'a': '\a', 'b': '\b', 'f': '\f', 'v': '\v'}
    while i < len(body):
        c = body[i]
        if c == '\\' and i + 1 < len(body):
            out.append(escapes.get(body[i + 1], '\\' + body[i + 1]))
            i += 2
        else:
            out.append(c)
            i += 1
    return ''.join(out)


def parse_po(path):
    """The entries of a PO file, the header (msgid "") included."""
    entries = []
    entry = Entry()
    field = None
    started = False

    def finish():
        nonlocal entry, started
        if entry.msgid is not None:
            entries.append(entry)
        entry = Entry()
        started = False

    with open(path, encoding='utf-8') as f:
        for number, raw in enumerate(f, 1):
            line = raw.rstrip('\n')
            obsolete = line.startswith('#~')
            if obsolete:
                line = line[2:].lstrip()
            stripped = line.strip()
            if not stripped:
                finish()
                field = None
                continue
            if stripped.startswith('#') and not obsolete:
                if started and entry.msgid is not None and field is not None:
                    finish()
                if stripped.startswith('#,'):
                    entry.flags.update(flag.strip() for flag in stripped[2:].split(','))
                continue
            if stripped.startswith('#'):
                continue
            keyword, _, rest = stripped.partition(' ')
            if keyword.startswith('"'):
                if field is None:
                    raise ValueError(f'{path}:{number}: continuation without a keyword')
                value = unquote(stripped, path, number)
                if isinstance(field, tuple):
                    entry.msgstr[field[1]] += value
                else:
                    setattr(entry, field, getattr(entry, field) + value)
                continue
            if keyword in ('msgctxt', 'msgid') and entry.msgid is not None and field is not None \
               and (keyword == 'msgctxt' or field != 'msgctxt'):
                finish()
            started = True
            entry.obsolete = entry.obsolete or obsolete
            if not entry.line:
                entry.line = number
            value = unquote(rest.strip(), path, number)
            match = re.fullmatch(r'msgstr\[(\d+)\]', keyword)
            if keyword in ('msgctxt', 'msgid', 'msgid_plural'):
                setattr(entry, keyword, value)
                field = keyword
            elif keyword == 'msgstr':
                entry.msgstr[0] = value
                field = ('msgstr', 0)
            elif match:
                entry.msgstr[int(match.group(1))] = value
                field = ('msgstr', int(match.group(1)))
            else:
                raise ValueError(f'{path}:{number}: unknown keyword {keyword}')
    finish()
    return entries


def read_list(path):
    with open(path, encoding='utf-8') as f:
        return [line.strip() for line in f if line.strip() and not line.lstrip().startswith('#')]


def mnemonic_count(text):
    """Underscores that mark a mnemonic: "_x", not "__" (a literal one)."""
    return len(re.findall(r'(?<!_)_(?=[^_\s])', text.replace('__', '')))


def generate_template(source_root, po_dir, package, xgettext, workdir):
    pot = os.path.join(workdir, package + '.pot')
    command = [xgettext, '--package-name=' + package, '-p', workdir,
               '-f', os.path.join(po_dir, 'POTFILES.in'), '-D', source_root,
               '-k_', '-o', pot] + GLIB_PRESET
    result = subprocess.run(command, capture_output=True, text=True)
    if result.returncode != 0:
        sys.stderr.write(result.stdout + result.stderr)
        return None
    return pot


def check_potfiles(source_root, listed):
    problems = []
    listed = set(listed)
    for top in ('src', 'data'):
        for directory, _, names in os.walk(os.path.join(source_root, top)):
            for name in sorted(names):
                path = os.path.join(directory, name)
                relative = os.path.relpath(path, source_root).replace(os.sep, '/')
                marker = MARKERS.get(os.path.splitext(name)[1])
                if marker is None or relative in listed:
                    continue
                if name.endswith('.xml') and not name.endswith('.gschema.xml'):
                    continue
                if name.endswith('.in') and not (name.endswith('.desktop.in') or
                                                 name.endswith('.metainfo.xml.in')):
                    continue
                try:
                    with open(path, encoding='utf-8') as f:
                        text = f.read()
                except (UnicodeDecodeError, OSError):
                    continue
                if marker.search(text):
                    problems.append(f'po/POTFILES.in: {relative} has translatable strings but is not listed')
    for relative in sorted(listed):
        if not os.path.exists(os.path.join(source_root, relative)):
            problems.append(f'po/POTFILES.in: {relative} does not exist')
    return problems


def check_language(lang, po_path, template, msgfmt):
    problems = []
    if not os.path.exists(po_path):
        return [f'{lang}: {po_path} is missing (listed in po/LINGUAS)']

    result = subprocess.run([msgfmt, '--check', '--output-file=' + os.devnull, po_path],
                            capture_output=True, text=True)
    if result.returncode != 0:
        problems.append(f'{lang}: msgfmt --check fails:\n' + (result.stdout + result.stderr).rstrip())

    try:
        entries = parse_po(po_path)
    except ValueError as error:
        return problems + [f'{lang}: {error}']

    header = next((e for e in entries if e.msgid == '' and e.msgctxt is None and not e.obsolete), None)
    if header is None:
        problems.append(f'{lang}: no header entry')
    else:
        fields = dict(line.split(':', 1) for line in header.msgstr.get(0, '').split('\n') if ':' in line)
        fields = {k.strip(): v.strip() for k, v in fields.items()}
        if fields.get('Language') != lang:
            problems.append(f'{lang}: header says Language: {fields.get("Language")!r}, expected {lang!r}')
        if 'charset=UTF-8' not in fields.get('Content-Type', ''):
            problems.append(f'{lang}: header Content-Type must be text/plain; charset=UTF-8')
        if 'nplurals=' not in fields.get('Plural-Forms', ''):
            problems.append(f'{lang}: header has no Plural-Forms')
        if 'fuzzy' in header.flags:
            problems.append(f'{lang}: the header is marked fuzzy')

    active = {e.key: e for e in entries if not e.obsolete and e.msgid != ''}
    by_msgid = {(e.msgctxt, e.msgid): e for e in active.values()}

    for e in active.values():
        where = f'{po_path}:{e.line}'
        if 'fuzzy' in e.flags:
            problems.append(f'{where}: fuzzy: {e.describe()}')
        if not e.msgstr or any(value == '' for value in e.msgstr.values()):
            problems.append(f'{where}: untranslated: {e.describe()}')
            continue
        wanted = mnemonic_count(e.msgid)
        for value in e.msgstr.values():
            got = mnemonic_count(value)
            if wanted == 1 and got != 1:
                problems.append(f'{where}: the English has one mnemonic (_), the translation {got}: '
                                f'{e.describe()}')
            elif wanted == 0 and got > 0:
                problems.append(f'{where}: the translation has a mnemonic (_), the English none: '
                                f'{e.describe()}')

    if template is not None:
        for t in parse_po(template):
            if t.msgid == '' or t.obsolete:
                continue
            if t.key not in active:
                other = by_msgid.get((t.msgctxt, t.msgid))
                if other is not None:
                    problems.append(f'{lang}: out of date: the plural of {t.describe()} changed '
                                    f'(run msgmerge, see po/README.md)')
                else:
                    problems.append(f'{lang}: out of date: missing {t.describe()} '
                                    f'(run msgmerge, see po/README.md)')
    return problems


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument('--xgettext', default='xgettext')
    parser.add_argument('--msgfmt', default='msgfmt')
    parser.add_argument('source_root')
    parser.add_argument('package')
    options = parser.parse_args()

    source_root = os.path.abspath(options.source_root)
    po_dir = os.path.join(source_root, 'po')
    problems = check_potfiles(source_root, read_list(os.path.join(po_dir, 'POTFILES.in')))
    languages = read_list(os.path.join(po_dir, 'LINGUAS'))
    languages = [lang for line in languages for lang in line.split()]
    if not languages:
        problems.append('po/LINGUAS lists no language')

    with tempfile.TemporaryDirectory(prefix='check-po-') as workdir:
        template = generate_template(source_root, po_dir, options.package, options.xgettext, workdir)
        if template is None:
            problems.append('xgettext could not generate the template from po/POTFILES.in')
        for lang in languages:
            problems += check_language(lang, os.path.join(po_dir, lang + '.po'), template, options.msgfmt)

    for problem in problems:
        print(problem)
    if problems:
        print(f'{len(problems)} problem(s); see po/README.md for how to update the translations.')
        return 1
    print(f'OK: {", ".join(languages)} complete and up to date.')
    return 0


if __name__ == '__main__':
    sys.exit(main())
