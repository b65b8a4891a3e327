#ifndef PM_BUILD_COMMIT_H
#define PM_BUILD_COMMIT_H

/// The commit the binary was built from, as scripts/build-release.sh passes it
/// (`-Xcc -DPODMIRROR_BUILD_COMMIT=<sha>[-dirty]`); NULL in a development build.
const char *pm_build_commit(void);

#endif
