#!/bin/bash

__podmirror_cursor_index_in_current_word() {
    local remaining="${COMP_LINE}"

    local word
    for word in "${COMP_WORDS[@]::COMP_CWORD}"; do
        remaining="${remaining##*([[:space:]])"${word}"*([[:space:]])}"
    done

    local -ir index="$((COMP_POINT - ${#COMP_LINE} + ${#remaining}))"
    if [[ "${index}" -le 0 ]]; then
        printf 0
    else
        printf %s "${index}"
    fi
}

# positional arguments:
#
# - 1: the current (sub)command's count of positional arguments
#
# required variables:
#
# - repeating_flags: the repeating flags that the current (sub)command can accept
# - non_repeating_flags: the non-repeating flags that the current (sub)command can accept
# - repeating_options: the repeating options that the current (sub)command can accept
# - non_repeating_options: the non-repeating options that the current (sub)command can accept
# - positional_number: value ignored
# - unparsed_words: unparsed words from the current command line
#
# modified variables:
#
# - non_repeating_flags: remove flags for this (sub)command that are already on the command line
# - non_repeating_options: remove options for this (sub)command that are already on the command line
# - positional_number: set to the current positional number
# - unparsed_words: remove all flags, options, and option values for this (sub)command
__podmirror_offer_flags_options() {
    local -ir positional_count="${1}"
    positional_number=0

    local was_flag_option_terminator_seen=false
    local is_parsing_option_value=false

    local -ar unparsed_word_indices=("${!unparsed_words[@]}")
    local -i word_index
    for word_index in "${unparsed_word_indices[@]}"; do
        if "${is_parsing_option_value}"; then
            # This word is an option value:
            # Reset marker for next word iff not currently the last word
            [[ "${word_index}" -ne "${unparsed_word_indices[${#unparsed_word_indices[@]} - 1]}" ]] && is_parsing_option_value=false
            unset "unparsed_words[${word_index}]"
            # Do not process this word as a flag or an option
            continue
        fi

        local word="${unparsed_words["${word_index}"]}"
        if ! "${was_flag_option_terminator_seen}"; then
            case "${word}" in
            --)
                unset "unparsed_words[${word_index}]"
                # by itself -- is a flag/option terminator, but if it is the last word, it is the start of a completion
                if [[ "${word_index}" -ne "${unparsed_word_indices[${#unparsed_word_indices[@]} - 1]}" ]]; then
                    was_flag_option_terminator_seen=true
                fi
                continue
                ;;
            -*)
                # ${word} is a flag or an option
                # If ${word} is an option, mark that the next word to be parsed is an option value
                local option
                for option in "${repeating_options[@]}" "${non_repeating_options[@]}"; do
                    [[ "${word}" = "${option}" ]] && is_parsing_option_value=true && break
                done

                # Remove ${word} from ${non_repeating_flags} or ${non_repeating_options} so it isn't offered again
                local not_found=true
                local -i index
                for index in "${!non_repeating_flags[@]}"; do
                    if [[ "${non_repeating_flags[${index}]}" = "${word}" ]]; then
                        unset "non_repeating_flags[${index}]"
                        non_repeating_flags=("${non_repeating_flags[@]}")
                        not_found=false
                        break
                    fi
                done
                if "${not_found}"; then
                    for index in "${!non_repeating_flags[@]}"; do
                        if [[ "${non_repeating_flags[${index}]}" = "${word}" ]]; then
                            unset "non_repeating_flags[${index}]"
                            non_repeating_flags=("${non_repeating_flags[@]}")
                            break
                        fi
                    done
                fi
                unset "unparsed_words[${word_index}]"
                continue
                ;;
            esac
        fi

        # ${word} is neither a flag, nor an option, nor an option value
        if [[ "${positional_number}" -lt "${positional_count}" || "${positional_count}" -lt 0 ]]; then
            # ${word} is a positional
            ((positional_number++))
            unset "unparsed_words[${word_index}]"
        else
            if [[ -z "${word}" ]]; then
                # Could be completing a flag, option, or subcommand
                positional_number=-1
            else
                # ${word} is a subcommand or invalid, so stop processing this (sub)command
                positional_number=-2
            fi
            break
        fi
    done

    unparsed_words=("${unparsed_words[@]}")

    if\
        ! "${was_flag_option_terminator_seen}"\
        && ! "${is_parsing_option_value}"\
        && [[ ("${cur}" = -* && "${positional_number}" -ge 0) || "${positional_number}" -eq -1 ]]
    then
        COMPREPLY+=($(compgen -W "${repeating_flags[*]} ${non_repeating_flags[*]} ${repeating_options[*]} ${non_repeating_options[*]}" -- "${cur}"))
    fi
}

