#ifndef PODMIRROR_PM_GIT_STREAM_H
#define PODMIRROR_PM_GIT_STREAM_H

#include "pm_atomic.h"

/* libgit2 1.5.1 has no server timeout: this socket stream, registered as libgit2's standard stream (its TLS
   streams wrap it too), waits for the network in short poll() slices and fails a read, write or connect once
   the calling thread's stall limit passes or its cancellation flag is set. */

/* Registers the stream with libgit2 (after git_libgit2_init); 0 on success. */
int pm_git_stream_register(void);

/* The limits of the transfers one thread runs between pm_git_stream_begin and pm_git_stream_end. */
typedef struct pm_git_stream_scope pm_git_stream_scope;

/* Sets the calling thread's limits until pm_git_stream_end: seconds without progress on one socket
   operation (<= 0: none) and a flag that cancels when non-zero (may be NULL). NULL when out of memory. */
pm_git_stream_scope *pm_git_stream_begin(double stall_seconds, pm_atomic_int *cancel);

/* Clears the calling thread's limits and frees `scope`. */
void pm_git_stream_end(pm_git_stream_scope *scope);

/* 1 when a socket of the scope hit the stall limit (or was aborted as stalled). */
int pm_git_stream_timed_out(pm_git_stream_scope *scope);

/* From any thread: shuts down the scope's sockets that libgit2 never read or wrote through the stream
   (its ssh transport hands the descriptor to libssh2, which does its own I/O). Returns how many. When
   `stalled` and at least one was shut down, the scope counts as timed out. */
int pm_git_stream_abort_raw(pm_git_stream_scope *scope, int stalled);

/* Sets a minimum transfer rate on `scope` (curl's --speed-limit/--speed-time): once `seconds` have passed,
   fewer than `bytes_per_second` bytes a second read and written through the scope's sockets over the last
   `seconds` fail the operation. bytes_per_second <= 0: none. Call on the thread that began the scope. */
void pm_git_stream_set_min_rate(pm_git_stream_scope *scope, long bytes_per_second, double seconds);

/* 1 when the scope's transfer went slower than its minimum rate. */
int pm_git_stream_too_slow(pm_git_stream_scope *scope);

#endif
