#!/usr/bin/env python3
"""Check the Flatpak manifest against the sandbox that SPEC.md D2 asks for.

    check-flatpak-manifest.py MANIFEST --app-id ID --command CMD --source-root DIR

The app gets a window and nothing else: no network, no home or host files
(files go through the portal), no session or system bus names, no sound,
no other devices. The last module builds this repository with meson.
Exits 1 and names every problem it finds.
"""

import argparse
import json
import os
import sys

RUNTIME = "org.gnome.Platform"
SDK = "org.gnome.Sdk"

# Exactly these, each once.
ALLOWED_FINISH_ARGS = [
    "--share=ipc",
    "--socket=fallback-x11",
    "--socket=wayland",
    "--device=dri",
]

# Why a hole is refused, by prefix; anything else not allowed is refused too.
REFUSED = [
    ("--filesystem", "file access goes through the portal"),
    ("--persist", "file access goes through the portal"),
    ("--share=network", "the app needs no network"),
    ("--socket=session-bus", "no unfiltered session bus"),
    ("--socket=system-bus", "no unfiltered system bus"),
    ("--socket=x11", "X11 only as fallback-x11"),
    ("--socket=pulseaudio", "the app plays no sound"),
    ("--socket=pcsc", "no smart cards"),
    ("--socket=cups", "printing goes through the portal"),
    ("--socket=ssh-auth", "no ssh agent"),
    ("--socket=gpg-agent", "no gpg agent"),
    ("--talk-name", "no session bus names"),
    ("--own-name", "no extra session bus names"),
    ("--system-talk-name", "no system bus names"),
    ("--system-own-name", "no system bus names"),
    ("--device", "only --device=dri"),
    ("--allow", "no extra features"),
    ("--env", "no environment overrides"),
    ("--unset-env", "no environment overrides"),
    ("--add-policy", "no extra policies"),
]


def refusal(arg):
    for prefix, reason in REFUSED:
        if arg == prefix or arg.startswith(prefix + "="):
            return reason
    return "not in the allowed set"


def check_build_options(options, where, problems):
    if options is None:
        return
    if not isinstance(options, dict):
        problems.append(f"{where}: build-options must be an object")
        return
    args = options.get("build-args", [])
    if not isinstance(args, list):
        problems.append(f"{where}: build-options.build-args must be a list")
        return
    for arg in args:
        if arg == "--share=network":
            problems.append(f"{where}: the build must not use the network ({arg})")


def check(manifest_path, app_id, command, source_root):
    problems = []
    try:
        with open(manifest_path, encoding="utf-8") as f:
            manifest = json.load(f)
    except (OSError, ValueError) as e:
        return [f"cannot read the manifest as JSON: {e}"]
    if not isinstance(manifest, dict):
        return ["the manifest must be a JSON object"]

    ids = {key: manifest[key] for key in ("id", "app-id") if key in manifest}
    if not ids:
        problems.append("no id (or app-id)")
    for key, value in ids.items():
        if value != app_id:
            problems.append(f"{key} is {value!r}, expected {app_id!r}")

    if manifest.get("command") != command:
        problems.append(f"command is {manifest.get('command')!r}, expected {command!r}")
    if manifest.get("runtime") != RUNTIME:
        problems.append(f"runtime is {manifest.get('runtime')!r}, expected {RUNTIME!r}")
    if manifest.get("sdk") != SDK:
        problems.append(f"sdk is {manifest.get('sdk')!r}, expected {SDK!r}")
    version = manifest.get("runtime-version")
    if not isinstance(version, str) or not version:
        problems.append(f"runtime-version must be a non-empty string, not {version!r}")

    finish_args = manifest.get("finish-args", [])
    if not isinstance(finish_args, list) or not all(isinstance(a, str) for a in finish_args):
        problems.append("finish-args must be a list of strings")
    else:
        for arg in finish_args:
            if arg not in ALLOWED_FINISH_ARGS:
                problems.append(f"finish-args: {arg} is refused: {refusal(arg)}")
        for arg in ALLOWED_FINISH_ARGS:
            count = finish_args.count(arg)
            if count == 0:
                problems.append(f"finish-args: {arg} is missing")
            elif count > 1:
                problems.append(f"finish-args: {arg} appears {count} times")

    check_build_options(manifest.get("build-options"), "manifest", problems)

    modules = manifest.get("modules")
    if not isinstance(modules, list) or not modules:
        problems.append("modules must be a non-empty list")
        return problems
    for i, module in enumerate(modules):
        if isinstance(module, dict):
            check_build_options(module.get("build-options"), f"module {i}", problems)

    last = modules[-1]
    if not isinstance(last, dict):
        problems.append("the last module must be written out in the manifest, not included")
        return problems
    if last.get("name") != "bloom-lab":
        problems.append(f"the last module is named {last.get('name')!r}, expected 'bloom-lab'")
    if last.get("buildsystem") != "meson":
        problems.append(f"the last module builds with {last.get('buildsystem')!r}, expected 'meson'")

    manifest_dir = os.path.dirname(os.path.abspath(manifest_path))
    root = os.path.realpath(source_root)
    sources = last.get("sources", [])
    if not isinstance(sources, list):
        sources = []
    from_here = [
        s for s in sources
        if isinstance(s, dict) and s.get("type") == "dir" and isinstance(s.get("path"), str)
        and os.path.realpath(os.path.join(manifest_dir, s["path"])) == root
    ]
    if len(from_here) != 1 or len(sources) != 1:
        problems.append("the last module must have exactly one source: "
                        "this repository as a dir source (path relative to the manifest)")
    return problems


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("manifest")
    parser.add_argument("--app-id", required=True)
    parser.add_argument("--command", required=True)
    parser.add_argument("--source-root", required=True)
    args = parser.parse_args()

    problems = check(args.manifest, args.app_id, args.command, args.source_root)
    for problem in problems:
        print(f"{args.manifest}: {problem}", file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