__podmirror_add_completions() {
    local completion
    while IFS='' read -r completion; do
        COMPREPLY+=("${completion}")
    done < <(IFS=$'\n' compgen "${@}" -- "${cur}")
}

__podmirror_custom_complete() {
    if [[ -n "${cur}" || -z ${COMP_WORDS[${COMP_CWORD}]} || "${COMP_LINE:${COMP_POINT}:1}" != ' ' ]]; then
        local -ar words=("${COMP_WORDS[@]}")
    else
        local -ar words=("${COMP_WORDS[@]::${COMP_CWORD}}" '' "${COMP_WORDS[@]:${COMP_CWORD}}")
    fi

    "${COMP_WORDS[0]}" "${@}" "${words[@]}"
}

_podmirror() {
    local state
    state="$(shopt -p;shopt -po)"
    trap "${state//$'\n'/;}" RETURN
    shopt -s extglob
    set +o history +o posix

    local -xr SAP_SHELL=bash
    local -x SAP_SHELL_VERSION
    SAP_SHELL_VERSION="$(IFS='.';printf %s "${BASH_VERSINFO[*]}")"
    local -r SAP_SHELL_VERSION

    local -r cur="${2}"
    local -r prev="${3}"

    local -i positional_number
    local -a unparsed_words=("${COMP_WORDS[@]:1:${COMP_CWORD}}")

    local -a repeating_flags=()
    local -a non_repeating_flags=(--version -h --help)
    local -a repeating_options=()
    local -a non_repeating_options=()
    __podmirror_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    setup|doctor|mirror|repo|podfile|init|deintegrate|reinstall|gems|gitconfig|pods|swiftpm|help)
        # Offer subcommand argument completions
        "_podmirror_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'setup doctor mirror repo podfile init deintegrate reinstall gems gitconfig pods swiftpm help' -- "${cur}"))
        ;;
    esac
}

_podmirror_setup() {
    repeating_flags=()
    non_repeating_flags=(--json --dry-run --check --force --verbose -v --bundler --remove-trunk --install-cocoapods --no-verify --version -h --help)
    repeating_options=(--podfile --build-setting --source-mirror --swiftpm)
    non_repeating_options=(--lang --mirror --name --gems --platform --inhibit-warnings --deployment-target --strategy --timeout --seed)
    __podmirror_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--lang')
        __podmirror_add_completions -W 'en'$'\n''zh-Hans'
        return
        ;;
    '--mirror')
        __podmirror_add_completions -W 'trunk'$'\n''github'$'\n''tuna'$'\n''bfsu'$'\n''nju'$'\n''nyist'
        return
        ;;
    '--name')
        return
        ;;
    '--gems')
        __podmirror_add_completions -W 'rubygems'$'\n''ruby-china'$'\n''ustc'$'\n''tuna'
        return
        ;;
    '--podfile')
        __podmirror_add_completions -f
        return
        ;;
    '--platform')
        return
        ;;
    '--inhibit-warnings')
        __podmirror_add_completions -W 'on'$'\n''off'
        return
        ;;
    '--build-setting')
        return
        ;;
    '--deployment-target')
        return
        ;;
    '--strategy')
        __podmirror_add_completions -W 'podfile'$'\n''insteadof'$'\n''trunk'
        return
        ;;
    '--timeout')
        return
        ;;
    '--source-mirror')
        return
        ;;
    '--seed')
        __podmirror_add_completions -f
        return
        ;;
    '--swiftpm')
        __podmirror_add_completions -d
        return
        ;;
    esac
}

_podmirror_doctor() {
    repeating_flags=()
    non_repeating_flags=(--json --dry-run --check --force --verbose -v --offline --version -h --help)
    repeating_options=(--podfile --swiftpm)
    non_repeating_options=(--lang --timeout)
    __podmirror_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--lang')
        __podmirror_add_completions -W 'en'$'\n''zh-Hans'
        return
        ;;
    '--podfile')
        __podmirror_add_completions -f
        return
        ;;
    '--timeout')
        return
        ;;
    '--swiftpm')
        __podmirror_add_completions -d
        return
        ;;
    esac
}

