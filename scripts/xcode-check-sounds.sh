#!/bin/sh
# Xcode Run Script build phase: check the notification sounds in the app Xcode just built.
#
# In your target's Build Phases, add a "Run Script" phase after "Copy Bundle Resources" containing:
#
#     "${SRCROOT}/scripts/xcode-check-sounds.sh"
#
# (or paste this file's body). Findings appear in Xcode's issue navigator as errors and warnings, and an error
# fails the build. A finding on a file that Xcode copied into the bundle from the project (same name and bytes,
# found under SRCROOT) names the project's file, so clicking the issue opens it. Xcode sets TARGET_BUILD_DIR,
# WRAPPER_NAME and SRCROOT; set SOUNDKIT to the soundkit binary if it is not on PATH, and SOUNDKIT_CHECK_FLAGS for
# options (e.g. --strict or --name-policy). The checkout (git's root above SRCROOT, else SRCROOT) is checked too,
# for the sound names its code passes: a name that will not play is an error at its line (SOUNDKIT_CHECK_SOURCES=0
# turns that off). Give the phase the input file "$(TARGET_BUILD_DIR)/$(WRAPPER_NAME)" and an output file such as
# "$(DERIVED_FILE_DIR)/soundkit-check.stamp": the script touches its first output file (SCRIPT_OUTPUT_FILE_0) when
# the check passes, so Xcode runs the phase only when the bundle changed, and User Script Sandboxing lets it read the
# bundle (with sandboxing on, reading the checkout needs the phase's sandboxing off or its files as inputs).
set -eu
soundkit="${SOUNDKIT:-}"
[ -n "$soundkit" ] || soundkit=$(command -v soundkit 2>/dev/null || true)
for candidate in /opt/homebrew/bin/soundkit /usr/local/bin/soundkit; do
    [ -n "$soundkit" ] || { [ -x "$candidate" ] && soundkit="$candidate"; }
done
if [ -z "$soundkit" ]; then
    echo "warning: soundkit is not installed; notification sounds were not checked (set SOUNDKIT to its path)"
    exit 0
fi
build="${TARGET_BUILD_DIR:?run this from an Xcode build phase}"
bundle="$build/${WRAPPER_NAME:?run this from an Xcode build phase}"
srcroot="${SRCROOT:-}"

# The project's file that Xcode copied to $1: the first file under SRCROOT with the same name and the same bytes,
# outside the build folder; nothing when there is none.
source_of() {
    [ -n "$srcroot" ] && [ -d "$srcroot" ] || return 0
    name=$(basename "$1")
    pattern=$(printf '%s' "$name" | sed 's/[][*?\\]/\\&/g')
    find "$srcroot" \( -name DerivedData -o -name .build -o -name .git -o -name '*.xcodeproj' \) -prune \
        -o -type f -name "$pattern" -print 2>/dev/null | while IFS= read -r candidate; do
        case "$candidate" in "$build"/*) continue ;; esac
        if cmp -s "$candidate" "$1"; then
            printf '%s\n' "$candidate"
            break
        fi
    done
}

# Each finding is `PATH: SEVERITY: MESSAGE [rule]`; a PATH inside the bundle becomes the project's file when Xcode
# copied it from there.
status=0
# shellcheck disable=SC2086 # flags are words on purpose
findings=$("$soundkit" check ${SOUNDKIT_CHECK_FLAGS:-} "$bundle") || status=$?
[ -z "$findings" ] || printf '%s\n' "$findings" | while IFS= read -r line; do
    case "$line" in
    "$bundle"/*)
        file=""
        for severity in error warning note; do
            case "$line" in
            *": $severity: "*)
                candidate=${line%%": $severity: "*}
                if [ -z "$file" ] || [ "${#candidate}" -lt "${#file}" ]; then file=$candidate; fi
                ;;
            esac
        done
        source=""
        [ -z "$file" ] || [ ! -f "$file" ] || source=$(source_of "$file")
        if [ -n "$source" ]; then line="$source${line#"$file"}"; fi
        ;;
    esac
    printf '%s\n' "$line"
done

# The names the code passes to the notification APIs, resolved in the checkout (its git root, or SRCROOT): a name
# that will not play is reported at the line that names it (`File.swift:12:40: error: …`), which Xcode opens. Only
# those lines are kept: the bundle's own sounds were judged above. SOUNDKIT_CHECK_SOURCES=0 turns this off.
if [ -n "$srcroot" ] && [ -d "$srcroot" ] && [ "${SOUNDKIT_CHECK_SOURCES:-1}" != 0 ]; then
    checkout=$(git -C "$srcroot" rev-parse --show-toplevel 2>/dev/null || printf '%s' "$srcroot")
    named=$(cd "$checkout" && "$soundkit" check --no-loudness --format text . 2>/dev/null) || true
    sites=$(printf '%s\n' "$named" | grep -E '^[^:]+:[0-9]+:[0-9]+: (error|warning): ' || true)
    if [ -n "$sites" ]; then
        printf '%s\n' "$sites" | while IFS= read -r line; do printf '%s/%s\n' "$checkout" "$line"; done
        if printf '%s\n' "$sites" | grep -qE '^[^:]+:[0-9]+:[0-9]+: error: '; then status=1; fi
    fi
fi
if [ "$status" -eq 0 ] && [ -n "${SCRIPT_OUTPUT_FILE_0:-}" ]; then touch "$SCRIPT_OUTPUT_FILE_0"; fi
exit "$status"
