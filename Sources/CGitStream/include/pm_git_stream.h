#ifndef PODMIRROR_PM_GIT_STREAM_H
#define PODMIRROR_PM_GIT_STREAM_H

#include "pm_atomic.h"

/* libgit2 1.5.1 has no server timeout: this socket stream, registered as libgit2's standard stream (its TLS
   streams wrap it too), waits for the network in short poll() slices and fails a read, write or connect once
   the calling thread's stall limit passes or its cancellation flag is set. */

/* Registers the stream with libgit2 (after git_libgit2_init); 0 on success. */
int pm_git_stream_register(void);

/* Sets the calling thread's limits for the transfers it runs until pm_git_stream_end: seconds without
   progress on one socket operation (<= 0: none) and a flag that cancels when non-zero (may be NULL). */
void pm_git_stream_begin(double stall_seconds, pm_atomic_int *cancel);

/* Clears the calling thread's limits. */
void pm_git_stream_end(void);

/* 1 when a socket operation of the calling thread hit the stall limit since pm_git_stream_begin. */
int pm_git_stream_timed_out(void);

#endif