_podmirror_mirror() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __podmirror_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    list|test)
        # Offer subcommand argument completions
        "_podmirror_mirror_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'list test' -- "${cur}"))
        ;;
    esac
}

_podmirror_mirror_list() {
    repeating_flags=()
    non_repeating_flags=(--json --dry-run --check --force --verbose -v --version -h --help)
    repeating_options=()
    non_repeating_options=(--lang)
    __podmirror_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--lang')
        __podmirror_add_completions -W 'en'$'\n''zh-Hans'
        return
        ;;
    esac
}

_podmirror_mirror_test() {
    repeating_flags=()
    non_repeating_flags=(--json --dry-run --check --force --verbose -v --gems --pick --version -h --help)
    repeating_options=()
    non_repeating_options=(--lang --timeout)
    __podmirror_offer_flags_options -1

    # Offer option value completions
    case "${prev}" in
    '--lang')
        __podmirror_add_completions -W 'en'$'\n''zh-Hans'
        return
        ;;
    '--timeout')
        return
        ;;
    esac
}

_podmirror_repo() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __podmirror_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    list|add|remove|update|use|reset|repair|export|import|verify)
        # Offer subcommand argument completions
        "_podmirror_repo_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'list add remove update use reset repair export import verify' -- "${cur}"))
        ;;
    esac
}

_podmirror_repo_list() {
    repeating_flags=()
    non_repeating_flags=(--json --dry-run --check --force --verbose -v --version -h --help)
    repeating_options=()
    non_repeating_options=(--lang)
    __podmirror_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--lang')
        __podmirror_add_completions -W 'en'$'\n''zh-Hans'
        return
        ;;
    esac
}

_podmirror_repo_add() {
    repeating_flags=()
    non_repeating_flags=(--json --dry-run --check --force --verbose -v --version -h --help)
    repeating_options=()
    non_repeating_options=(--lang --timeout --lock-timeout --branch --depth)
    __podmirror_offer_flags_options 2

    # Offer option value completions
    case "${prev}" in
    '--lang')
        __podmirror_add_completions -W 'en'$'\n''zh-Hans'
        return
        ;;
    '--timeout')
        return
        ;;
    '--lock-timeout')
        return
        ;;
    '--branch')
        return
        ;;
    '--depth')
        return
        ;;
    esac
}

_podmirror_repo_remove() {
    repeating_flags=()
    non_repeating_flags=(--json --dry-run --check --force --verbose -v --version -h --help)
    repeating_options=()
    non_repeating_options=(--lang --timeout --lock-timeout)
    __podmirror_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--lang')
        __podmirror_add_completions -W 'en'$'\n''zh-Hans'
        return
        ;;
    '--timeout')
        return
        ;;
    '--lock-timeout')
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __podmirror_add_completions -W "$(__podmirror_custom_complete ---completion repo remove -- positional@0 "${COMP_CWORD}" "$(__podmirror_cursor_index_in_current_word)")"
        return
        ;;
    esac
}

_podmirror_repo_update() {
    repeating_flags=()
    non_repeating_flags=(--json --dry-run --check --force --verbose -v --version -h --help)
    repeating_options=()
    non_repeating_options=(--lang --timeout --lock-timeout)
    __podmirror_offer_flags_options -1

    # Offer option value completions
    case "${prev}" in
    '--lang')
        __podmirror_add_completions -W 'en'$'\n''zh-Hans'
        return
        ;;
    '--timeout')
        return
        ;;
    '--lock-timeout')
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    *)
        __podmirror_add_completions -W "$(__podmirror_custom_complete ---completion repo update -- positional@0 "${COMP_CWORD}" "$(__podmirror_cursor_index_in_current_word)")"
        return
        ;;
    esac
}

_podmirror_repo_use() {
    repeating_flags=()
    non_repeating_flags=(--json --dry-run --check --force --verbose -v --allow-older --version -h --help)
    repeating_options=(--podfile)
    non_repeating_options=(--lang --timeout --lock-timeout --name --depth)
    __podmirror_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--lang')
        __podmirror_add_completions -W 'en'$'\n''zh-Hans'
        return
        ;;
    '--timeout')
        return
        ;;
    '--lock-timeout')
        return
        ;;
    '--name')
        return
        ;;
    '--depth')
        return
        ;;
    '--podfile')
        __podmirror_add_completions -f
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __podmirror_add_completions -W 'trunk'$'\n''github'$'\n''tuna'$'\n''bfsu'$'\n''nju'$'\n''nyist'
        return
        ;;
    esac
}

