#ifndef PODMIRROR_CLIBGIT2_SHIM_H
#define PODMIRROR_CLIBGIT2_SHIM_H
#include <git2.h>

/* git_libgit2_opts is variadic; Swift cannot call it directly. */
static inline int pm_git_opts_int(int opt, int value) { return git_libgit2_opts(opt, value); }
static inline int pm_git_opts_size(int opt, size_t value) { return git_libgit2_opts(opt, value); }
static inline int pm_git_opts_ssize(int opt, ssize_t value) { return git_libgit2_opts(opt, value); }

/* Shallow fetch (git_fetch_options.depth) exists from libgit2 1.7 on. Decided at compile time. */
#if (LIBGIT2_VER_MAJOR > 1) || (LIBGIT2_VER_MAJOR == 1 && LIBGIT2_VER_MINOR >= 7)
#define PM_HAS_SHALLOW 1
static inline void pm_fetch_opts_set_depth(git_fetch_options *o, int depth) { o->depth = depth; }
#else
#define PM_HAS_SHALLOW 0
static inline void pm_fetch_opts_set_depth(git_fetch_options *o, int depth) { (void)o; (void)depth; }
#endif
static inline int pm_has_shallow(void) { return PM_HAS_SHALLOW; }
static inline const char *pm_libgit2_version(void) { return LIBGIT2_VERSION; }

#endif
