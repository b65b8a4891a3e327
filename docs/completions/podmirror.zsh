#compdef podmirror

__podmirror_complete() {
    local -ar non_empty_completions=("${@:#(|:*)}")
    local -ar empty_completions=("${(M)@:#(|:*)}")
    _describe -V '' non_empty_completions -- empty_completions -P $'\'\''
}

__podmirror_custom_complete() {
    local -a completions
    completions=("${(@f)"$("${command_name}" "${@}" "${command_line[@]}")"}")
    if [[ "${#completions[@]}" -gt 1 ]]; then
        __podmirror_complete "${completions[@]:0:-1}"
    fi
}

__podmirror_cursor_index_in_current_word() {
    if [[ -z "${QIPREFIX}${IPREFIX}${PREFIX}" ]]; then
        printf 0
    else
        printf %s "${#${(z)LBUFFER}[-1]}"
    fi
}

_podmirror() {
    emulate -RL zsh -G
    setopt extendedglob nullglob numericglobsort
    unsetopt aliases banghist

    local -xr SAP_SHELL=zsh
    local -x SAP_SHELL_VERSION
    SAP_SHELL_VERSION="$(builtin emulate zsh -c 'printf %s "${ZSH_VERSION}"')"
    local -r SAP_SHELL_VERSION

    local context state state_descr line
    local -A opt_args

    local -r command_name="${words[1]}"
    local -ar command_line=("${words[@]}")
    local -ir current_word_index="$((CURRENT - 1))"

    local -i ret=1
    local -ar arg_specs=(
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
        '(-): :->command'
        '(-)*:: :->arg'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0
    case "${state}" in
    command)
        local -ar subcommands=(
            'setup:Set up the whole machine in one idempotent command.'
            'doctor:Check this machine'\''s CocoaPods set-up; every finding with its fix.'
            'mirror:The catalog of Specs and gem mirrors, and their health.'
            'repo:Spec repos in the CocoaPods repos dir, through libgit2.'
            'podfile:Read and precisely rewrite a Podfile: sources, platform, inhibit_all_warnings!, post_install build settings.'
            'init:Create a Podfile for the Xcode project here, the way pod init does.'
            'deintegrate:Remove CocoaPods from an Xcode project, natively (no Ruby), deleting only the lines it must.'
            'reinstall:Deintegrate, then pod install; if pod install fails, put the project back exactly as it was.'
            'gems:RubyGems sources and the Bundler mirror setting.'
            'gitconfig:Global git insteadOf rules: Specs URLs and pod sources to mirrors.'
            'pods:Pod sources: fill CocoaPods'\'' download cache from Podfile.lock, through your source mirrors.'
            'swiftpm:Point SwiftPM and Xcode at the source mirrors (mirrors.json).'
            'help:Show subcommand help information.'
        )
        _describe -V subcommand subcommands && ret=0
        ;;
    arg)
        case "${words[1]}" in
        setup|doctor|mirror|repo|podfile|init|deintegrate|reinstall|gems|gitconfig|pods|swiftpm|help)
            "_podmirror_${words[1]}" && ret=0
            ;;
        esac
        ;;
    esac

    return "${ret}"
}

_podmirror_setup() {
    local -i ret=1
    local -ar ___lang=('en' 'zh-Hans')
    local -ar ___mirror=('trunk' 'github' 'tuna' 'bfsu' 'nju' 'nyist')
    local -ar ___gems=('rubygems' 'ruby-china' 'ustc' 'tuna')
    local -ar ___inhibit_warnings=('on' 'off')
    local -ar ___strategy=('podfile' 'insteadof' 'trunk')
    local -ar arg_specs=(
        '--json[Print one JSON document on stdout instead of text.]'
        '--dry-run[Print the plan (with diffs) and change nothing.]'
        '--check[Change nothing; exit 3 when something would change, 0 when all is as asked.]'
        '--force[Replace read-only files (a mode without write permission, e.g. 0444), which podmirror otherwise refuses; podfile platform\: also a platform written as an expression.]'
        '(--verbose -v)'{--verbose,-v}'[Also print on stderr each git transfer (URL, proxy, stages), HTTP request (status, bytes, time) and command run, every warning, and --version details.]'
        '--lang[Language of messages\: en or zh-Hans (default\: PODMIRROR_LANG, then the locale).]:lang:{__podmirror_complete "${___lang[@]}"}'
        '--mirror[Specs mirror\: a catalog name (tuna, bfsu, nju, nyist, github, trunk) or a git URL.]:mirror:{__podmirror_complete "${___mirror[@]}"}'
        '--name[Directory name for the spec repo (default\: CocoaPods'\'' name for the URL).]:name:'
        '--gems[Gem mirror\: a catalog name (rubygems, ruby-china, ustc, tuna) or a URL.]:gems:{__podmirror_complete "${___gems[@]}"}'
        '--bundler[Also set Bundler'\''s mirror for rubygems.org.]'
        '*--podfile[A Podfile to edit (repeatable).]:podfile:_files'
        '--platform[Platform for every Podfile, e.g. ios\:13.0 (also ios 13.0).]:platform:'
        '--inhibit-warnings[inhibit_all_warnings! in every Podfile\: on (also when given alone) or off.]:inhibit-warnings:{__podmirror_complete "${___inhibit_warnings[@]}"}'
        '*--build-setting[KEY=VALUE every pod target gets in the post_install hook (repeatable).]:build-setting:'
        '--deployment-target[PLATFORM\:VERSION\: raise every pod target'\''s deployment target to at least VERSION (post_install).]:deployment-target:'
        '--strategy[How this machine reaches the mirror\: trunk (CocoaPods'\'' own trunk made whole from the mirror; Podfile and lock untouched), podfile (source lines) or insteadof (git config rules). Default\: trunk when every Podfile given names only trunk, else podfile.]:strategy:{__podmirror_complete "${___strategy[@]}"}'
        '--remove-trunk[Remove repos/trunk so locked pods move to the mirror.]'
        '--install-cocoapods[Run `gem install cocoapods` from the gem mirror when `pod` is missing.]'
        '--no-verify[Do not probe mirrors before switching (offline image builds).]'
        '--timeout[Seconds without data before a transfer (probe or clone) gives up (default\: PODMIRROR_GIT_TIMEOUT, else 15 for probes and 120 for clones).]:timeout:'
        '*--source-mirror[PREFIX=MIRROR_PREFIX\: fetch pod sources starting with PREFIX from MIRROR_PREFIX (git insteadOf; repeatable).]:source-mirror:'
        '--seed[A git bundle (path, file\:// or http(s)\:// URL) to seed the Specs repo from when there is none (the mirror becomes its origin).]:seed:_files'
        '*--swiftpm[Also write the mirrors.json of this package, .xcodeproj or .xcworkspace (repeatable).]:swiftpm:_files -/'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_podmirror_doctor() {
    local -i ret=1
    local -ar ___lang=('en' 'zh-Hans')
    local -ar arg_specs=(
        '--json[Print one JSON document on stdout instead of text.]'
        '--dry-run[Print the plan (with diffs) and change nothing.]'
        '--check[Change nothing; exit 3 when something would change, 0 when all is as asked.]'
        '--force[Replace read-only files (a mode without write permission, e.g. 0444), which podmirror otherwise refuses; podfile platform\: also a platform written as an expression.]'
        '(--verbose -v)'{--verbose,-v}'[Also print on stderr each git transfer (URL, proxy, stages), HTTP request (status, bytes, time) and command run, every warning, and --version details.]'
        '--lang[Language of messages\: en or zh-Hans (default\: PODMIRROR_LANG, then the locale).]:lang:{__podmirror_complete "${___lang[@]}"}'
        '*--podfile[A Podfile whose sources to check (repeatable; default ./Podfile when present).]:podfile:_files'
        '--offline[Skip the network checks (gem sources).]'
        '--timeout[Seconds to wait for each network answer.]:timeout:'
        '*--swiftpm[Check this package, .xcodeproj or .xcworkspace'\''s Swift packages (repeatable; default\: the project here).]:swiftpm:_files -/'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_podmirror_mirror() {
    local -i ret=1
    local -ar arg_specs=(
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
        '(-): :->command'
        '(-)*:: :->arg'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0
    case "${state}" in
    command)
        local -ar subcommands=(
            'list:List known Specs and gem mirrors.'
            'test:Probe Specs (or, with --gems, gem) mirrors in parallel: health, speed, and whether HEAD agrees.'
        )
        _describe -V subcommand subcommands && ret=0
        ;;
    arg)
        case "${words[1]}" in
        list|test)
            "_podmirror_mirror_${words[1]}" && ret=0
            ;;
        esac
        ;;
    esac

    return "${ret}"
}