_podmirror_repo_reset() {
    repeating_flags=()
    non_repeating_flags=(--json --dry-run --check --force --verbose -v --version -h --help)
    repeating_options=()
    non_repeating_options=(--lang --timeout --lock-timeout --name)
    __podmirror_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--lang')
        __podmirror_add_completions -W 'en'$'\n''zh-Hans'
        return
        ;;
    '--timeout')
        return
        ;;
    '--lock-timeout')
        return
        ;;
    '--name')
        return
        ;;
    esac
}

_podmirror_repo_repair() {
    repeating_flags=()
    non_repeating_flags=(--json --dry-run --check --force --verbose -v --version -h --help)
    repeating_options=()
    non_repeating_options=(--lang --timeout --lock-timeout)
    __podmirror_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--lang')
        __podmirror_add_completions -W 'en'$'\n''zh-Hans'
        return
        ;;
    '--timeout')
        return
        ;;
    '--lock-timeout')
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __podmirror_add_completions -W "$(__podmirror_custom_complete ---completion repo repair -- positional@0 "${COMP_CWORD}" "$(__podmirror_cursor_index_in_current_word)")"
        return
        ;;
    esac
}

_podmirror_repo_export() {
    repeating_flags=()
    non_repeating_flags=(--json --dry-run --check --force --verbose -v --version -h --help)
    repeating_options=()
    non_repeating_options=(--lang)
    __podmirror_offer_flags_options 2

    # Offer option value completions
    case "${prev}" in
    '--lang')
        __podmirror_add_completions -W 'en'$'\n''zh-Hans'
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __podmirror_add_completions -W "$(__podmirror_custom_complete ---completion repo export -- positional@0 "${COMP_CWORD}" "$(__podmirror_cursor_index_in_current_word)")"
        return
        ;;
    2)
        __podmirror_add_completions -f
        return
        ;;
    esac
}

_podmirror_repo_import() {
    repeating_flags=()
    non_repeating_flags=(--json --dry-run --check --force --verbose -v --fallback-clone --version -h --help)
    repeating_options=()
    non_repeating_options=(--lang --timeout --lock-timeout --name --origin --expect)
    __podmirror_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--lang')
        __podmirror_add_completions -W 'en'$'\n''zh-Hans'
        return
        ;;
    '--timeout')
        return
        ;;
    '--lock-timeout')
        return
        ;;
    '--name')
        return
        ;;
    '--origin')
        return
        ;;
    '--expect')
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __podmirror_add_completions -f
        return
        ;;
    esac
}

_podmirror_repo_verify() {
    repeating_flags=()
    non_repeating_flags=(--json --dry-run --check --force --verbose -v --deep --version -h --help)
    repeating_options=()
    non_repeating_options=(--lang --expect)
    __podmirror_offer_flags_options -1

    # Offer option value completions
    case "${prev}" in
    '--lang')
        __podmirror_add_completions -W 'en'$'\n''zh-Hans'
        return
        ;;
    '--expect')
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    *)
        __podmirror_add_completions -W "$(__podmirror_custom_complete ---completion repo verify -- positional@0 "${COMP_CWORD}" "$(__podmirror_cursor_index_in_current_word)")"
        return
        ;;
    esac
}

_podmirror_podfile() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __podmirror_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    show|source|platform|inhibit-warnings|build-setting|deployment-target)
        # Offer subcommand argument completions
        "_podmirror_podfile_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'show source platform inhibit-warnings build-setting deployment-target' -- "${cur}"))
        ;;
    esac
}

_podmirror_podfile_show() {
    repeating_flags=()
    non_repeating_flags=(--json --dry-run --check --force --verbose -v --version -h --help)
    repeating_options=()
    non_repeating_options=(--lang --podfile)
    __podmirror_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--lang')
        __podmirror_add_completions -W 'en'$'\n''zh-Hans'
        return
        ;;
    '--podfile')
        __podmirror_add_completions -f
        return
        ;;
    esac
}

_podmirror_podfile_source() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __podmirror_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    use|add|remove|set)
        # Offer subcommand argument completions
        "_podmirror_podfile_source_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'use add remove set' -- "${cur}"))
        ;;
    esac
}

