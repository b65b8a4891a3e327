#!/usr/bin/python
# -*- coding: utf-8 -*-
"""Ansible module: converge a machine's CocoaPods set-up with `podmirror setup`."""

from __future__ import annotations

import json

from ansible.module_utils.basic import AnsibleModule

DOCUMENTATION = r"""
---
module: podmirror_setup
short_description: CocoaPods through spec-repo and gem mirrors, with podmirror setup
description:
  - Runs C(podmirror setup ... --check --json) to find out whether anything would change, and, only when
    something would and Ansible is not in check mode, C(podmirror setup ... --json) to change it.
  - C(changed) comes from podmirror's JSON document, never from its text. A failure reports podmirror's
    error message, remedy and code.
  - podmirror runs with argv (no shell), as the connection's user; it edits that user's HOME.
options:
  executable:
    description: The podmirror binary; searched on PATH when not given.
    type: path
  mirror:
    description: Specs mirror, a catalog name (tuna, bfsu, nju, nyist, github, trunk) or a git URL.
    type: str
  repo_name:
    description: Directory name for the spec repo (default, CocoaPods' name for the URL).
    type: str
  gems:
    description: Gem mirror, a catalog name (rubygems, ruby-china, ustc, tuna) or a URL.
    type: str
  bundler:
    description: Also set Bundler's mirror for rubygems.org.
    type: bool
    default: false
  podfiles:
    description: Podfiles to edit.
    type: list
    elements: path
    default: []
  platform:
    description: Platform for every Podfile, for example C(ios:13.0).
    type: str
  inhibit_warnings:
    description: Add C(inhibit_all_warnings!) to every Podfile.
    type: bool
    default: false
  build_settings:
    description: C(KEY=VALUE) settings every pod target gets in the post_install hook.
    type: list
    elements: str
    default: []
  strategy:
    description: How this machine reaches the mirror, source lines, git insteadOf rules or CocoaPods' own trunk made
      whole from the mirror (the team's Podfile and Podfile.lock untouched).
    type: str
    choices: [podfile, insteadof, trunk]
    default: podfile
  remove_trunk:
    description: Remove repos/trunk so locked pods move to the mirror.
    type: bool
    default: false
  install_cocoapods:
    description: Run C(gem install cocoapods) from the gem mirror when C(pod) is missing.
    type: bool
    default: false
  verify:
    description: Probe mirrors before switching to them; false for offline image builds.
    type: bool
    default: true
  timeout:
    description: Seconds to wait for each mirror probe.
    type: float
    default: 15
"""

EXAMPLES = r"""
- name: CocoaPods through the TUNA mirrors
  podmirror_setup:
    mirror: tuna
    gems: ruby-china
    bundler: true
    podfiles: ["{{ ansible_env.HOME }}/src/app/Podfile"]
    platform: ios:13.0
    build_settings: [IPHONEOS_DEPLOYMENT_TARGET=13.0]
"""

RETURN = r"""
changes:
  description: podmirror's changes (id, kind, summary, changed, details), from the last run.
  type: list
  returned: always
podmirror:
  description: podmirror's whole JSON document from the last run (the check, or the apply after it).
  type: dict
  returned: always
"""

DRIFT = 3  # `--check`: applying would change something (docs/exit-codes.md)


def setup_argv(executable, p):
    """podmirror's command line for the module's parameters (without --check / --json)."""
    argv = [executable, "setup"]
    for flag, key in (("--mirror", "mirror"), ("--name", "repo_name"), ("--gems", "gems"),
                      ("--platform", "platform")):
        if p[key]:
            argv += [flag, p[key]]
    for podfile in p["podfiles"]:
        argv += ["--podfile", podfile]
    for setting in p["build_settings"]:
        argv += ["--build-setting", setting]
    for flag, key in (("--bundler", "bundler"), ("--inhibit-warnings", "inhibit_warnings"),
                      ("--remove-trunk", "remove_trunk"), ("--install-cocoapods", "install_cocoapods")):
        if p[key]:
            argv.append(flag)
    if not p["verify"]:
        argv.append("--no-verify")
    argv += ["--strategy", p["strategy"], "--timeout", str(p["timeout"])]
    return argv


def run_podmirror(module, argv, accepted):
    """Runs podmirror and returns its JSON document; fails the task with podmirror's own error."""
    rc, out, err = module.run_command(argv)
    try:
        doc = json.loads(out)
    except ValueError:
        # Usage errors from the argument parser (exit 2) print their message on stderr only.
        module.fail_json(msg=err.strip() or "podmirror printed no JSON (exit %d)" % rc, rc=rc, stdout=out,
                         stderr=err)
    if rc not in accepted or doc.get("ok") is False:
        error = doc.get("error") or {}
        module.fail_json(msg=error.get("message") or "podmirror exited %d" % rc, remedy=error.get("remedy"),
                         code=error.get("code"), rc=rc, stderr=err, podmirror=doc,
                         changes=doc.get("changes", []))
    for warning in doc.get("warnings") or []:
        module.warn(warning.get("message", str(warning)) if isinstance(warning, dict) else str(warning))
    return doc


def diffs(doc):
    """Ansible --diff output: podmirror's unified diffs of the changes that have one."""
    return [{"prepared": c["diff"]} for c in doc.get("changes", []) if c.get("changed") and c.get("diff")]


def main():
    module = AnsibleModule(
        argument_spec=dict(
            executable=dict(type="path"),
            mirror=dict(type="str"),
            repo_name=dict(type="str"),
            gems=dict(type="str"),
            bundler=dict(type="bool", default=False),
            podfiles=dict(type="list", elements="path", default=[]),
            platform=dict(type="str"),
            inhibit_warnings=dict(type="bool", default=False),
            build_settings=dict(type="list", elements="str", default=[]),
            strategy=dict(type="str", choices=["podfile", "insteadof", "trunk"], default="podfile"),
            remove_trunk=dict(type="bool", default=False),
            install_cocoapods=dict(type="bool", default=False),
            verify=dict(type="bool", default=True),
            timeout=dict(type="float", default=15),
        ),
        supports_check_mode=True,
    )
    executable = module.params["executable"] or module.get_bin_path("podmirror", required=True)
    argv = setup_argv(executable, module.params)

    check = run_podmirror(module, argv + ["--check", "--json"], accepted=(0, DRIFT))
    result = check
    if check.get("changed") and not module.check_mode:
        result = run_podmirror(module, argv + ["--json"], accepted=(0,))
    # The check's changes carry the unified diffs of what the apply then wrote.
    module.exit_json(changed=bool(result.get("changed")), changes=result.get("changes", []), podmirror=result,
                     diff=diffs(check))


if __name__ == "__main__":
    main()
