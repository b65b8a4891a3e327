#include "pm_build_commit.h"

// SwiftPM has no build settings with values for Swift code; a C define given on the command line does.
// The value is a bare token sequence (hex digits, `-dirty`), made a string here.
#define PM_STRING(x) #x
#define PM_EXPAND(x) PM_STRING(x)

const char *pm_build_commit(void) {
#ifdef PODMIRROR_BUILD_COMMIT
    return PM_EXPAND(PODMIRROR_BUILD_COMMIT);
#else
    return 0;
#endif
}