_podmirror_podfile_source_use() {
    repeating_flags=()
    non_repeating_flags=(--json --dry-run --check --force --verbose -v --version -h --help)
    repeating_options=()
    non_repeating_options=(--lang --podfile)
    __podmirror_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--lang')
        __podmirror_add_completions -W 'en'$'\n''zh-Hans'
        return
        ;;
    '--podfile')
        __podmirror_add_completions -f
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __podmirror_add_completions -W 'trunk'$'\n''github'$'\n''tuna'$'\n''bfsu'$'\n''nju'$'\n''nyist'
        return
        ;;
    esac
}

_podmirror_podfile_source_add() {
    repeating_flags=()
    non_repeating_flags=(--json --dry-run --check --force --verbose -v --first --version -h --help)
    repeating_options=()
    non_repeating_options=(--lang --podfile)
    __podmirror_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--lang')
        __podmirror_add_completions -W 'en'$'\n''zh-Hans'
        return
        ;;
    '--podfile')
        __podmirror_add_completions -f
        return
        ;;
    esac
}

_podmirror_podfile_source_remove() {
    repeating_flags=()
    non_repeating_flags=(--json --dry-run --check --force --verbose -v --version -h --help)
    repeating_options=()
    non_repeating_options=(--lang --podfile)
    __podmirror_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--lang')
        __podmirror_add_completions -W 'en'$'\n''zh-Hans'
        return
        ;;
    '--podfile')
        __podmirror_add_completions -f
        return
        ;;
    esac
}

_podmirror_podfile_source_set() {
    repeating_flags=()
    non_repeating_flags=(--json --dry-run --check --force --verbose -v --version -h --help)
    repeating_options=()
    non_repeating_options=(--lang --podfile)
    __podmirror_offer_flags_options -1

    # Offer option value completions
    case "${prev}" in
    '--lang')
        __podmirror_add_completions -W 'en'$'\n''zh-Hans'
        return
        ;;
    '--podfile')
        __podmirror_add_completions -f
        return
        ;;
    esac
}

_podmirror_podfile_platform() {
    repeating_flags=()
    non_repeating_flags=(--json --dry-run --check --force --verbose -v --version -h --help)
    repeating_options=()
    non_repeating_options=(--lang --podfile --target)
    __podmirror_offer_flags_options 2

    # Offer option value completions
    case "${prev}" in
    '--lang')
        __podmirror_add_completions -W 'en'$'\n''zh-Hans'
        return
        ;;
    '--podfile')
        __podmirror_add_completions -f
        return
        ;;
    '--target')
        return
        ;;
    esac
}

_podmirror_podfile_inhibit-warnings() {
    repeating_flags=()
    non_repeating_flags=(--json --dry-run --check --force --verbose -v --version -h --help)
    repeating_options=()
    non_repeating_options=(--lang --podfile)
    __podmirror_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--lang')
        __podmirror_add_completions -W 'en'$'\n''zh-Hans'
        return
        ;;
    '--podfile')
        __podmirror_add_completions -f
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __podmirror_add_completions -W 'on'$'\n''off'
        return
        ;;
    esac
}

_podmirror_podfile_build-setting() {
    repeating_flags=()
    non_repeating_flags=(--json --dry-run --check --force --verbose -v --version -h --help)
    repeating_options=()
    non_repeating_options=(--lang --podfile --unset --configuration --pod)
    __podmirror_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--lang')
        __podmirror_add_completions -W 'en'$'\n''zh-Hans'
        return
        ;;
    '--podfile')
        __podmirror_add_completions -f
        return
        ;;
    '--unset')
        return
        ;;
    '--configuration')
        return
        ;;
    '--pod')
        return
        ;;
    esac
}

_podmirror_podfile_deployment-target() {
    repeating_flags=()
    non_repeating_flags=(--json --dry-run --check --force --verbose -v --version -h --help)
    repeating_options=()
    non_repeating_options=(--lang --podfile)
    __podmirror_offer_flags_options 2

    # Offer option value completions
    case "${prev}" in
    '--lang')
        __podmirror_add_completions -W 'en'$'\n''zh-Hans'
        return
        ;;
    '--podfile')
        __podmirror_add_completions -f
        return
        ;;
    esac
}

