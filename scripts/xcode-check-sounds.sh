#!/bin/sh
# Xcode Run Script build phase: check the notification sounds in the app Xcode just built.
#
# In your target's Build Phases, add a "Run Script" phase after "Copy Bundle Resources" containing:
#
#     "${SRCROOT}/scripts/xcode-check-sounds.sh"
#
# (or paste this file's body). Findings appear in Xcode's issue navigator as errors and warnings, and an error
# fails the build. Xcode sets TARGET_BUILD_DIR and WRAPPER_NAME; set SOUNDKIT to the soundkit binary if it is not
# on PATH, and SOUNDKIT_CHECK_FLAGS for options (e.g. --strict or --name-policy). With "User Script Sandboxing" on,
# add "$(TARGET_BUILD_DIR)/$(WRAPPER_NAME)" to the phase's Input Files.
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
bundle="${TARGET_BUILD_DIR:?run this from an Xcode build phase}/${WRAPPER_NAME:?run this from an Xcode build phase}"
# shellcheck disable=SC2086 # flags are words on purpose
exec "$soundkit" check ${SOUNDKIT_CHECK_FLAGS:-} "$bundle"
