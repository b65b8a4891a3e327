#ifndef PODMIRROR_CLIBGIT2_SHIM_H
#define PODMIRROR_CLIBGIT2_SHIM_H
#include <errno.h>
#include <git2.h>
#include <git2/sys/odb_backend.h>
#include <stdlib.h>
#include <string.h>

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

/* glibc keeps memory libgit2 freed (the pack indexer's, hundreds of MB for a large Specs repo) unless asked. */
#if defined(__GLIBC__)
#include <malloc.h>
static inline void pm_release_freed_memory(void) { malloc_trim(0); }
#else
static inline void pm_release_freed_memory(void) {}
#endif

/* Drops from this process's resident memory the pages of the read-only mappings of pack files (libgit2's pack
   windows). libgit2 1.5 keeps a whole pack mapped while it resolves a fetch's deltas, whatever the mapped limit
   says, and every page read counts as the process's own. The pages stay in the page cache: a later read maps
   them again, with the same bytes. Writable mappings are left alone. */
#if defined(__linux__)
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
static inline void pm_drop_pack_pages(void) {
    FILE *maps = fopen("/proc/self/maps", "re");
    if (maps == NULL) return;
    char line[4352];
    while (fgets(line, sizeof line, maps) != NULL) {
        unsigned long start, end;
        char perms[5] = {0};
        int path = 0;
        if (sscanf(line, "%lx-%lx %4s %*s %*s %*s %n", &start, &end, perms, &path) < 3 || path == 0) continue;
        if (perms[1] == 'w' || strstr(line + path, "/objects/pack/") == NULL) continue;
        madvise((void *)start, end - start, MADV_DONTNEED);
    }
    fclose(maps);
}
#else
static inline void pm_drop_pack_pages(void) {}
#endif

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

/* A full disk while libgit2 writes a pack's index: its indexer (1.5 to 1.9 alike) ignores the failed writes and
   returns -1 from the next checked one with no error set, and git_clone's clean-up then overwrites errno, so the
   caller could only say "libgit2 error -1". pm_name_refused_pack_writes(repo) puts a backend before the
   repository's own that only writes packs: it wraps the pack backend's writer and, when a write fails that way,
   sets the system's reason (strerror: "No space left on device") while errno still holds it. Reads are left to
   the repository's backends (this one has no read callbacks); the new pack is found by their refresh on a miss. */
typedef struct {
    git_odb_writepack parent;
    git_odb_writepack *inner;
} pm_writepack;

typedef struct {
    git_odb_backend parent;
    git_odb_backend *packs;
} pm_pack_writer;

/* rc, after naming a write the disk refused when libgit2 named nothing (errno cleared before the call). */
static inline int pm_named_refusal(int rc) {
    int saved = errno;
    if (rc < 0 && pm_error_last() == NULL
        && (saved == ENOSPC || saved == EDQUOT || saved == EFBIG || saved == EROFS || saved == EIO))
        git_error_set_str(GIT_ERROR_OS, strerror(saved));
    return rc;
}

static inline int pm_writepack_append(git_odb_writepack *w, const void *data, size_t size, git_indexer_progress *s) {
    git_odb_writepack *inner = ((pm_writepack *)w)->inner;
    errno = 0;
    return pm_named_refusal(inner->append(inner, data, size, s));
}

static inline int pm_writepack_commit(git_odb_writepack *w, git_indexer_progress *s) {
    git_odb_writepack *inner = ((pm_writepack *)w)->inner;
    errno = 0;
    return pm_named_refusal(inner->commit(inner, s));
}

static inline void pm_writepack_free(git_odb_writepack *w) {
    git_odb_writepack *inner = ((pm_writepack *)w)->inner;
    inner->free(inner);
    free(w);
}

static inline int pm_pack_writer_writepack(
    git_odb_writepack **out, git_odb_backend *b, git_odb *odb, git_indexer_progress_cb cb, void *payload) {
    git_odb_backend *packs = ((pm_pack_writer *)b)->packs;
    git_odb_writepack *inner = NULL;
    int rc = packs->writepack(&inner, packs, odb, cb, payload);
    if (rc < 0) return rc;
    pm_writepack *w = (pm_writepack *)calloc(1, sizeof(pm_writepack));
    if (w == NULL) {
        inner->free(inner);
        git_error_set_str(GIT_ERROR_NOMEMORY, "out of memory");
        return -1;
    }
    w->parent.backend = b;
    w->parent.append = pm_writepack_append;
    w->parent.commit = pm_writepack_commit;
    w->parent.free = pm_writepack_free;
    w->inner = inner;
    *out = &w->parent;
    return 0;
}

static inline void pm_pack_writer_free(git_odb_backend *b) {
    git_odb_backend *packs = ((pm_pack_writer *)b)->packs;
    packs->free(packs);
    free(b);
}

static inline int pm_name_refused_pack_writes(git_repository *repo) {
    git_odb *odb = NULL;
    git_odb_backend *packs = NULL;
    int rc = git_repository_odb(&odb, repo);
    if (rc < 0) return rc;
    const char *common = git_repository_commondir(repo);
    size_t n = strlen(common);
    char *objects = (char *)malloc(n + sizeof("objects"));
    pm_pack_writer *w = (pm_pack_writer *)calloc(1, sizeof(pm_pack_writer));
    if (objects == NULL || w == NULL) {
        free(objects);
        free(w);
        git_odb_free(odb);
        git_error_set_str(GIT_ERROR_NOMEMORY, "out of memory");
        return -1;
    }
    memcpy(objects, common, n);
    memcpy(objects + n, "objects", sizeof("objects"));
    rc = git_odb_backend_pack(&packs, objects);
    free(objects);
    if (rc == 0) rc = git_odb_init_backend(&w->parent, GIT_ODB_BACKEND_VERSION);
    if (rc == 0) {
        w->packs = packs;
        w->parent.writepack = pm_pack_writer_writepack;
        w->parent.free = pm_pack_writer_free;
        rc = git_odb_add_backend(odb, &w->parent, 1000);
        if (rc < 0) pm_pack_writer_free(&w->parent);
    } else {
        if (packs != NULL) packs->free(packs);
        free(w);
    }
    git_odb_free(odb);
    return rc;
}

#endif