_podmirror_init() {
    repeating_flags=()
    non_repeating_flags=(--json --dry-run --check --force --verbose -v --version -h --help)
    repeating_options=(--source)
    non_repeating_options=(--lang --template --platform --mirror)
    __podmirror_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--lang')
        __podmirror_add_completions -W 'en'$'\n''zh-Hans'
        return
        ;;
    '--template')
        return
        ;;
    '--platform')
        return
        ;;
    '--mirror')
        __podmirror_add_completions -W 'trunk'$'\n''github'$'\n''tuna'$'\n''bfsu'$'\n''nju'$'\n''nyist'
        return
        ;;
    '--source')
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __podmirror_add_completions -d
        return
        ;;
    esac
}

_podmirror_deintegrate() {
    repeating_flags=()
    non_repeating_flags=(--json --dry-run --check --force --verbose -v --remove-pods --version -h --help)
    repeating_options=()
    non_repeating_options=(--lang)
    __podmirror_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--lang')
        __podmirror_add_completions -W 'en'$'\n''zh-Hans'
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __podmirror_add_completions -d
        return
        ;;
    esac
}

_podmirror_reinstall() {
    repeating_flags=()
    non_repeating_flags=(--json --dry-run --check --force --verbose -v --repo-update --no-fetch --version -h --help)
    repeating_options=()
    non_repeating_options=(--lang)
    __podmirror_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--lang')
        __podmirror_add_completions -W 'en'$'\n''zh-Hans'
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __podmirror_add_completions -d
        return
        ;;
    esac
}

_podmirror_gems() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __podmirror_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    source)
        # Offer subcommand argument completions
        "_podmirror_gems_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'source' -- "${cur}"))
        ;;
    esac
}

_podmirror_gems_source() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __podmirror_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    list|use|reset)
        # Offer subcommand argument completions
        "_podmirror_gems_source_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'list use reset' -- "${cur}"))
        ;;
    esac
}

_podmirror_gems_source_list() {
    repeating_flags=()
    non_repeating_flags=(--json --dry-run --check --force --verbose -v --version -h --help)
    repeating_options=()
    non_repeating_options=(--lang)
    __podmirror_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--lang')
        __podmirror_add_completions -W 'en'$'\n''zh-Hans'
        return
        ;;
    esac
}

_podmirror_gems_source_use() {
    repeating_flags=()
    non_repeating_flags=(--json --dry-run --check --force --verbose -v --bundler --version -h --help)
    repeating_options=()
    non_repeating_options=(--lang)
    __podmirror_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--lang')
        __podmirror_add_completions -W 'en'$'\n''zh-Hans'
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __podmirror_add_completions -W 'rubygems'$'\n''ruby-china'$'\n''ustc'$'\n''tuna'
        return
        ;;
    esac
}

_podmirror_gems_source_reset() {
    repeating_flags=()
    non_repeating_flags=(--json --dry-run --check --force --verbose -v --bundler --version -h --help)
    repeating_options=()
    non_repeating_options=(--lang)
    __podmirror_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--lang')
        __podmirror_add_completions -W 'en'$'\n''zh-Hans'
        return
        ;;
    esac
}

_podmirror_gitconfig() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __podmirror_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    insteadof)
        # Offer subcommand argument completions
        "_podmirror_gitconfig_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'insteadof' -- "${cur}"))
        ;;
    esac
}

_podmirror_gitconfig_insteadof() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __podmirror_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    list|use|add|remove|reset)
        # Offer subcommand argument completions
        "_podmirror_gitconfig_insteadof_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'list use add remove reset' -- "${cur}"))
        ;;
    esac
}

_podmirror_gitconfig_insteadof_list() {
    repeating_flags=()
    non_repeating_flags=(--json --dry-run --check --force --verbose -v --version -h --help)
    repeating_options=()
    non_repeating_options=(--lang)
    __podmirror_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--lang')
        __podmirror_add_completions -W 'en'$'\n''zh-Hans'
        return
        ;;
    esac
}

_podmirror_gitconfig_insteadof_use() {
    repeating_flags=()
    non_repeating_flags=(--json --dry-run --check --force --verbose -v --version -h --help)
    repeating_options=()
    non_repeating_options=(--lang)
    __podmirror_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--lang')
        __podmirror_add_completions -W 'en'$'\n''zh-Hans'
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __podmirror_add_completions -W 'trunk'$'\n''github'$'\n''tuna'$'\n''bfsu'$'\n''nju'$'\n''nyist'
        return
        ;;
    esac
}