_podmirror_mirror_list() {
    local -i ret=1
    local -ar ___lang=('en' 'zh-Hans')
    local -ar arg_specs=(
        '--json[Print one JSON document on stdout instead of text.]'
        '--dry-run[Print the plan (with diffs) and change nothing.]'
        '--check[Change nothing; exit 3 when something would change, 0 when all is as asked.]'
        '--force[Replace read-only files (a mode without write permission, e.g. 0444), which podmirror otherwise refuses; podfile platform\: also a platform written as an expression.]'
        '(--verbose -v)'{--verbose,-v}'[Also print on stderr each git transfer (URL, proxy, stages), HTTP request (status, bytes, time) and command run, every warning, and --version details.]'
        '--lang[Language of messages\: en or zh-Hans (default\: PODMIRROR_LANG, then the locale).]:lang:{__podmirror_complete "${___lang[@]}"}'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_podmirror_mirror_test() {
    local -i ret=1
    local -ar ___lang=('en' 'zh-Hans')
    local -ar arg_specs=(
        '--json[Print one JSON document on stdout instead of text.]'
        '--dry-run[Print the plan (with diffs) and change nothing.]'
        '--check[Change nothing; exit 3 when something would change, 0 when all is as asked.]'
        '--force[Replace read-only files (a mode without write permission, e.g. 0444), which podmirror otherwise refuses; podfile platform\: also a platform written as an expression.]'
        '(--verbose -v)'{--verbose,-v}'[Also print on stderr each git transfer (URL, proxy, stages), HTTP request (status, bytes, time) and command run, every warning, and --version details.]'
        '--lang[Language of messages\: en or zh-Hans (default\: PODMIRROR_LANG, then the locale).]:lang:{__podmirror_complete "${___lang[@]}"}'
        '*:mirrors:'
        '--gems[Test gem mirrors instead of Specs mirrors.]'
        '--pick[Print only the best usable mirror (newest, then fastest), for scripts.]'
        '--timeout[Seconds to wait for each answer.]:timeout:'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_podmirror_repo() {
    local -i ret=1
    local -ar arg_specs=(
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
        '(-): :->command'
        '(-)*:: :->arg'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0
    case "${state}" in
    command)
        local -ar subcommands=(
            'list:List the spec repos (like `pod repo list`).'
            'add:Clone a spec repo into the repos dir (atomic: built aside, renamed into place).'
            'remove:Delete a spec repo from the repos dir.'
            'update:Fetch and reset git spec repos to origin/<branch> (like `pod repo update`).'
            'use:Make the Specs repo come from a mirror: re-point and fetch the delta when history is shared, else clone and swap.'
            'reset:Point the Specs repo back at the official GitHub Specs repo.'
            'repair:Reset a spec repo to origin/<branch> on its branch, discarding local changes (no network; --dry-run shows the diff).'
            'export:Write a spec repo'\''s branch as a standard git bundle (atomic: temporary file, then rename).'
            'import:Seed a spec repo from a git bundle (indexed by libgit2, checked, renamed into place).'
            'verify:Check that spec repos are intact: HEAD at origin/<branch>, no file changed, added or deleted, no git lock.'
        )
        _describe -V subcommand subcommands && ret=0
        ;;
    arg)
        case "${words[1]}" in
        list|add|remove|update|use|reset|repair|export|import|verify)
            "_podmirror_repo_${words[1]}" && ret=0
            ;;
        esac
        ;;
    esac

    return "${ret}"
}

_podmirror_repo_list() {
    local -i ret=1
    local -ar ___lang=('en' 'zh-Hans')
    local -ar arg_specs=(
        '--json[Print one JSON document on stdout instead of text.]'
        '--dry-run[Print the plan (with diffs) and change nothing.]'
        '--check[Change nothing; exit 3 when something would change, 0 when all is as asked.]'
        '--force[Replace read-only files (a mode without write permission, e.g. 0444), which podmirror otherwise refuses; podfile platform\: also a platform written as an expression.]'
        '(--verbose -v)'{--verbose,-v}'[Also print on stderr each git transfer (URL, proxy, stages), HTTP request (status, bytes, time) and command run, every warning, and --version details.]'
        '--lang[Language of messages\: en or zh-Hans (default\: PODMIRROR_LANG, then the locale).]:lang:{__podmirror_complete "${___lang[@]}"}'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_podmirror_repo_add() {
    local -i ret=1
    local -ar ___lang=('en' 'zh-Hans')
    local -ar arg_specs=(
        '--json[Print one JSON document on stdout instead of text.]'
        '--dry-run[Print the plan (with diffs) and change nothing.]'
        '--check[Change nothing; exit 3 when something would change, 0 when all is as asked.]'
        '--force[Replace read-only files (a mode without write permission, e.g. 0444), which podmirror otherwise refuses; podfile platform\: also a platform written as an expression.]'
        '(--verbose -v)'{--verbose,-v}'[Also print on stderr each git transfer (URL, proxy, stages), HTTP request (status, bytes, time) and command run, every warning, and --version details.]'
        '--lang[Language of messages\: en or zh-Hans (default\: PODMIRROR_LANG, then the locale).]:lang:{__podmirror_complete "${___lang[@]}"}'
        '--timeout[Seconds without data from the server before giving up (default 120).]:timeout:'
        '--lock-timeout[Seconds to wait for CocoaPods'\'' Spec_Lock (default 60).]:lock-timeout:'
        ':name:'
        ':url:'
        '--branch[Branch to check out (default\: the server'\''s default branch).]:branch:'
        '--depth[Shallow clone depth (needs libgit2 1.7 or newer).]:depth:'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_podmirror_repo_remove() {
    local -i ret=1
    local -ar ___lang=('en' 'zh-Hans')
    local -ar arg_specs=(
        '--json[Print one JSON document on stdout instead of text.]'
        '--dry-run[Print the plan (with diffs) and change nothing.]'
        '--check[Change nothing; exit 3 when something would change, 0 when all is as asked.]'
        '--force[Replace read-only files (a mode without write permission, e.g. 0444), which podmirror otherwise refuses; podfile platform\: also a platform written as an expression.]'
        '(--verbose -v)'{--verbose,-v}'[Also print on stderr each git transfer (URL, proxy, stages), HTTP request (status, bytes, time) and command run, every warning, and --version details.]'
        '--lang[Language of messages\: en or zh-Hans (default\: PODMIRROR_LANG, then the locale).]:lang:{__podmirror_complete "${___lang[@]}"}'
        '--timeout[Seconds without data from the server before giving up (default 120).]:timeout:'
        '--lock-timeout[Seconds to wait for CocoaPods'\'' Spec_Lock (default 60).]:lock-timeout:'
        ':name:{__podmirror_custom_complete ---completion repo remove -- positional@0 "${current_word_index}" "$(__podmirror_cursor_index_in_current_word)"}'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_podmirror_repo_update() {
    local -i ret=1
    local -ar ___lang=('en' 'zh-Hans')
    local -ar arg_specs=(
        '--json[Print one JSON document on stdout instead of text.]'
        '--dry-run[Print the plan (with diffs) and change nothing.]'
        '--check[Change nothing; exit 3 when something would change, 0 when all is as asked.]'
        '--force[Replace read-only files (a mode without write permission, e.g. 0444), which podmirror otherwise refuses; podfile platform\: also a platform written as an expression.]'
        '(--verbose -v)'{--verbose,-v}'[Also print on stderr each git transfer (URL, proxy, stages), HTTP request (status, bytes, time) and command run, every warning, and --version details.]'
        '--lang[Language of messages\: en or zh-Hans (default\: PODMIRROR_LANG, then the locale).]:lang:{__podmirror_complete "${___lang[@]}"}'
        '--timeout[Seconds without data from the server before giving up (default 120).]:timeout:'
        '--lock-timeout[Seconds to wait for CocoaPods'\'' Spec_Lock (default 60).]:lock-timeout:'
        '*:names:{__podmirror_custom_complete ---completion repo update -- positional@0 "${current_word_index}" "$(__podmirror_cursor_index_in_current_word)"}'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_podmirror_repo_use() {
    local -i ret=1
    local -ar ___lang=('en' 'zh-Hans')
    local -ar _mirror=('trunk' 'github' 'tuna' 'bfsu' 'nju' 'nyist')
    local -ar arg_specs=(
        '--json[Print one JSON document on stdout instead of text.]'
        '--dry-run[Print the plan (with diffs) and change nothing.]'
        '--check[Change nothing; exit 3 when something would change, 0 when all is as asked.]'
        '--force[Replace read-only files (a mode without write permission, e.g. 0444), which podmirror otherwise refuses; podfile platform\: also a platform written as an expression.]'
        '(--verbose -v)'{--verbose,-v}'[Also print on stderr each git transfer (URL, proxy, stages), HTTP request (status, bytes, time) and command run, every warning, and --version details.]'
        '--lang[Language of messages\: en or zh-Hans (default\: PODMIRROR_LANG, then the locale).]:lang:{__podmirror_complete "${___lang[@]}"}'
        '--timeout[Seconds without data from the server before giving up (default 120).]:timeout:'
        '--lock-timeout[Seconds to wait for CocoaPods'\'' Spec_Lock (default 60).]:lock-timeout:'
        ':mirror:{__podmirror_complete "${_mirror[@]}"}'
        '--name[Folder name (default\: CocoaPods'\'' own name for the URL).]:name:'
        '--depth[Shallow clone depth for a fresh clone (needs libgit2 1.7 or newer).]:depth:'
        '--allow-older[Switch even when the source is behind the repo'\''s commit or has diverged from it, dropping the repo'\''s own commits (refused otherwise).]'
        '*--podfile[A Podfile to check for the URL the repo came from (repeatable; default ./Podfile when present).]:podfile:_files'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_podmirror_repo_reset() {
    local -i ret=1
    local -ar ___lang=('en' 'zh-Hans')
    local -ar arg_specs=(
        '--json[Print one JSON document on stdout instead of text.]'
        '--dry-run[Print the plan (with diffs) and change nothing.]'
        '--check[Change nothing; exit 3 when something would change, 0 when all is as asked.]'
        '--force[Replace read-only files (a mode without write permission, e.g. 0444), which podmirror otherwise refuses; podfile platform\: also a platform written as an expression.]'
        '(--verbose -v)'{--verbose,-v}'[Also print on stderr each git transfer (URL, proxy, stages), HTTP request (status, bytes, time) and command run, every warning, and --version details.]'
        '--lang[Language of messages\: en or zh-Hans (default\: PODMIRROR_LANG, then the locale).]:lang:{__podmirror_complete "${___lang[@]}"}'
        '--timeout[Seconds without data from the server before giving up (default 120).]:timeout:'
        '--lock-timeout[Seconds to wait for CocoaPods'\'' Spec_Lock (default 60).]:lock-timeout:'
        '--name[Folder name (default\: `cocoapods`, CocoaPods'\'' own name).]:name:'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_podmirror_repo_repair() {
    local -i ret=1
    local -ar ___lang=('en' 'zh-Hans')
    local -ar arg_specs=(
        '--json[Print one JSON document on stdout instead of text.]'
        '--dry-run[Print the plan (with diffs) and change nothing.]'
        '--check[Change nothing; exit 3 when something would change, 0 when all is as asked.]'
        '--force[Replace read-only files (a mode without write permission, e.g. 0444), which podmirror otherwise refuses; podfile platform\: also a platform written as an expression.]'
        '(--verbose -v)'{--verbose,-v}'[Also print on stderr each git transfer (URL, proxy, stages), HTTP request (status, bytes, time) and command run, every warning, and --version details.]'
        '--lang[Language of messages\: en or zh-Hans (default\: PODMIRROR_LANG, then the locale).]:lang:{__podmirror_complete "${___lang[@]}"}'
        '--timeout[Seconds without data from the server before giving up (default 120).]:timeout:'
        '--lock-timeout[Seconds to wait for CocoaPods'\'' Spec_Lock (default 60).]:lock-timeout:'
        ':name:{__podmirror_custom_complete ---completion repo repair -- positional@0 "${current_word_index}" "$(__podmirror_cursor_index_in_current_word)"}'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_podmirror_repo_export() {
    local -i ret=1
    local -ar ___lang=('en' 'zh-Hans')
    local -ar arg_specs=(
        '--json[Print one JSON document on stdout instead of text.]'
        '--dry-run[Print the plan (with diffs) and change nothing.]'
        '--check[Change nothing; exit 3 when something would change, 0 when all is as asked.]'
        '--force[Replace read-only files (a mode without write permission, e.g. 0444), which podmirror otherwise refuses; podfile platform\: also a platform written as an expression.]'
        '(--verbose -v)'{--verbose,-v}'[Also print on stderr each git transfer (URL, proxy, stages), HTTP request (status, bytes, time) and command run, every warning, and --version details.]'
        '--lang[Language of messages\: en or zh-Hans (default\: PODMIRROR_LANG, then the locale).]:lang:{__podmirror_complete "${___lang[@]}"}'
        ':name:{__podmirror_custom_complete ---completion repo export -- positional@0 "${current_word_index}" "$(__podmirror_cursor_index_in_current_word)"}'
        ':file:_files'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_podmirror_repo_import() {
    local -i ret=1
    local -ar ___lang=('en' 'zh-Hans')
    local -ar arg_specs=(
        '--json[Print one JSON document on stdout instead of text.]'
        '--dry-run[Print the plan (with diffs) and change nothing.]'
        '--check[Change nothing; exit 3 when something would change, 0 when all is as asked.]'
        '--force[Replace read-only files (a mode without write permission, e.g. 0444), which podmirror otherwise refuses; podfile platform\: also a platform written as an expression.]'
        '(--verbose -v)'{--verbose,-v}'[Also print on stderr each git transfer (URL, proxy, stages), HTTP request (status, bytes, time) and command run, every warning, and --version details.]'
        '--lang[Language of messages\: en or zh-Hans (default\: PODMIRROR_LANG, then the locale).]:lang:{__podmirror_complete "${___lang[@]}"}'
        '--timeout[Seconds without data from the server before giving up (default 120).]:timeout:'
        '--lock-timeout[Seconds to wait for CocoaPods'\'' Spec_Lock (default 60).]:lock-timeout:'
        ':bundle:_files'
        '--name[Folder name (default\: CocoaPods'\'' own name for the origin URL).]:name:'
        '--origin[The repo'\''s origin\: a Specs mirror name or a git URL (default\: the official Specs repo).]:origin:'
        '--expect[Refuse a bundle whose tip is not this commit.]:expect:'
        '--fallback-clone[Clone from the origin when the bundle cannot be used.]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_podmirror_repo_verify() {
    local -i ret=1
    local -ar ___lang=('en' 'zh-Hans')
    local -ar arg_specs=(
        '--json[Print one JSON document on stdout instead of text.]'
        '--dry-run[Print the plan (with diffs) and change nothing.]'
        '--check[Change nothing; exit 3 when something would change, 0 when all is as asked.]'
        '--force[Replace read-only files (a mode without write permission, e.g. 0444), which podmirror otherwise refuses; podfile platform\: also a platform written as an expression.]'
        '(--verbose -v)'{--verbose,-v}'[Also print on stderr each git transfer (URL, proxy, stages), HTTP request (status, bytes, time) and command run, every warning, and --version details.]'
        '--lang[Language of messages\: en or zh-Hans (default\: PODMIRROR_LANG, then the locale).]:lang:{__podmirror_complete "${___lang[@]}"}'
        '*:names:{__podmirror_custom_complete ---completion repo verify -- positional@0 "${current_word_index}" "$(__podmirror_cursor_index_in_current_word)"}'
        '--deep[Hash every file against HEAD'\''s tree instead of trusting the index'\''s stat data.]'
        '--expect[Also require HEAD to be this commit (full id or 7+ hex digits).]:expect:'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_podmirror_podfile() {
    local -i ret=1
    local -ar arg_specs=(
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
        '(-): :->command'
        '(-)*:: :->arg'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0
    case "${state}" in
    command)
        local -ar subcommands=(
            'show:Show what the Podfile says: sources, platform, inhibit_all_warnings!, targets, hooks, build settings.'
            'source:Change the Podfile'\''s `source` lines.'
            'platform:Set `platform :NAME, '\''VERSION'\''` at root or in a target.'
            'inhibit-warnings:Turn root-level `inhibit_all_warnings!` on or off.'
            'build-setting:Make every pod target (or one pod) get KEY=VALUE after `pod install`, through the post_install hook.'
            'deployment-target:Raise every pod target'\''s deployment target to at least VERSION, through the post_install hook.'
        )
        _describe -V subcommand subcommands && ret=0
        ;;
    arg)
        case "${words[1]}" in
        show|source|platform|inhibit-warnings|build-setting|deployment-target)
            "_podmirror_podfile_${words[1]}" && ret=0
            ;;
        esac
        ;;
    esac

    return "${ret}"
}

_podmirror_podfile_show() {
    local -i ret=1
    local -ar ___lang=('en' 'zh-Hans')
    local -ar arg_specs=(
        '--json[Print one JSON document on stdout instead of text.]'
        '--dry-run[Print the plan (with diffs) and change nothing.]'
        '--check[Change nothing; exit 3 when something would change, 0 when all is as asked.]'
        '--force[Replace read-only files (a mode without write permission, e.g. 0444), which podmirror otherwise refuses; podfile platform\: also a platform written as an expression.]'
        '(--verbose -v)'{--verbose,-v}'[Also print on stderr each git transfer (URL, proxy, stages), HTTP request (status, bytes, time) and command run, every warning, and --version details.]'
        '--lang[Language of messages\: en or zh-Hans (default\: PODMIRROR_LANG, then the locale).]:lang:{__podmirror_complete "${___lang[@]}"}'
        '--podfile[The Podfile, or a folder to look in (default\: the current folder; CocoaPods.podfile, Podfile, Podfile.rb, as CocoaPods looks).]:podfile:_files'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_podmirror_podfile_source() {
    local -i ret=1
    local -ar arg_specs=(
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
        '(-): :->command'
        '(-)*:: :->arg'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0
    case "${state}" in
    command)
        local -ar subcommands=(
            'use:Use a Specs mirror: official and catalog sources are replaced by it; private sources stay.'
            'add:Add a source after the existing ones (or first with --first).'
            'remove:Remove every `source` line CocoaPods would match to URL (case, trailing .git and / ignored).'
            'set:Make the sources exactly these URLs, in this order, where the first `source` line was.'
        )
        _describe -V subcommand subcommands && ret=0
        ;;
    arg)
        case "${words[1]}" in
        use|add|remove|set)
            "_podmirror_podfile_source_${words[1]}" && ret=0
            ;;
        esac
        ;;
    esac

    return "${ret}"
}

_podmirror_podfile_source_use() {
    local -i ret=1
    local -ar ___lang=('en' 'zh-Hans')
    local -ar _mirror=('trunk' 'github' 'tuna' 'bfsu' 'nju' 'nyist')
    local -ar arg_specs=(
        '--json[Print one JSON document on stdout instead of text.]'
        '--dry-run[Print the plan (with diffs) and change nothing.]'
        '--check[Change nothing; exit 3 when something would change, 0 when all is as asked.]'
        '--force[Replace read-only files (a mode without write permission, e.g. 0444), which podmirror otherwise refuses; podfile platform\: also a platform written as an expression.]'
        '(--verbose -v)'{--verbose,-v}'[Also print on stderr each git transfer (URL, proxy, stages), HTTP request (status, bytes, time) and command run, every warning, and --version details.]'
        '--lang[Language of messages\: en or zh-Hans (default\: PODMIRROR_LANG, then the locale).]:lang:{__podmirror_complete "${___lang[@]}"}'
        '--podfile[The Podfile, or a folder to look in (default\: the current folder; CocoaPods.podfile, Podfile, Podfile.rb, as CocoaPods looks).]:podfile:_files'
        ':mirror:{__podmirror_complete "${_mirror[@]}"}'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_podmirror_podfile_source_add() {
    local -i ret=1
    local -ar ___lang=('en' 'zh-Hans')
    local -ar arg_specs=(
        '--json[Print one JSON document on stdout instead of text.]'
        '--dry-run[Print the plan (with diffs) and change nothing.]'
        '--check[Change nothing; exit 3 when something would change, 0 when all is as asked.]'
        '--force[Replace read-only files (a mode without write permission, e.g. 0444), which podmirror otherwise refuses; podfile platform\: also a platform written as an expression.]'
        '(--verbose -v)'{--verbose,-v}'[Also print on stderr each git transfer (URL, proxy, stages), HTTP request (status, bytes, time) and command run, every warning, and --version details.]'
        '--lang[Language of messages\: en or zh-Hans (default\: PODMIRROR_LANG, then the locale).]:lang:{__podmirror_complete "${___lang[@]}"}'
        '--podfile[The Podfile, or a folder to look in (default\: the current folder; CocoaPods.podfile, Podfile, Podfile.rb, as CocoaPods looks).]:podfile:_files'
        ':url:'
        '--first[Put it before the other sources.]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_podmirror_podfile_source_remove() {
    local -i ret=1
    local -ar ___lang=('en' 'zh-Hans')
    local -ar arg_specs=(
        '--json[Print one JSON document on stdout instead of text.]'
        '--dry-run[Print the plan (with diffs) and change nothing.]'
        '--check[Change nothing; exit 3 when something would change, 0 when all is as asked.]'
        '--force[Replace read-only files (a mode without write permission, e.g. 0444), which podmirror otherwise refuses; podfile platform\: also a platform written as an expression.]'
        '(--verbose -v)'{--verbose,-v}'[Also print on stderr each git transfer (URL, proxy, stages), HTTP request (status, bytes, time) and command run, every warning, and --version details.]'
        '--lang[Language of messages\: en or zh-Hans (default\: PODMIRROR_LANG, then the locale).]:lang:{__podmirror_complete "${___lang[@]}"}'
        '--podfile[The Podfile, or a folder to look in (default\: the current folder; CocoaPods.podfile, Podfile, Podfile.rb, as CocoaPods looks).]:podfile:_files'
        ':url:'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_podmirror_podfile_source_set() {
    local -i ret=1
    local -ar ___lang=('en' 'zh-Hans')
    local -ar arg_specs=(
        '--json[Print one JSON document on stdout instead of text.]'
        '--dry-run[Print the plan (with diffs) and change nothing.]'
        '--check[Change nothing; exit 3 when something would change, 0 when all is as asked.]'
        '--force[Replace read-only files (a mode without write permission, e.g. 0444), which podmirror otherwise refuses; podfile platform\: also a platform written as an expression.]'
        '(--verbose -v)'{--verbose,-v}'[Also print on stderr each git transfer (URL, proxy, stages), HTTP request (status, bytes, time) and command run, every warning, and --version details.]'
        '--lang[Language of messages\: en or zh-Hans (default\: PODMIRROR_LANG, then the locale).]:lang:{__podmirror_complete "${___lang[@]}"}'
        '--podfile[The Podfile, or a folder to look in (default\: the current folder; CocoaPods.podfile, Podfile, Podfile.rb, as CocoaPods looks).]:podfile:_files'
        '*:urls:'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_podmirror_podfile_platform() {
    local -i ret=1
    local -ar ___lang=('en' 'zh-Hans')
    local -ar arg_specs=(
        '--json[Print one JSON document on stdout instead of text.]'
        '--dry-run[Print the plan (with diffs) and change nothing.]'
        '--check[Change nothing; exit 3 when something would change, 0 when all is as asked.]'
        '--force[Replace read-only files (a mode without write permission, e.g. 0444), which podmirror otherwise refuses; podfile platform\: also a platform written as an expression.]'
        '(--verbose -v)'{--verbose,-v}'[Also print on stderr each git transfer (URL, proxy, stages), HTTP request (status, bytes, time) and command run, every warning, and --version details.]'
        '--lang[Language of messages\: en or zh-Hans (default\: PODMIRROR_LANG, then the locale).]:lang:{__podmirror_complete "${___lang[@]}"}'
        '--podfile[The Podfile, or a folder to look in (default\: the current folder; CocoaPods.podfile, Podfile, Podfile.rb, as CocoaPods looks).]:podfile:_files'
        ':name:'
        ':version:'
        '--target[Set it in this target'\''s block instead of at root.]:target:'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_podmirror_podfile_inhibit-warnings() {
    local -i ret=1
    local -ar ___lang=('en' 'zh-Hans')
    local -ar _state=('on' 'off')
    local -ar arg_specs=(
        '--json[Print one JSON document on stdout instead of text.]'
        '--dry-run[Print the plan (with diffs) and change nothing.]'
        '--check[Change nothing; exit 3 when something would change, 0 when all is as asked.]'
        '--force[Replace read-only files (a mode without write permission, e.g. 0444), which podmirror otherwise refuses; podfile platform\: also a platform written as an expression.]'
        '(--verbose -v)'{--verbose,-v}'[Also print on stderr each git transfer (URL, proxy, stages), HTTP request (status, bytes, time) and command run, every warning, and --version details.]'
        '--lang[Language of messages\: en or zh-Hans (default\: PODMIRROR_LANG, then the locale).]:lang:{__podmirror_complete "${___lang[@]}"}'
        '--podfile[The Podfile, or a folder to look in (default\: the current folder; CocoaPods.podfile, Podfile, Podfile.rb, as CocoaPods looks).]:podfile:_files'
        ':state:{__podmirror_complete "${_state[@]}"}'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_podmirror_podfile_build-setting() {
    local -i ret=1
    local -ar ___lang=('en' 'zh-Hans')
    local -ar arg_specs=(
        '--json[Print one JSON document on stdout instead of text.]'
        '--dry-run[Print the plan (with diffs) and change nothing.]'
        '--check[Change nothing; exit 3 when something would change, 0 when all is as asked.]'
        '--force[Replace read-only files (a mode without write permission, e.g. 0444), which podmirror otherwise refuses; podfile platform\: also a platform written as an expression.]'
        '(--verbose -v)'{--verbose,-v}'[Also print on stderr each git transfer (URL, proxy, stages), HTTP request (status, bytes, time) and command run, every warning, and --version details.]'
        '--lang[Language of messages\: en or zh-Hans (default\: PODMIRROR_LANG, then the locale).]:lang:{__podmirror_complete "${___lang[@]}"}'
        '--podfile[The Podfile, or a folder to look in (default\: the current folder; CocoaPods.podfile, Podfile, Podfile.rb, as CocoaPods looks).]:podfile:_files'
        ':assignment:'
        '--unset[Remove the setting podmirror wrote for KEY.]:unset:'
        '--configuration[Only this build configuration (e.g. Debug).]:configuration:'
        '--pod[Only this pod target.]:pod:'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_podmirror_podfile_deployment-target() {
    local -i ret=1
    local -ar ___lang=('en' 'zh-Hans')
    local -ar arg_specs=(
        '--json[Print one JSON document on stdout instead of text.]'
        '--dry-run[Print the plan (with diffs) and change nothing.]'
        '--check[Change nothing; exit 3 when something would change, 0 when all is as asked.]'
        '--force[Replace read-only files (a mode without write permission, e.g. 0444), which podmirror otherwise refuses; podfile platform\: also a platform written as an expression.]'
        '(--verbose -v)'{--verbose,-v}'[Also print on stderr each git transfer (URL, proxy, stages), HTTP request (status, bytes, time) and command run, every warning, and --version details.]'
        '--lang[Language of messages\: en or zh-Hans (default\: PODMIRROR_LANG, then the locale).]:lang:{__podmirror_complete "${___lang[@]}"}'
        '--podfile[The Podfile, or a folder to look in (default\: the current folder; CocoaPods.podfile, Podfile, Podfile.rb, as CocoaPods looks).]:podfile:_files'
        ':platform:'
        ':version:'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_podmirror_init() {
    local -i ret=1
    local -ar ___lang=('en' 'zh-Hans')
    local -ar ___mirror=('trunk' 'github' 'tuna' 'bfsu' 'nju' 'nyist')
    local -ar arg_specs=(
        '--json[Print one JSON document on stdout instead of text.]'
        '--dry-run[Print the plan (with diffs) and change nothing.]'
        '--check[Change nothing; exit 3 when something would change, 0 when all is as asked.]'
        '--force[Replace read-only files (a mode without write permission, e.g. 0444), which podmirror otherwise refuses; podfile platform\: also a platform written as an expression.]'
        '(--verbose -v)'{--verbose,-v}'[Also print on stderr each git transfer (URL, proxy, stages), HTTP request (status, bytes, time) and command run, every warning, and --version details.]'
        '--lang[Language of messages\: en or zh-Hans (default\: PODMIRROR_LANG, then the locale).]:lang:{__podmirror_complete "${___lang[@]}"}'
        '--template[Template from templates/\: Podfile.NAME for app targets (Podfile.NAME-test for tests), or a file path.]:template:'
        '--platform[Write an active platform line, e.g. ios\:13.0 (default\: the commented one pod init writes).]:platform:'
        '--mirror[Specs mirror the new Podfile'\''s source line names\: a catalog name (see `podmirror mirror list`) or a git URL, as `podfile source use`.]:mirror:{__podmirror_complete "${___mirror[@]}"}'
        '*--source[Another source for the new Podfile, after the mirror (repeatable)\: a catalog name or a source URL, as `podfile source add`.]:source:'
        ':path:_files -/'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_podmirror_deintegrate() {
    local -i ret=1
    local -ar ___lang=('en' 'zh-Hans')
    local -ar arg_specs=(
        '--json[Print one JSON document on stdout instead of text.]'
        '--dry-run[Print the plan (with diffs) and change nothing.]'
        '--check[Change nothing; exit 3 when something would change, 0 when all is as asked.]'
        '--force[Replace read-only files (a mode without write permission, e.g. 0444), which podmirror otherwise refuses; podfile platform\: also a platform written as an expression.]'
        '(--verbose -v)'{--verbose,-v}'[Also print on stderr each git transfer (URL, proxy, stages), HTTP request (status, bytes, time) and command run, every warning, and --version details.]'
        '--lang[Language of messages\: en or zh-Hans (default\: PODMIRROR_LANG, then the locale).]:lang:{__podmirror_complete "${___lang[@]}"}'
        '--remove-pods[Also remove Pods/ when the project shows no CocoaPods integration.]'
        ':path:_files -/'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_podmirror_reinstall() {
    local -i ret=1
    local -ar ___lang=('en' 'zh-Hans')
    local -ar arg_specs=(
        '--json[Print one JSON document on stdout instead of text.]'
        '--dry-run[Print the plan (with diffs) and change nothing.]'
        '--check[Change nothing; exit 3 when something would change, 0 when all is as asked.]'
        '--force[Replace read-only files (a mode without write permission, e.g. 0444), which podmirror otherwise refuses; podfile platform\: also a platform written as an expression.]'
        '(--verbose -v)'{--verbose,-v}'[Also print on stderr each git transfer (URL, proxy, stages), HTTP request (status, bytes, time) and command run, every warning, and --version details.]'
        '--lang[Language of messages\: en or zh-Hans (default\: PODMIRROR_LANG, then the locale).]:lang:{__podmirror_complete "${___lang[@]}"}'
        '--repo-update[Pass --repo-update to pod install.]'
        '--no-fetch[Do not run `pods fetch` first (it runs when Podfile.lock exists).]'
        ':path:_files -/'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_podmirror_gems() {
    local -i ret=1
    local -ar arg_specs=(
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
        '(-): :->command'
        '(-)*:: :->arg'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0
    case "${state}" in
    command)
        local -ar subcommands=(
            'source:The gem sources RubyGems uses (the gemrc it reads and writes).'
        )
        _describe -V subcommand subcommands && ret=0
        ;;
    arg)
        case "${words[1]}" in
        source)
            "_podmirror_gems_${words[1]}" && ret=0
            ;;
        esac
        ;;
    esac

    return "${ret}"
}

_podmirror_gems_source() {
    local -i ret=1
    local -ar arg_specs=(
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
        '(-): :->command'
        '(-)*:: :->arg'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0
    case "${state}" in
    command)
        local -ar subcommands=(
            'list:Show the gemrc in use, its sources and Bundler'\''s mirror.'
            'use:Replace rubygems.org and known gem mirrors by MIRROR (a catalog name or URL); private sources are kept.'
            'reset:Put https://rubygems.org/ back in place of gem mirrors; private sources are kept.'
        )
        _describe -V subcommand subcommands && ret=0
        ;;
    arg)
        case "${words[1]}" in
        list|use|reset)
            "_podmirror_gems_source_${words[1]}" && ret=0
            ;;
        esac
        ;;
    esac

    return "${ret}"
}

_podmirror_gems_source_list() {
    local -i ret=1
    local -ar ___lang=('en' 'zh-Hans')
    local -ar arg_specs=(
        '--json[Print one JSON document on stdout instead of text.]'
        '--dry-run[Print the plan (with diffs) and change nothing.]'
        '--check[Change nothing; exit 3 when something would change, 0 when all is as asked.]'
        '--force[Replace read-only files (a mode without write permission, e.g. 0444), which podmirror otherwise refuses; podfile platform\: also a platform written as an expression.]'
        '(--verbose -v)'{--verbose,-v}'[Also print on stderr each git transfer (URL, proxy, stages), HTTP request (status, bytes, time) and command run, every warning, and --version details.]'
        '--lang[Language of messages\: en or zh-Hans (default\: PODMIRROR_LANG, then the locale).]:lang:{__podmirror_complete "${___lang[@]}"}'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_podmirror_gems_source_use() {
    local -i ret=1
    local -ar ___lang=('en' 'zh-Hans')
    local -ar _mirror=('rubygems' 'ruby-china' 'ustc' 'tuna')
    local -ar arg_specs=(
        '--json[Print one JSON document on stdout instead of text.]'
        '--dry-run[Print the plan (with diffs) and change nothing.]'
        '--check[Change nothing; exit 3 when something would change, 0 when all is as asked.]'
        '--force[Replace read-only files (a mode without write permission, e.g. 0444), which podmirror otherwise refuses; podfile platform\: also a platform written as an expression.]'
        '(--verbose -v)'{--verbose,-v}'[Also print on stderr each git transfer (URL, proxy, stages), HTTP request (status, bytes, time) and command run, every warning, and --version details.]'
        '--lang[Language of messages\: en or zh-Hans (default\: PODMIRROR_LANG, then the locale).]:lang:{__podmirror_complete "${___lang[@]}"}'
        ':mirror:{__podmirror_complete "${_mirror[@]}"}'
        '--bundler[Also set Bundler'\''s mirror for rubygems.org (BUNDLE_MIRROR__HTTPS\://RUBYGEMS__ORG/).]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_podmirror_gems_source_reset() {
    local -i ret=1
    local -ar ___lang=('en' 'zh-Hans')
    local -ar arg_specs=(
        '--json[Print one JSON document on stdout instead of text.]'
        '--dry-run[Print the plan (with diffs) and change nothing.]'
        '--check[Change nothing; exit 3 when something would change, 0 when all is as asked.]'
        '--force[Replace read-only files (a mode without write permission, e.g. 0444), which podmirror otherwise refuses; podfile platform\: also a platform written as an expression.]'
        '(--verbose -v)'{--verbose,-v}'[Also print on stderr each git transfer (URL, proxy, stages), HTTP request (status, bytes, time) and command run, every warning, and --version details.]'
        '--lang[Language of messages\: en or zh-Hans (default\: PODMIRROR_LANG, then the locale).]:lang:{__podmirror_complete "${___lang[@]}"}'
        '--bundler[Also remove Bundler'\''s mirror setting for rubygems.org.]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_podmirror_gitconfig() {
    local -i ret=1
    local -ar arg_specs=(
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
        '(-): :->command'
        '(-)*:: :->arg'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0
    case "${state}" in
    command)
        local -ar subcommands=(
            'insteadof:url.<mirror>.insteadOf rules for the Specs repo (use) and pod sources (add).'
        )
        _describe -V subcommand subcommands && ret=0
        ;;
    arg)
        case "${words[1]}" in
        insteadof)
            "_podmirror_gitconfig_${words[1]}" && ret=0
            ;;
        esac
        ;;
    esac

    return "${ret}"
}

_podmirror_gitconfig_insteadof() {
    local -i ret=1
    local -ar arg_specs=(
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
        '(-): :->command'
        '(-)*:: :->arg'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0
    case "${state}" in
    command)
        local -ar subcommands=(
            'list:Show the insteadOf rules git reads (system and global files).'
            'use:Send every GitHub Specs URL spelling to MIRROR (a catalog name or git URL).'
            'add:Send pod source URLs starting with PREFIX to MIRROR_PREFIX (git and http sources).'
            'remove:Remove podmirror'\''s source-mirror rule for PREFIX; rules you wrote are kept.'
            'reset:Remove the Specs insteadOf rules `use` wrote; pod-source rules (`add`) and the user'\''s own are kept.'
        )
        _describe -V subcommand subcommands && ret=0
        ;;
    arg)
        case "${words[1]}" in
        list|use|add|remove|reset)
            "_podmirror_gitconfig_insteadof_${words[1]}" && ret=0
            ;;
        esac
        ;;
    esac

    return "${ret}"
}

_podmirror_gitconfig_insteadof_list() {
    local -i ret=1
    local -ar ___lang=('en' 'zh-Hans')
    local -ar arg_specs=(
        '--json[Print one JSON document on stdout instead of text.]'
        '--dry-run[Print the plan (with diffs) and change nothing.]'
        '--check[Change nothing; exit 3 when something would change, 0 when all is as asked.]'
        '--force[Replace read-only files (a mode without write permission, e.g. 0444), which podmirror otherwise refuses; podfile platform\: also a platform written as an expression.]'
        '(--verbose -v)'{--verbose,-v}'[Also print on stderr each git transfer (URL, proxy, stages), HTTP request (status, bytes, time) and command run, every warning, and --version details.]'
        '--lang[Language of messages\: en or zh-Hans (default\: PODMIRROR_LANG, then the locale).]:lang:{__podmirror_complete "${___lang[@]}"}'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_podmirror_gitconfig_insteadof_use() {
    local -i ret=1
    local -ar ___lang=('en' 'zh-Hans')
    local -ar _mirror=('trunk' 'github' 'tuna' 'bfsu' 'nju' 'nyist')
    local -ar arg_specs=(
        '--json[Print one JSON document on stdout instead of text.]'
        '--dry-run[Print the plan (with diffs) and change nothing.]'
        '--check[Change nothing; exit 3 when something would change, 0 when all is as asked.]'
        '--force[Replace read-only files (a mode without write permission, e.g. 0444), which podmirror otherwise refuses; podfile platform\: also a platform written as an expression.]'
        '(--verbose -v)'{--verbose,-v}'[Also print on stderr each git transfer (URL, proxy, stages), HTTP request (status, bytes, time) and command run, every warning, and --version details.]'
        '--lang[Language of messages\: en or zh-Hans (default\: PODMIRROR_LANG, then the locale).]:lang:{__podmirror_complete "${___lang[@]}"}'
        ':mirror:{__podmirror_complete "${_mirror[@]}"}'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_podmirror_gitconfig_insteadof_add() {
    local -i ret=1
    local -ar ___lang=('en' 'zh-Hans')
    local -ar arg_specs=(
        '--json[Print one JSON document on stdout instead of text.]'
        '--dry-run[Print the plan (with diffs) and change nothing.]'
        '--check[Change nothing; exit 3 when something would change, 0 when all is as asked.]'
        '--force[Replace read-only files (a mode without write permission, e.g. 0444), which podmirror otherwise refuses; podfile platform\: also a platform written as an expression.]'
        '(--verbose -v)'{--verbose,-v}'[Also print on stderr each git transfer (URL, proxy, stages), HTTP request (status, bytes, time) and command run, every warning, and --version details.]'
        '--lang[Language of messages\: en or zh-Hans (default\: PODMIRROR_LANG, then the locale).]:lang:{__podmirror_complete "${___lang[@]}"}'
        ':prefix:'
        ':mirror-prefix:'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_podmirror_gitconfig_insteadof_remove() {
    local -i ret=1
    local -ar ___lang=('en' 'zh-Hans')
    local -ar arg_specs=(
        '--json[Print one JSON document on stdout instead of text.]'
        '--dry-run[Print the plan (with diffs) and change nothing.]'
        '--check[Change nothing; exit 3 when something would change, 0 when all is as asked.]'
        '--force[Replace read-only files (a mode without write permission, e.g. 0444), which podmirror otherwise refuses; podfile platform\: also a platform written as an expression.]'
        '(--verbose -v)'{--verbose,-v}'[Also print on stderr each git transfer (URL, proxy, stages), HTTP request (status, bytes, time) and command run, every warning, and --version details.]'
        '--lang[Language of messages\: en or zh-Hans (default\: PODMIRROR_LANG, then the locale).]:lang:{__podmirror_complete "${___lang[@]}"}'
        ':prefix:'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_podmirror_gitconfig_insteadof_reset() {
    local -i ret=1
    local -ar ___lang=('en' 'zh-Hans')
    local -ar arg_specs=(
        '--json[Print one JSON document on stdout instead of text.]'
        '--dry-run[Print the plan (with diffs) and change nothing.]'
        '--check[Change nothing; exit 3 when something would change, 0 when all is as asked.]'
        '--force[Replace read-only files (a mode without write permission, e.g. 0444), which podmirror otherwise refuses; podfile platform\: also a platform written as an expression.]'
        '(--verbose -v)'{--verbose,-v}'[Also print on stderr each git transfer (URL, proxy, stages), HTTP request (status, bytes, time) and command run, every warning, and --version details.]'
        '--lang[Language of messages\: en or zh-Hans (default\: PODMIRROR_LANG, then the locale).]:lang:{__podmirror_complete "${___lang[@]}"}'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_podmirror_pods() {
    local -i ret=1
    local -ar arg_specs=(
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
        '(-): :->command'
        '(-)*:: :->arg'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0
    case "${state}" in
    command)
        local -ar subcommands=(
            'fetch:Download every pod of Podfile.lock into CocoaPods'\'' download cache, in parallel, so `pod install` downloads nothing.'
            'list:Show, for every pod of Podfile.lock, whether CocoaPods'\'' download cache has it.'
        )
        _describe -V subcommand subcommands && ret=0
        ;;
    arg)
        case "${words[1]}" in
        fetch|list)
            "_podmirror_pods_${words[1]}" && ret=0
            ;;
        esac
        ;;
    esac

    return "${ret}"
}

_podmirror_pods_fetch() {
    local -i ret=1
    local -ar ___lang=('en' 'zh-Hans')
    local -ar arg_specs=(
        '--json[Print one JSON document on stdout instead of text.]'
        '--dry-run[Print the plan (with diffs) and change nothing.]'
        '--check[Change nothing; exit 3 when something would change, 0 when all is as asked.]'
        '--force[Replace read-only files (a mode without write permission, e.g. 0444), which podmirror otherwise refuses; podfile platform\: also a platform written as an expression.]'
        '(--verbose -v)'{--verbose,-v}'[Also print on stderr each git transfer (URL, proxy, stages), HTTP request (status, bytes, time) and command run, every warning, and --version details.]'
        '--lang[Language of messages\: en or zh-Hans (default\: PODMIRROR_LANG, then the locale).]:lang:{__podmirror_complete "${___lang[@]}"}'
        '--project[The project folder holding Podfile.lock (default\: the current folder).]:project:_files -/'
        '--lockfile[The Podfile.lock to read (instead of --project).]:lockfile:_files'
        '--only[Only these pods (root names).]:only:'
        '--cocoapods-version[The CocoaPods version that will read the cache (written to its VERSION file).]:cocoapods-version:'
        '--timeout[Seconds without data from a server before a download try is abandoned (default 120). An http archive gets 4 tries, 1, 2, 4 s apart\: at most 4 × (timeout + 1) + 7 s when the server stalls.]:timeout:'
        '--lock-timeout[Seconds to wait for a cache entry'\''s .lock held by CocoaPods or another podmirror (default 60).]:lock-timeout:'
        '--strict-checksums[Fail a pod whose podspec in the spec repo does not hash to Podfile.lock'\''s SPEC CHECKSUMS, instead of fetching it as `pod install` will install it.]'
        '--jobs[Downloads to run at once (default 8).]:jobs:'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_podmirror_pods_list() {
    local -i ret=1
    local -ar ___lang=('en' 'zh-Hans')
    local -ar arg_specs=(
        '--json[Print one JSON document on stdout instead of text.]'
        '--dry-run[Print the plan (with diffs) and change nothing.]'
        '--check[Change nothing; exit 3 when something would change, 0 when all is as asked.]'
        '--force[Replace read-only files (a mode without write permission, e.g. 0444), which podmirror otherwise refuses; podfile platform\: also a platform written as an expression.]'
        '(--verbose -v)'{--verbose,-v}'[Also print on stderr each git transfer (URL, proxy, stages), HTTP request (status, bytes, time) and command run, every warning, and --version details.]'
        '--lang[Language of messages\: en or zh-Hans (default\: PODMIRROR_LANG, then the locale).]:lang:{__podmirror_complete "${___lang[@]}"}'
        '--project[The project folder holding Podfile.lock (default\: the current folder).]:project:_files -/'
        '--lockfile[The Podfile.lock to read (instead of --project).]:lockfile:_files'
        '--only[Only these pods (root names).]:only:'
        '--cocoapods-version[The CocoaPods version that will read the cache (written to its VERSION file).]:cocoapods-version:'
        '--timeout[Seconds without data from a server before a download try is abandoned (default 120). An http archive gets 4 tries, 1, 2, 4 s apart\: at most 4 × (timeout + 1) + 7 s when the server stalls.]:timeout:'
        '--lock-timeout[Seconds to wait for a cache entry'\''s .lock held by CocoaPods or another podmirror (default 60).]:lock-timeout:'
        '--strict-checksums[Fail a pod whose podspec in the spec repo does not hash to Podfile.lock'\''s SPEC CHECKSUMS, instead of fetching it as `pod install` will install it.]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_podmirror_swiftpm() {
    local -i ret=1
    local -ar arg_specs=(
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
        '(-): :->command'
        '(-)*:: :->arg'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0
    case "${state}" in
    command)
        local -ar subcommands=(
            'use:Write the mirrors.json entries that send a project'\''s packages to the source mirrors.'
            'show:List where each package of a project will be fetched from.'
        )
        _describe -V subcommand subcommands && ret=0
        ;;
    arg)
        case "${words[1]}" in
        use|show)
            "_podmirror_swiftpm_${words[1]}" && ret=0
            ;;
        esac
        ;;
    esac

    return "${ret}"
}

_podmirror_swiftpm_use() {
    local -i ret=1
    local -ar ___lang=('en' 'zh-Hans')
    local -ar arg_specs=(
        '--json[Print one JSON document on stdout instead of text.]'
        '--dry-run[Print the plan (with diffs) and change nothing.]'
        '--check[Change nothing; exit 3 when something would change, 0 when all is as asked.]'
        '--force[Replace read-only files (a mode without write permission, e.g. 0444), which podmirror otherwise refuses; podfile platform\: also a platform written as an expression.]'
        '(--verbose -v)'{--verbose,-v}'[Also print on stderr each git transfer (URL, proxy, stages), HTTP request (status, bytes, time) and command run, every warning, and --version details.]'
        '--lang[Language of messages\: en or zh-Hans (default\: PODMIRROR_LANG, then the locale).]:lang:{__podmirror_complete "${___lang[@]}"}'
        ':path:_files -/'
        '*--source-mirror[Use PREFIX=MIRROR_PREFIX instead of the source-mirror rules of git'\''s config (repeatable).]:source-mirror:'
        '--user[Write the user'\''s mirrors.json instead of the project'\''s.]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_podmirror_swiftpm_show() {
    local -i ret=1
    local -ar ___lang=('en' 'zh-Hans')
    local -ar arg_specs=(
        '--json[Print one JSON document on stdout instead of text.]'
        '--dry-run[Print the plan (with diffs) and change nothing.]'
        '--check[Change nothing; exit 3 when something would change, 0 when all is as asked.]'
        '--force[Replace read-only files (a mode without write permission, e.g. 0444), which podmirror otherwise refuses; podfile platform\: also a platform written as an expression.]'
        '(--verbose -v)'{--verbose,-v}'[Also print on stderr each git transfer (URL, proxy, stages), HTTP request (status, bytes, time) and command run, every warning, and --version details.]'
        '--lang[Language of messages\: en or zh-Hans (default\: PODMIRROR_LANG, then the locale).]:lang:{__podmirror_complete "${___lang[@]}"}'
        ':path:_files -/'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_podmirror_help() {
    local -i ret=1
    local -ar arg_specs=(
        '*:subcommands:'
        '--version[Show the version.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

if [[ "${funcstack[1]}" = _podmirror ]]; then
    _podmirror "${@}"
else
    compdef _podmirror podmirror
fi
