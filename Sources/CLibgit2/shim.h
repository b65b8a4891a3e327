#ifndef PODMIRROR_CLIBGIT2_SHIM_H
#define PODMIRROR_CLIBGIT2_SHIM_H
#include <git2.h>

/* Every difference between the libgit2 versions podmirror supports (1.5 to 1.9) lives in this file.
   1.8 renamed LIBGIT2_VER_* to LIBGIT2_VERSION_* (the old names stay only as deprecated aliases). */
#if defined(LIBGIT2_VERSION_MAJOR)
#define PM_LIBGIT2_AT_LEAST(major, minor) \
    (LIBGIT2_VERSION_MAJOR > (major) || (LIBGIT2_VERSION_MAJOR == (major) && LIBGIT2_VERSION_MINOR >= (minor)))
#else
#define PM_LIBGIT2_AT_LEAST(major, minor) \
    (LIBGIT2_VER_MAJOR > (major) || (LIBGIT2_VER_MAJOR == (major) && LIBGIT2_VER_MINOR >= (minor)))
#endif

/* 1.8 moved git_error_set_str and git_error_set_oom (used by a custom stream) to the sys headers. */
#if PM_LIBGIT2_AT_LEAST(1, 8)
#include <git2/sys/errors.h>
#endif

/* libgit2's last error on this thread, or NULL when there is none: up to 1.7 git_error_last() returns NULL then;
   from 1.8 on it returns a static entry of class GIT_ERROR_NONE whose message is "no error". */
static inline const git_error *pm_error_last(void) {
    const git_error *e = git_error_last();
    return (e == NULL || e->klass == GIT_ERROR_NONE) ? NULL : e;
}

/* git_libgit2_opts is variadic; Swift cannot call it directly. */
static inline int pm_git_opts_int(int opt, int value) { return git_libgit2_opts(opt, value); }
static inline int pm_git_opts_size(int opt, size_t value) { return git_libgit2_opts(opt, value); }
static inline int pm_git_opts_ssize(int opt, ssize_t value) { return git_libgit2_opts(opt, value); }

/* Shallow fetch (git_fetch_options.depth) exists from libgit2 1.7 on. */
#if PM_LIBGIT2_AT_LEAST(1, 7)
#define PM_HAS_SHALLOW 1
static inline void pm_fetch_opts_set_depth(git_fetch_options *o, int depth) { o->depth = depth; }
#else
#define PM_HAS_SHALLOW 0
static inline void pm_fetch_opts_set_depth(git_fetch_options *o, int depth) { (void)o; (void)depth; }
#endif
/* Shallow needs both: headers that have the field (compile time) and a library that reads it (run time). */
static inline int pm_has_shallow(void) {
    int major = 0, minor = 0, rev = 0;
    git_libgit2_version(&major, &minor, &rev);
    return PM_HAS_SHALLOW && (major > 1 || (major == 1 && minor >= 7));
}
/* libgit2 1.7 and 1.8 lose a shallow repository's own boundary in a fetch that brings a pack: the .git/shallow
   written at its end holds only the roots the server sent (none without a depth), so git then finds the parents of
   the old roots missing. 1.9 keeps them (libgit2 PR #6846: the roots' count was not copied into the transport). */
static inline int pm_fetch_drops_shallow_roots(void) {
    int major = 0, minor = 0, rev = 0;
    git_libgit2_version(&major, &minor, &rev);
    return pm_has_shallow() && major == 1 && minor < 9;
}

#endif