_podmirror_gitconfig_insteadof_add() {
    repeating_flags=()
    non_repeating_flags=(--json --dry-run --check --force --verbose -v --version -h --help)
    repeating_options=()
    non_repeating_options=(--lang)
    __podmirror_offer_flags_options 2

    # Offer option value completions
    case "${prev}" in
    '--lang')
        __podmirror_add_completions -W 'en'$'\n''zh-Hans'
        return
        ;;
    esac
}

_podmirror_gitconfig_insteadof_remove() {
    repeating_flags=()
    non_repeating_flags=(--json --dry-run --check --force --verbose -v --version -h --help)
    repeating_options=()
    non_repeating_options=(--lang)
    __podmirror_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--lang')
        __podmirror_add_completions -W 'en'$'\n''zh-Hans'
        return
        ;;
    esac
}

_podmirror_gitconfig_insteadof_reset() {
    repeating_flags=()
    non_repeating_flags=(--json --dry-run --check --force --verbose -v --version -h --help)
    repeating_options=()
    non_repeating_options=(--lang)
    __podmirror_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--lang')
        __podmirror_add_completions -W 'en'$'\n''zh-Hans'
        return
        ;;
    esac
}

_podmirror_pods() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __podmirror_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    fetch|list)
        # Offer subcommand argument completions
        "_podmirror_pods_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'fetch list' -- "${cur}"))
        ;;
    esac
}

_podmirror_pods_fetch() {
    repeating_flags=()
    non_repeating_flags=(--json --dry-run --check --force --verbose -v --strict-checksums --version -h --help)
    repeating_options=(--only)
    non_repeating_options=(--lang --project --lockfile --cocoapods-version --timeout --lock-timeout --jobs)
    __podmirror_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--lang')
        __podmirror_add_completions -W 'en'$'\n''zh-Hans'
        return
        ;;
    '--project')
        __podmirror_add_completions -d
        return
        ;;
    '--lockfile')
        __podmirror_add_completions -f
        return
        ;;
    '--only')
        return
        ;;
    '--cocoapods-version')
        return
        ;;
    '--timeout')
        return
        ;;
    '--lock-timeout')
        return
        ;;
    '--jobs')
        return
        ;;
    esac
}

_podmirror_pods_list() {
    repeating_flags=()
    non_repeating_flags=(--json --dry-run --check --force --verbose -v --strict-checksums --version -h --help)
    repeating_options=(--only)
    non_repeating_options=(--lang --project --lockfile --cocoapods-version --timeout --lock-timeout)
    __podmirror_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--lang')
        __podmirror_add_completions -W 'en'$'\n''zh-Hans'
        return
        ;;
    '--project')
        __podmirror_add_completions -d
        return
        ;;
    '--lockfile')
        __podmirror_add_completions -f
        return
        ;;
    '--only')
        return
        ;;
    '--cocoapods-version')
        return
        ;;
    '--timeout')
        return
        ;;
    '--lock-timeout')
        return
        ;;
    esac
}

_podmirror_swiftpm() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __podmirror_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    use|show)
        # Offer subcommand argument completions
        "_podmirror_swiftpm_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'use show' -- "${cur}"))
        ;;
    esac
}

_podmirror_swiftpm_use() {
    repeating_flags=()
    non_repeating_flags=(--json --dry-run --check --force --verbose -v --user --version -h --help)
    repeating_options=(--source-mirror)
    non_repeating_options=(--lang)
    __podmirror_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--lang')
        __podmirror_add_completions -W 'en'$'\n''zh-Hans'
        return
        ;;
    '--source-mirror')
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __podmirror_add_completions -d
        return
        ;;
    esac
}

_podmirror_swiftpm_show() {
    repeating_flags=()
    non_repeating_flags=(--json --dry-run --check --force --verbose -v --version -h --help)
    repeating_options=()
    non_repeating_options=(--lang)
    __podmirror_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--lang')
        __podmirror_add_completions -W 'en'$'\n''zh-Hans'
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __podmirror_add_completions -d
        return
        ;;
    esac
}

_podmirror_help() {
    repeating_flags=()
    non_repeating_flags=(--version)
    repeating_options=()
    non_repeating_options=()
    __podmirror_offer_flags_options -1
}

complete -o filenames -F _podmirror podmirror
